import { describe, expect, it } from 'vitest';
import { parseExpression, type QueryNode } from '@patlas/query';
import { createSqliteEngine } from '../backends/sqlite/sqlite-engine.js';
import type { IndexablePatent } from '../backends/sqlite/index-tokens.js';
import { clusterDocuments, defaultClusterCount } from './clustering.js';
import { layoutLandscape, PEAK_RADIUS } from './landscape.js';
import { sampleIndexes } from '../linear-algebra/random.js';
import { documentTerms, extractTerms } from './terms.js';
import { analyseClusters, analyseLandscape, analyseWordCloud, dropFragments } from './text-mining.js';

/** Three topics, in Chinese and English, with varied wording so that clusters are not trivial. */
const BATTERY_ZH = [
  '一种锂电池正极材料及其制备方法，正极材料包括磷酸铁锂和导电剂，提高电池容量。',
  '锂电池电解液添加剂，电解液包括锂盐和溶剂，改善电池循环寿命。',
  '一种电池隔膜及锂电池，隔膜涂覆陶瓷层，提高锂电池安全性。',
  '锂电池负极材料，负极材料为硅碳复合材料，提高电池能量密度。',
  '一种电池管理系统，检测锂电池电压和温度，保护电池组。',
  '动力电池模组散热结构，电池组之间设置散热片和导热胶。',
];
const GEAR_ZH = [
  '一种齿轮箱传动结构，齿轮箱包括输入轴、输出轴和行星齿轮。',
  '减速器齿轮润滑装置，齿轮箱内设置润滑油泵和油路。',
  '一种齿轮加工机床，齿轮滚刀主轴和工件主轴同步转动。',
  '行星齿轮减速器，齿圈与行星架配合，传动比大。',
  '齿轮箱轴承座结构，输出轴轴承润滑良好，齿轮啮合平稳。',
];
const BATTERY_EN = [
  'Lithium battery cathode material with high capacity and long battery life.',
  'Battery electrolyte additive for lithium batteries improving cycle life.',
  'Battery separator coated with ceramic layer for lithium battery safety.',
  'Battery pack thermal management with cooling plates between battery cells.',
];
const ANTIBODY_EN = [
  'Antibody binding a tumor antigen for cancer therapy, pharmaceutical composition thereof.',
  'Humanized antibody against tumor necrosis factor for treating inflammation.',
  'Bispecific antibody targeting tumor cells, antibody fragments and therapy.',
  'Antibody drug conjugate for cancer treatment with a cytotoxic payload.',
];

function patents(): IndexablePatent[] {
  const texts: [string, string, 'zh' | 'en'][] = [
    ...BATTERY_ZH.map((t) => ['CN', t, 'zh'] as [string, string, 'zh']),
    ...GEAR_ZH.map((t) => ['CN', t, 'zh'] as [string, string, 'zh']),
    ...BATTERY_EN.map((t) => ['US', t, 'en'] as [string, string, 'en']),
    ...ANTIBODY_EN.map((t) => ['US', t, 'en'] as [string, string, 'en']),
  ];
  return texts.map(([country, text, lang], i) => ({
    publicationNumber: country === 'CN' ? `CN${300000000 + i}A` : `US${2020000000 + i}A1`,
    country,
    patentType: 'invention_application',
    publicationDate: `20${10 + (i % 10)}-01-01`,
    title: { lang, text: text.split(/[，,]/)[0] as string },
    abstract: { lang, text },
  }));
}

const parse = (expression: string): QueryNode => {
  const r = parseExpression(expression);
  if (!r.ok) throw new Error(expression);
  return r.ast;
};

