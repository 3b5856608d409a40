import type { ClusteringResponse, WordCloudResponse } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { ReportSectionBuilder, type SectionSource } from './report-sections.js';
import { planTableBreaks, TABLE_MIN_ROWS_TOGETHER } from './report-writers.js';

/** Issue 43: a report's key-term table and the way its tables run across pages. */
describe('report key terms and table layout', () => {
  const source = (words: { word: string; weight: number; count: number }[]): SectionSource => ({
    analyze: () => Promise.reject(new Error('not asked')),
    wordCloud: () =>
      Promise.resolve({
        total: 50,
        sampled: false,
        sampleSize: 50,
        corpusSize: 1000,
        words: words.map((w) => ({ ...w, corpusCount: w.count * 3, expression: `TIAB=(${w.word})` })),
      } as unknown as WordCloudResponse),
    clusters: () => Promise.resolve({ clusters: [] } as unknown as ClusteringResponse),
    patents: () => Promise.reject(new Error('not asked')),
  });

  it('heads the key-term table with what ranks it (TF-IDF) and shows the weight beside the patents', async () => {
    // Ranked by weight: the second term is in more patents than the first.
    const words = [
      { word: '虚拟现实', weight: 42.5, count: 12 },
      { word: '头戴显示', weight: 30.25, count: 20 },
    ];
    const zh = await new ReportSectionBuilder(source(words), 'zh').build('terms');
    const table = zh.tables[0]!;
    expect(table.title).toContain('按 TF-IDF 权重排序');
    expect(table.columns).toEqual(['关键词', 'TF-IDF 权重 ↓', '专利数量']);
    expect(table.rows).toEqual([
      ['虚拟现实', 42.5, 12],
      ['头戴显示', 30.25, 20],
    ]);
    const en = await new ReportSectionBuilder(source(words), 'en').build('terms');
    expect(en.tables[0]!.title).toContain('ranked by TF-IDF weight');
    expect(en.tables[0]!.columns[1]).toBe('TF-IDF weight ↓');
  });

  const page = { header: 20, title: 0, pageSpace: 700 };

  it('starts a table on a new page unless its header and first rows fit', () => {
    // Room for the header and 2 rows of 20: not enough to start there.
    expect(planTableBreaks(Array(10).fill(20), { ...page, space: 70 }).newPage).toBe(true);
    expect(planTableBreaks(Array(10).fill(20), { ...page, space: 90 })).toEqual({ newPage: false, breaks: [3] });
  });

  it('never leaves 1–2 rows of a table alone on its last page', () => {
    // 36 rows of 20 after a header of 20 on a page of 700: 34 fit, 2 would be left over.
    const plain = planTableBreaks(Array(36).fill(20), { ...page, space: 700 });
    expect(plain.breaks).toEqual([36 - TABLE_MIN_ROWS_TOGETHER]);
    // Three rows over: the natural break stays.
    expect(planTableBreaks(Array(37).fill(20), { ...page, space: 700 }).breaks).toEqual([34]);
    // A long table: full pages, then a last page of at least 3 rows.
    const long = planTableBreaks(Array(69).fill(20), { ...page, space: 700 });
    expect(long.breaks).toEqual([34, 66]);
    for (const [i, b] of long.breaks.entries()) {
      const next = long.breaks[i + 1] ?? 69;
      expect(next - b).toBeGreaterThanOrEqual(TABLE_MIN_ROWS_TOGETHER);
    }
  });
});
