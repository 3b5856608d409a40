import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANALYSIS_CHART_REQUESTS,
  MAX_CHART_IMAGE_BYTES,
  type AnalysisChartId,
  type DownloadTask,
  type Patent,
} from '@patlas/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus, buildCnPatent } from '../../../test/factories.js';
import { CHART_TITLES, DIMENSION_LABELS, SERIES_LABELS } from '@patlas/charts';

/** Battery patents of two applicants over several years, three of them citing others of the set. */
const extra: Patent[] = Array.from({ length: 12 }, (_, i) =>
  buildCnPatent({
    publicationNumber: `CN2200000${String(i).padStart(2, '0')}A`,
    applicationNumber: `CN2021100000${String(i).padStart(2, '0')}.1`,
    title: { lang: 'zh', text: `一种电池热管理装置 ${i}` },
    applicants: [{ name: i % 3 ? '宁德时代新能源科技股份有限公司' : '比亚迪股份有限公司', type: 'company' }],
    applicationDate: `20${15 + (i % 5)}-03-0${1 + (i % 8)}`,
    publicationDate: `20${16 + (i % 5)}-06-0${1 + (i % 8)}`,
    ...(i < 3
      ? {
          citations: [
            { number: 'CN110000001A', country: 'CN', category: 'cited by examiner', date: '20180910' },
            { number: 'US4000000', country: 'US', kind: 'A', applicant: 'Old Battery Co.' },
            { number: '', text: 'Smith, Battery cooling, J. Power Sources 2010' },
          ],
        }
      : {}),
  }),
);

const SET = { searchExpre: 'TI=电池' };