describe('key terms', () => {
  it('cuts Chinese with jieba, stems English, drops boilerplate', () => {
    const zh = extractTerms('一种锂电池正极材料及其制备方法').map((t) => t.key);
    expect(zh).toContain('锂电池');
    expect(zh).not.toContain('一种');
    expect(zh).not.toContain('方法');
    const en = extractTerms('Batteries and a battery comprising electrodes');
    expect(en.map((t) => t.key)).toEqual(['batteri', 'batteri', 'electrod']);
    expect(en[0]?.form).toBe('batteries');
    expect(documentTerms('battery battery cell').counts.get('batteri')).toBe(2);
  });

  it('drops the stop words of issue 43 in both languages (基于, 设备, disclosure)', () => {
    const zh = extractTerms('一种基于深度学习的设备故障诊断方法，基于振动信号训练模型').map((t) => t.form);
    expect(zh).not.toContain('基于');
    expect(zh).not.toContain('设备');
    expect(zh).toContain('振动');
    const en = extractTerms('The present disclosure relates to an antibody. This disclosure describes antibodies.');
    expect(en.map((t) => t.form)).not.toContain('disclosure');
    expect(en.map((t) => t.form)).toContain('antibody');
  });

  it('drops a fragment of a longer kept term counted in nearly as many documents, and keeps a wider one', () => {
    const words = [
      { word: '虚拟现实', count: 40 },
      { word: '现实', count: 42 },
      { word: '锂电池', count: 10 },
      { word: '电池', count: 30 },
      { word: 'cell', count: 9 },
      { word: 'battery cell', count: 9 },
      { word: 'cel', count: 9 },
      { word: '合并词', count: 5, members: ['现实'] },
    ];
    expect(dropFragments(words).map((w) => w.word)).toEqual([
      '虚拟现实',
      '锂电池',
      '电池',
      'battery cell',
      'cel',
      '合并词',
    ]);
  });

  it('samples uniformly and reproducibly', () => {
    const a = sampleIndexes(1000, 10, 7);
    expect(Array.from(a)).toEqual(Array.from(sampleIndexes(1000, 10, 7)));
    expect(Array.from(a)).not.toEqual(Array.from(sampleIndexes(1000, 10, 8)));
    expect(new Set(a).size).toBe(10);
    // Every index about equally likely: 2000 draws of 100 of 1000 hit each decile ~200 times.
    const deciles = new Array<number>(10).fill(0);
    for (let s = 1; s <= 20; s++) for (const i of sampleIndexes(1000, 100, s)) deciles[Math.floor(i / 100)]!++;
    for (const c of deciles) expect(c).toBeGreaterThan(140);
  });
});

describe('clustering', () => {
  const docs = [...BATTERY_ZH, ...GEAR_ZH, ...BATTERY_EN, ...ANTIBODY_EN].map((t) => documentTerms(t));

  it('separates the topics and labels them with their own terms, deterministically', () => {
    const result = clusterDocuments(docs, { k: 4, seed: 3 });
    expect(result.clusters).toHaveLength(4);
    const labelOfDoc = (i: number) => result.clusters.find((c) => c.members.includes(i))?.label ?? '';
    // Every document of a topic lands in one cluster, and no other topic shares it.
    const topics = [
      [0, 6],
      [6, 11],
      [11, 15],
      [15, 19],
    ];
    const clusterOf = (i: number) => result.clusters.findIndex((c) => c.members.includes(i));
    for (const [from, to] of topics) {
      const ids = new Set(Array.from({ length: to! - from! }, (_, j) => clusterOf(from! + j)));
      expect(ids.size).toBe(1);
    }
    expect(new Set(topics.map(([from]) => clusterOf(from!))).size).toBe(4);
    expect(labelOfDoc(0)).toMatch(/电池/);
    expect(labelOfDoc(6)).toMatch(/齿轮/);
    expect(labelOfDoc(11)).toMatch(/batter/);
    expect(labelOfDoc(15)).toMatch(/antibod|tumor/);
    expect(clusterDocuments(docs, { k: 4, seed: 3 })).toEqual(result);
  });

  it('picks a sensible k', () => {
    expect(defaultClusterCount(10)).toBe(2);
    expect(defaultClusterCount(200)).toBe(8);
    expect(defaultClusterCount(100_000)).toBe(8);
  });
});

describe('landscape', () => {
  it('puts topics in separate regions with labelled density peaks', () => {
    const docs = [...BATTERY_ZH, ...GEAR_ZH, ...BATTERY_EN, ...ANTIBODY_EN].map((t) => documentTerms(t));
    const map = layoutLandscape(docs, { seed: 1, gridSize: 32 });
    expect(map.grid.values).toHaveLength(32 * 32);
    for (let i = 0; i < docs.length; i++) {
      expect(map.x[i]).toBeGreaterThanOrEqual(0);
      expect(map.x[i]).toBeLessThanOrEqual(100);
    }
    const centre = (from: number, to: number) => {
      let x = 0;
      let y = 0;
      for (let i = from; i < to; i++) {
        x += map.x[i]!;
        y += map.y[i]!;
      }
      return [x / (to - from), y / (to - from)] as const;
    };
    const gears = centre(6, 11);
    const antibodies = centre(15, 19);
    expect(Math.hypot(gears[0] - antibodies[0], gears[1] - antibodies[1])).toBeGreaterThan(PEAK_RADIUS);
    expect(map.peaks.length).toBeGreaterThanOrEqual(2);
    expect(map.peaks.every((p) => p.count > 0 && p.label.length > 0)).toBe(true);
    const labels = map.peaks.map((p) => p.label).join(' | ');
    expect(labels).toMatch(/齿轮|antibod|电池|batter/);
    expect(layoutLandscape(docs, { seed: 1, gridSize: 32 })).toEqual(map);
  });
});

