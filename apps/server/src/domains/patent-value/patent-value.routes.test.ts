import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patent, PatentValue, SearchHitDto } from '@patlas/contracts';
import { authHeader, buildTestApp, injectJson, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { runImport } from '../patent/index.js';
import { PATENT_VALUE_RESCORE_KIND } from './patent-value.job.js';

const dialects = await reachableDialects();

const INVENTORS = ['张伟', '李娜', '王强'];

/**
 * 40 lithium-battery applications of 2019 in H01M (one cohort above the minimum size) whose
 * citations, claims, families and statuses grow with their number, so CN120000039A is the best
 * of them; three of 2019 in H01G (a cohort too small: they are compared within H01·2019); one US
 * record without IPC. The inventors 张伟 and 李娜 share the patents of even number.
 */
function corpus(): Patent[] {
  const battery = Array.from({ length: 40 }, (_, i): Patent => {
    const claims = Array.from({ length: 1 + (i % 8) }, (_, c) =>
      c === 0 ? `${c + 1}. 一种锂电池正极材料，包括镍钴锰三元材料。` : `${c + 1}. 根据权利要求1所述的正极材料。`,
    ).join('');
    return {
      publicationNumber: `CN1200000${String(i).padStart(2, '0')}A`,
      country: 'CN',
      kind: 'A',
      patentType: 'invention_application',
      title: { lang: 'zh', text: `一种锂电池正极材料（方案${i}）` },
      applicationDate: `2019-0${1 + (i % 9)}-15`,
      publicationDate: '2020-06-30',
      classifications: {
        ipcMain: 'H01M4/525',
        ipc: ['H01M4/525', ...(i % 3 === 0 ? ['H01M10/0525', 'C01G53/00'] : [])],
      },
      applicants: [{ name: i % 4 === 0 ? '张伟' : '宁德时代新能源科技股份有限公司' }],
      inventors: (i % 2 === 0 ? INVENTORS.slice(0, 2) : INVENTORS.slice(2)).map((name) => ({ name })),
      citedByCount: i,
      citationCount: i % 5,
      claims: { lang: 'zh', text: claims },
      familyCount: 1 + Math.floor(i / 10),
      legalStatus: i < 8 ? '撤回' : '实质审查',
    };
  });
  const capacitors = [0, 1, 2].map((i): Patent => ({
    publicationNumber: `CN1300000${i}0A`,
    country: 'CN',
    title: { lang: 'zh', text: `一种超级电容器${i}` },
    applicationDate: '2019-05-01',
    classifications: { ipcMain: 'H01G11/30' },
    citedByCount: i,
  }));
  const us: Patent = {
    publicationNumber: 'US6980000B2',
    country: 'US',
    kind: 'B2',
    patentType: 'invention_grant',
    title: { lang: 'en', text: 'Lithium ion battery electrode' },
    applicationDate: '2003-04-01',
    publicationDate: '2005-12-27',
    assignees: [{ name: 'Acme Batteries Inc.' }],
  };
  return [...battery, ...capacitors, us];
}

describe.each(dialects)('patent value API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  let dir: string;
  const evaluate = async (pn: string, lang = 'zh') =>
    injectJson(t, 'POST', `/api/product/patentValue/evaluate/${encodeURIComponent(pn)}`, undefined, auth, lang);
  const search = async (searchExpre: string, sort?: { field: string; order: string }) => {
    const res = await injectJson(
      t,
      'POST',
      '/api/product/search/searchNew',
      { searchExpre, pageSize: 100, facets: [], ...(sort ? { sort } : {}) },
      auth,
    );
    expect(res.json()).toMatchObject({ status: 1 });
    return res.json().data as { total: number; items: SearchHitDto[] };
  };
  const storedScores = async () =>
    new Map(
      [...(await t.context.repositories.patentValues.findMany(corpus().map((p) => p.publicationNumber)))].map(
        ([pn, row]) => [pn, row.score],
      ),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-value-'));
    const file = path.join(dir, 'battery.jsonl');
    writeFileSync(
      file,
      corpus()
        .map((p) => JSON.stringify(p))
        .join('\n'),
    );
    await runImport(t.context, [file]);
    // The import queued the rescore of the cohorts it moved; the worker runs it.
    const outcomes = await t.context.jobs.worker.runDueJobs();
    expect(outcomes.map((o) => o.kind)).toContain(PATENT_VALUE_RESCORE_KIND);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('evaluates a patent: score, three dimensions, every indicator and its cohort', async () => {
    const res = await evaluate('CN 120000039 A');
    expect(res.statusCode).toBe(200);
    const value = res.json().data as PatentValue;
    expect(value.publicationNumber).toBe('CN120000039A');
    expect(value.cohort).toMatchObject({
      key: 'H01M·2019',
      level: 'subclassYear',
      ipc: 'H01M',
      year: '2019',
      size: 40,
    });
    expect(value.dimensions.map((d) => d.id)).toEqual(['technology', 'legal', 'market']);
    expect(value.indicators).toHaveLength(19);
    expect(value.indicators.find((x) => x.id === 'forwardCitations')).toMatchObject({
      raw: expect.any(Number),
      percentile: 98.8,
      counted: true,
      known: 40,
    });
    // No record of the cohort carries legal events: those indicators are unknown, not zero.
    expect(value.indicators.find((x) => x.id === 'litigation')).toMatchObject({ raw: null, counted: false });
    const shares = value.indicators.reduce((sum, x) => sum + x.share, 0);
    expect(shares).toBeCloseTo(1, 2);
    // The score's confidence: how many indicators counted (the rest sit at 50), issue 43 item 8.
    const counted = value.indicators.filter((x) => x.counted);
    expect(value.confidence).toMatchObject({ counted: counted.length, total: 19 });
    expect(value.confidence.level).toBe(counted.length >= 15 ? 'high' : counted.length >= 11 ? 'medium' : 'low');
    // Every indicator's points add up to the score (the panel's "points" column).
    expect(value.indicators.reduce((sum, x) => sum + (x.points ?? 0), 0)).toBeCloseTo(value.score!, 0);
    expect(value.confidence.weightShare).toBeCloseTo(
      counted.reduce((sum, x) => sum + x.share, 0),
      2,
    );
    // The best of its cohort on most counted indicators: the best score of the cohort.
    const cohortScores = [...(await storedScores())]
      .filter(([pn]) => pn.startsWith('CN1200000'))
      .map(([, s]) => s ?? 0);
    expect(value.score).toBe(Math.max(...cohortScores));
    // Above the middle by the fitted weights (value-model.json: the field level, the same for the
    // whole cohort, and indicators these records lack sit at 50).
    expect(value.score).toBeGreaterThan(60);
    // The score shown is the score indexed.
    expect((await storedScores()).get('CN120000039A')).toBe(value.score);
  });

  it('compares a patent of a small cohort within the wider one, and says which it skipped', async () => {
    const value = (await evaluate('CN130000010A')).json().data as PatentValue;
    expect(value.cohort).toMatchObject({ key: 'H01·2019', level: 'classYear', size: 43 });
    expect(value.cohort.skipped).toEqual([{ key: 'H01G·2019', level: 'subclassYear', size: 3 }]);
  });

  it('searches PV and sorts by value with the stored scores', async () => {
    const scores = await storedScores();
    // A threshold the five best scores of the corpus reach (the scores follow the fitted weights).
    const threshold = Math.floor(
      [...scores.values()].filter((s): s is number => s !== null).sort((a, b) => b - a)[4] ?? 0,
    );
    expect(threshold).toBeGreaterThan(50);
    const expected = [...scores].filter(([, s]) => s !== null && s >= threshold).map(([pn]) => pn);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(scores.size);
    const high = await search(`PV>=${threshold}`);
    expect(high.items.map((h) => h.publicationNumber).sort()).toEqual(expected.sort());

    const sorted = await search('TI=正极材料', { field: 'value', order: 'desc' });
    expect(sorted.total).toBe(40);
    const shown = sorted.items.map((h) => h.valueScore ?? -1);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(sorted.items[0]?.publicationNumber).toBe('CN120000039A');
    for (const hit of sorted.items) expect(hit.valueScore).toBe(scores.get(hit.publicationNumber));
  });

  it('refreshes a patent whose record changed, in the index too', async () => {
    const pn = 'CN120000039A';
    const before = (await storedScores()).get(pn)!;
    const record = corpus().find((p) => p.publicationNumber === pn)!;
    // The store learns it was withdrawn, without an import (another process, an edit).
    await t.context.repositories.patents.upsertMany([{ ...record, legalStatus: '撤回' }]);
    const res = await injectJson(t, 'GET', `/api/product/patentValue/refresh/${pn}`, undefined, auth);
    const value = res.json().data as PatentValue;
    expect(value.indicators.find((x) => x.id === 'legalStatus')).toMatchObject({ raw: 0 });
    expect(value.score).toBeLessThan(before);
    const hits = await search(`PN=${pn}`);
    expect(hits.items[0]?.valueScore).toBe(value.score);
  });

  it('answers inventor statistics: patents, years, co-inventors, main IPC', async () => {
    const res = await injectJson(t, 'GET', '/api/product/patentValue/inventorStat/CN120000010A', undefined, auth);
    const stats = res.json().data as { inventors: Record<string, unknown>[] };
    expect(stats.inventors.map((i) => i.name)).toEqual(['张伟', '李娜']);
    expect(stats.inventors[0]).toMatchObject({
      patentCount: 20,
      perYear: [{ year: '2019', count: 20 }],
      coInventors: [{ name: '李娜', count: 20 }],
      mainIpc: [
        { code: 'H01M', count: 20 },
        { code: 'C01G', count: 7 },
      ],
    });
    const others = stats.inventors[0]!.otherPatents as { publicationNumber: string }[];
    expect(others).toHaveLength(5);
    expect(others.map((p) => p.publicationNumber)).not.toContain('CN120000010A');
  });

  it('downloads a Word report of one patent, a PDF, and a spreadsheet of many', async () => {
    const docx = await injectJson(
      t,
      'POST',
      '/api/product/patentValue/download',
      { publicationNumbers: ['CN120000038A'], format: 'docx' },
      auth,
    );
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(decodeURIComponent(String(docx.headers['content-disposition']))).toContain('专利价值报告-CN120000038A.docx');
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('CN120000038A');
    expect(xml).toContain('被引次数（按年龄归一）');
    // The score's confidence beside it (issue 43 item 8).
    expect(xml).toMatch(/\d+\/19 项指标有数据 — 可信度[高中低]/);

    const pdf = await injectJson(
      t,
      'POST',
      '/api/product/patentValue/download',
      { publicationNumbers: ['CN120000038A'], format: 'pdf' },
      auth,
      'en',
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const numbers = ['CN120000001A', 'CN120000002A', 'US6980000B2'];
    const xlsx = await injectJson(
      t,
      'POST',
      '/api/product/patentValue/download',
      { publicationNumbers: numbers, format: 'xlsx' },
      auth,
      'en',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Publication number');
    const rows = [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value);
    expect(rows).toEqual(numbers);
    const scores = await storedScores();
    expect(sheet.getRow(2).getCell(3).value).toBe(scores.get('CN120000001A'));
  });

  it('refuses unknown numbers and oversized documents in the caller language', async () => {
    const missing = await evaluate('CN999999999A', 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 0, data: { code: 'PATENT_NOT_FOUND' } });
    expect(missing.json().message).toContain('CN999999999A');

    const numbers = Array.from({ length: 21 }, (_, i) => `CN1200000${String(i).padStart(2, '0')}A`);
    for (const [lang, words] of [
      ['zh', '最多 20 件'],
      ['en', 'at most 20 patents'],
    ] as const) {
      const res = await injectJson(
        t,
        'POST',
        '/api/product/patentValue/download',
        { publicationNumbers: numbers, format: 'docx' },
        auth,
        lang,
      );
      expect(res.json()).toMatchObject({ status: 0, data: { code: 'PATENT_VALUE_REPORT_TOO_MANY' } });
      expect(res.json().message).toContain(words);
    }
    const anonymous = await injectJson(t, 'POST', '/api/product/patentValue/evaluate/CN120000001A', undefined, null);
    expect(anonymous.statusCode).toBe(401);
  });
});