/** A real PNG of the given size, as ECharts' getDataURL answers it. */
async function pngDataUrl(width = 320, height = 200): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe.each(await reachableDialects())('analysis and citation export on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;

  const call = (url: string, payload: unknown, who: AuthHeader = owner, lang = 'zh') =>
    injectJson(t, 'POST', `/api/product${url}`, payload, who, lang);
  const okData = async (url: string, payload: unknown, who: AuthHeader = owner, lang = 'zh') => {
    const res = await call(url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const fails = async (url: string, payload: unknown, code: string, lang = 'zh') => {
    const res = await call(url, payload, owner, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return res.json() as { message: string };
  };
  const taskOf = async (id: string): Promise<DownloadTask> => {
    const list = (await okData('/download/list', { pageSize: 100 })) as { items: DownloadTask[] };
    return list.items.find((item) => item.id === id)!;
  };
  /** Runs the queued export jobs, then downloads the task's file. */
  const finished = async (task: DownloadTask) => {
    await t.context.jobs.worker.runDueJobs();
    const done = await taskOf(task.id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/download/file/${task.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(res.statusCode).toBe(200);
    return { task: done, file: res.rawPayload };
  };
  /** What the analysis page's chart answers for `id`. */
  const analysed = async (id: AnalysisChartId) => {
    const request = ANALYSIS_CHART_REQUESTS[id];
    if (request.kind !== 'analyze') throw new Error(`${id} is no aggregation`);
    return okData('/search/analyze', { ...SET, analysis: request.analysis });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await indexPatents(t, [...buildBatteryCorpus(), ...extra]);
    owner = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /export/depthAnalysisInfo', () => {
    it('writes an xlsx of the search and a sheet per chart: the analysis endpoint’s numbers and the image', async () => {
      const image = await pngDataUrl();
      const body = {
        set: SET,
        charts: [{ id: 'applicantRank', image }, { id: 'applicationTrend', image }, { id: 'threeRates' }],
        format: 'xlsx',
        filename: '电池分析',
        title: 'TI=电池',
      };
      const { task } = await okData('/export/depthAnalysisInfo', body);
      expect(task).toMatchObject({ state: 'waiting', format: 'xlsx', filename: '电池分析.xlsx', total: 3 });
      const { task: done, file } = await finished(task);
      expect(done).toMatchObject({ done: 3, total: 3 });

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual([
        '检索信息',
        CHART_TITLES.applicantRank.zh,
        CHART_TITLES.applicationTrend.zh,
        CHART_TITLES.threeRates.zh,
      ]);
      const cover = workbook.worksheets[0]!;
      const coverText = cover.getSheetValues().flat().map(String).join('|');
      expect(coverText).toContain('TI=电池');
      const ranking = await analysed('applicantRank');
      expect(coverText).toContain(`专利总数|${ranking.total}`);

      // Rows after the header are the buckets, with the same counts as /search/analyze.
      const tableOf = (sheet: ExcelJS.Worksheet) => {
        const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
        const header = rows.findIndex(
          (r) =>
            r[0] === DIMENSION_LABELS.applicant.zh || r[0] === DIMENSION_LABELS.applicationYear.zh || r[0] === '指标',
        );
        return { header: rows[header]!, body: rows.slice(header + 1) };
      };
      const applicants = tableOf(workbook.getWorksheet(CHART_TITLES.applicantRank.zh)!);
      expect(applicants.header).toEqual([DIMENSION_LABELS.applicant.zh, SERIES_LABELS.patents.zh]);
      expect(applicants.body).toEqual(
        ranking.result.buckets.map((b: { key: string; count: number }) => [b.key, b.count]),
      );
      expect(applicants.body.length).toBeGreaterThan(1);
      const trend = await analysed('applicationTrend');
      expect(tableOf(workbook.getWorksheet(CHART_TITLES.applicationTrend.zh)!).body).toEqual(
        trend.result.points.map((p: { key: string; count: number }) => [p.key, p.count]),
      );
      const rates = await analysed('threeRates');
      const ratesTable = tableOf(workbook.getWorksheet(CHART_TITLES.threeRates.zh)!);
      expect(ratesTable.body[0]).toEqual(['发明申请', rates.result.applications]);

      // Each drawn chart carries its picture; the table-only one none.
      expect(workbook.getWorksheet(CHART_TITLES.applicantRank.zh)!.getImages()).toHaveLength(1);
      expect(workbook.getWorksheet(CHART_TITLES.threeRates.zh)!.getImages()).toHaveLength(0);
      const zip = await JSZip.loadAsync(file);
      expect(Object.keys(zip.files).filter((name) => name.startsWith('xl/media/')).length).toBeGreaterThanOrEqual(1);

      // Recorded as an export of three charts (operation history, the quota).
      const operations = await okData('/operatehistory/list', { recordType: 3 });
      expect(operations.items).toContainEqual(
        expect.objectContaining({ recordType: 3, resultTotal: '3', title: expect.stringContaining('分析图表 3 张') }),
      );
      expect((await okData('/user/limit', {})).export.used).toBeGreaterThanOrEqual(3);
    });

    it('writes a Word report in English: title, the search, each chart’s heading, image and table', async () => {
      const { task } = await okData(
        '/export/depthAnalysisInfo',
        {
          set: SET,
          charts: [{ id: 'patentType', image: await pngDataUrl(400, 300) }, { id: 'mostCitedPatents' }],
          format: 'docx',
        },
        owner,
        'en',
      );
      const { file } = await finished(task);
      const zip = await JSZip.loadAsync(file);
      const xml = await zip.file('word/document.xml')!.async('string');
      const text = xml.replace(/<[^>]+>/g, ' ');
      expect(text).toContain('Patent analysis');
      expect(text).toContain('TI=电池');
      expect(text).toContain(CHART_TITLES.patentType.en);
      expect(text).toContain(CHART_TITLES.mostCitedPatents.en);
      expect(text).toContain(DIMENSION_LABELS.patentType.en);
      const types = await analysed('patentType');
      for (const bucket of types.result.buckets as { key: string; count: number }[]) {
        expect(text).toContain(String(bucket.count));
      }
      expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/'))).toHaveLength(1);
    });

    it('refuses unknown and repeated charts, images that are no PNG or too large, and an empty set', async () => {
      const unknown = await fails(
        '/export/depthAnalysisInfo',
        { set: SET, charts: [{ id: 'pieOfEverything' }], format: 'xlsx' },
        'EXPORT_CHART_UNKNOWN',
      );
      expect(unknown.message).toBe('分析图表不存在：pieOfEverything');
      const twice = await fails(
        '/export/depthAnalysisInfo',
        { set: SET, charts: [{ id: 'expiry' }, { id: 'expiry' }], format: 'xlsx' },
        'EXPORT_CHART_TWICE',
        'en',
      );
      expect(twice.message).toBe('The chart "Expiry by year" is listed twice');
      const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer();
      await fails(
        '/export/depthAnalysisInfo',
        {
          set: SET,
          charts: [{ id: 'expiry', image: `data:image/png;base64,${jpeg.toString('base64')}` }],
          format: 'xlsx',
        },
        'EXPORT_IMAGE_INVALID',
      );
      const huge = `data:image/png;base64,${Buffer.alloc(MAX_CHART_IMAGE_BYTES + 1, 7).toString('base64')}`;
      const tooLarge = await fails(
        '/export/depthAnalysisInfo',
        { set: SET, charts: [{ id: 'applicantRank', image: huge }], format: 'docx' },
        'EXPORT_IMAGE_TOO_LARGE',
      );
      expect(tooLarge.message).toContain('申请人排名');
      expect(tooLarge.message).toContain('2 MB');
      const nothing = await fails(
        '/export/depthAnalysisInfo',
        { set: { searchExpre: 'TI=不存在的发明名称' }, charts: [{ id: 'applicantRank' }], format: 'xlsx' },
        'EXPORT_NOTHING',
      );
      expect(nothing.message).toBe('没有可导出的专利');
      await fails('/export/depthAnalysisInfo', { set: SET, charts: [], format: 'xlsx' }, 'VALIDATION_FAILED');
      await fails(
        '/export/depthAnalysisInfo',
        { set: SET, charts: [{ id: 'expiry' }], format: 'pdf' },
        'VALIDATION_FAILED',
      );
    });
  });

  describe('POST /export/adduceInfo', () => {
    const citing = extra.slice(0, 3).map((p) => p.publicationNumber);

    it('answers a csv of one row per citation in both directions, with the held documents described', async () => {
      const res = await call('/export/adduceInfo', {
        target: { kind: 'patents', publicationNumbers: [...citing, 'CN110000001A'] },
        format: 'csv',
        filename: 'citations',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const rows = parse(res.rawPayload.toString('utf8').replace(/^\ufeff/, ''), { columns: true }) as Record<
        string,
        string
      >[];
      // Each citing patent: three backward rows; CN110000001A: three forward rows found in the corpus.
      expect(rows).toHaveLength(12);
      const first = rows.filter((r) => r['公开(公告)号'] === citing[0]);
      expect(first.map((r) => [r['引证方向'], r['引证/被引证文献号']])).toEqual([
        ['引用', 'CN110000001A'],
        ['引用', 'US4000000A'],
        ['引用', ''],
      ]);
      expect(first[0]).toMatchObject({
        标题: '一种电池热管理装置 0',
        文献标题: '一种锂电池正极材料及其制备方法',
        '文献申请人/专利权人': '宁德时代新能源科技股份有限公司',
        文献日期: '2018-09-10',
        引证类别: '审查员引证',
      });
      expect(first[1]).toMatchObject({ '文献申请人/专利权人': 'Old Battery Co.', 文献标题: '' });
      expect(first[2]!['文献信息']).toBe('Smith, Battery cooling, J. Power Sources 2010');
      const cited = rows.filter((r) => r['公开(公告)号'] === 'CN110000001A');
      expect(cited.map((r) => r['引证方向'])).toEqual(['被引用', '被引用', '被引用']);
      expect(cited.map((r) => r['引证/被引证文献号']).sort()).toEqual([...citing].sort());
      expect(cited[0]!['文献标题']).toMatch(/^一种电池热管理装置 \d$/);
    });

    it('writes an xlsx of a result set’s citations in English', async () => {
      const res = await call(
        '/export/adduceInfo',
        { target: { kind: 'results', query: SET, rows: { mode: 'first', count: 100 } }, format: 'xlsx' },
        owner,
        'en',
      );
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('Citations');
      const values = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1).map((v) => v ?? ''));
      expect(values[0]).toEqual([
        'Publication number',
        'Title',
        'Direction',
        'Cited or citing document',
        'Document title',
        'Document applicant / patentee',
        'Document date',
        'Category',
        'Details',
      ]);
      const body = values.slice(1);
      expect(body.filter((r) => r[2] === 'Cites')).toHaveLength(9);
      expect(body.filter((r) => r[2] === 'Cited by' && r[0] === 'CN110000001A')).toHaveLength(3);
      expect(body.find((r) => r[3] === 'CN110000001A')![7]).toBe('Cited by examiner');
    });

    it('refuses nothing to export and formats other than xlsx and csv; keeps the dialog’s last fields', async () => {
      const before = (await okData('/download/fields', {})).selected;
      await fails(
        '/export/adduceInfo',
        { target: { kind: 'patents', publicationNumbers: ['CN999999999A'] }, format: 'csv' },
        'EXPORT_NOTHING',
      );
      await fails(
        '/export/adduceInfo',
        { target: { kind: 'patents', publicationNumbers: citing }, format: 'docx' },
        'VALIDATION_FAILED',
      );
      expect((await okData('/download/fields', {})).selected).toEqual(before);
    });
  });

  it('keeps its zh and en words as the web app’s analysis namespace has them', async () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/i18n');
    for (const [lang, folder] of [
      ['zh', 'zh-CN'],
      ['en', 'en-US'],
    ] as const) {
      const words = JSON.parse(await readFile(path.join(web, folder, 'analysis.json'), 'utf8'));
      for (const [id, labels] of Object.entries(CHART_TITLES)) expect(labels[lang]).toBe(words.charts[id]);
      for (const [id, labels] of Object.entries(DIMENSION_LABELS)) expect(labels[lang]).toBe(words.dimensions[id]);
      for (const [id, labels] of Object.entries(SERIES_LABELS)) expect(labels[lang]).toBe(words.series[id]);
    }
  });
});