describe('text mining over the engine', () => {
  it('word cloud counts are the search counts, and the set terms rank first', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(patents());
    const set = parse('TIAB=(电池 OR battery)');
    const cloud = await analyseWordCloud(engine, set, {}, { limit: 20 });
    expect(cloud.total).toBe(10);
    expect(cloud.sampled).toBe(false);
    expect(cloud.corpusSize).toBe(19);
    const words = cloud.words.map((w) => w.word);
    expect(words.slice(0, 8).some((w) => /电池|batter/.test(w))).toBe(true);
    expect(words).not.toContain('齿轮');
    for (const w of cloud.words) {
      const both: QueryNode = { kind: 'And', children: [set, parse(w.expression)], span: { start: 0, end: 0 } };
      expect(await engine.count(both)).toBe(w.count);
      expect(await engine.count(parse(w.expression))).toBe(w.corpusCount);
    }
    // No term is a fragment of a longer listed one found in nearly the same documents (issue 43).
    for (const short of cloud.words) {
      const longer = cloud.words.find((w) => w.word.length > short.word.length && w.word.includes(short.word));
      if (longer && /^[\u4e00-\u9fff]+$/.test(short.word)) expect(longer.count).toBeLessThan(short.count * 0.9);
    }
    // Sampling: 4 of 10 documents read, the flag set, counts still exact.
    const sampled = await analyseWordCloud(engine, set, {}, { limit: 5, sampleSize: 4 });
    expect(sampled).toMatchObject({ total: 10, sampled: true, sampleSize: 4 });
    await engine.close();
  });

  it('clusters and maps a result set, refusing sets over the analysis limit', async () => {
    const engine = createSqliteEngine({ file: ':memory:', maxAnalysisTotal: 12 });
    await engine.index(patents());
    const clusters = await analyseClusters(engine, parse('CC=CN'), {}, { k: 2 });
    expect(clusters.total).toBe(11);
    expect(clusters.k).toBe(2);
    expect(clusters.clusters.map((c) => c.label).join(' ')).toMatch(/齿轮/);
    expect(clusters.clusters.reduce((s, c) => s + c.members.length, 0) + clusters.unassigned).toBe(11);
    await expect(analyseLandscape(engine, parse('CC=CN OR CC=US'), {})).rejects.toMatchObject({
      code: 'ANALYSIS_TOO_MANY',
    });
    const map = await analyseLandscape(engine, parse('CC=US'), {});
    expect(map.points).toHaveLength(8);
    await engine.close();
  });
});

describe('engine calls for text mining (texts, countEach)', () => {
  it('countEach answers count(set AND condition) under filters, scope and merge, and whole-index counts', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    // Two family pairs (CN + US) so that merge 2 folds something.
    const docs = patents().map((p, i) =>
      i < 2 || (i >= 11 && i < 13) ? { ...p, family: { simpleFamilyId: `F${i % 11}`, simple: [] as string[] } } : p,
    );
    await engine.index(docs);
    const set = parse('TIAB=(电池 OR battery OR 齿轮)');
    const conditions = ['TIAB=(锂电池)', 'TIAB=(battery)', 'TIAB=(齿轮)', 'TIAB=(antibody)'].map(parse);
    for (const options of [
      {},
      { merge: 2 as const },
      { scope: 'cn' as const },
      { filters: [{ field: 'country' as const, values: ['US'] }] },
    ]) {
      const counts = await engine.countEach(set, conditions, options);
      for (const [i, condition] of conditions.entries()) {
        const both: QueryNode = { kind: 'And', children: [set, condition], span: { start: 0, end: 0 } };
        expect(counts[i]?.set).toBe(await engine.count(both, options));
        expect(counts[i]?.corpus).toBe(await engine.count(condition));
      }
    }
    const merged = await engine.texts(set, { merge: 2 }, { limit: 100 });
    expect(merged.total).toBe(await engine.count(set, { merge: 2 }));
    expect(merged.docs).toHaveLength(merged.total);
    const a = await engine.texts(set, {}, { limit: 5, seed: 9 });
    expect(a).toMatchObject({ total: 15, sampled: true });
    expect(a.docs).toHaveLength(5);
    expect(await engine.texts(set, {}, { limit: 5, seed: 9 })).toEqual(a);
    await engine.close();
  });
});
