import { DEFAULT_CHART_SIZE, DEFAULT_PALETTES, type AnalysisRequest } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

const P = '/api/product';
const PALETTE = ['#112233', '#445566', '#778899', '#aabbcc', '#ddeeff', '#123456'];
const detailOf = (colors: string[]) => colors.map((color, index) => ({ index, color }));
const REQUEST: AnalysisRequest = {
  searchExpre: 'TI=电池',
  analysis: { kind: 'terms', dimension: 'applicant', limit: 30 },
};

describe.each(dialects)('chart customisation API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let alice: AuthHeader;
  let bob: AuthHeader;
  let visitor: AuthHeader;

  const call = (method: 'POST' | 'DELETE', url: string, who: AuthHeader | null, payload?: object, lang = 'zh') =>
    t.app.inject({
      method,
      url: `${P}${url}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  /** The data of a successful answer (fails the test with the answer otherwise). */
  const data = async (method: 'POST' | 'DELETE', url: string, who: AuthHeader, payload?: object) => {
    const res = await call(method, url, who, payload);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    alice = await authHeader(t, []);
    bob = await authHeader(t, []);
    const { repositories, services } = t.context;
    const tenant = (await repositories.tenants.findByCode('default'))!;
    const tokens = await services.sessions.open({ userId: null, tenantId: tenant.id, loginType: 'ip', ip: '10.0.0.9' });
    visitor = { authorization: `Bearer ${tokens.accessToken}` };
  });
  afterAll(async () => t?.close());

  it('needs a sign-in on every route', async () => {
    for (const [method, url] of [
      ['POST', '/customizeColor/getCustomizeColor'],
      ['POST', '/analychartcustomizeconf/getInfos'],
      ['POST', '/chart/getChartInfo'],
      ['DELETE', '/chart/deleteChart/x'],
    ] as const) {
      expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
  });

  describe('colour palettes', () => {
    it('answers the default palette of the key’s chart type until one is saved', async () => {
      const [pie] = await data('POST', '/customizeColor/getCustomizeColor', alice, { item: 'pie.legal' });
      expect(pie).toMatchObject({ id: null, item: 'pie.legal', isDefault: true });
      expect(pie.colorDetail.map((row: { color: string }) => row.color)).toEqual(DEFAULT_PALETTES.pie);
      const [explicit] = await data('POST', '/customizeColor/getCustomizeColor', alice, {
        item: 'applicantRank',
        chartType: 'map',
      });
      expect(explicit.colorDetail).toHaveLength(DEFAULT_PALETTES.map.length);
      for (const palette of Object.values(DEFAULT_PALETTES)) {
        expect(palette.length).toBeGreaterThanOrEqual(5);
        expect(palette.length).toBeLessThanOrEqual(10);
      }
    });

    it('saves, updates, lists and deletes a palette, back to the default', async () => {
      const saved = await data('POST', '/customizeColor/setUpCustomizeColor', alice, {
        item: 'bar.applicantRank',
        colorDetail: detailOf(PALETTE),
      });
      expect(saved).toMatchObject({ item: 'bar.applicantRank', isDefault: false, colorDetail: detailOf(PALETTE) });
      // Saving again replaces the palette under the same id.
      const reversed = [...PALETTE].reverse();
      const again = await data('POST', '/customizeColor/setUpCustomizeColor', alice, {
        item: 'bar.applicantRank',
        colorDetail: detailOf(reversed).reverse(),
      });
      expect(again.id).toBe(saved.id);
      const [one] = await data('POST', '/customizeColor/getCustomizeColor', alice, { item: 'bar.applicantRank' });
      expect(one.colorDetail).toEqual(detailOf(reversed));

      const all = await data('POST', '/customizeColor/getCustomizeColor', alice, {});
      expect(all.map((c: { item: string }) => c.item)).toEqual(expect.arrayContaining(['bar.applicantRank', 'line']));
      expect(all.find((c: { item: string }) => c.item === 'bar.applicantRank').isDefault).toBe(false);

      const back = await data('DELETE', `/customizeColor/delCustomizeColor/${saved.id}`, alice);
      expect(back).toMatchObject({ id: null, isDefault: true, item: 'bar.applicantRank' });
      const [after] = await data('POST', '/customizeColor/getCustomizeColor', alice, { item: 'bar.applicantRank' });
      expect(after.id).toBeNull();
      expect(after.colorDetail.map((row: { color: string }) => row.color)).toEqual(DEFAULT_PALETTES.bar);
      expect((await call('DELETE', `/customizeColor/delCustomizeColor/${saved.id}`, alice)).statusCode).toBe(404);
    });

    it('refuses palettes outside 5–10 hex colours with a message in zh and en', async () => {
      const four = { item: 'pie', colorDetail: detailOf(PALETTE.slice(0, 4)) };
      const zh = await call('POST', '/customizeColor/setUpCustomizeColor', alice, four, 'zh');
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toMatchObject({ status: 0, message: '配色方案需要 5 至 10 种颜色，当前为 4 种' });
      const en = await call('POST', '/customizeColor/setUpCustomizeColor', alice, four, 'en');
      expect(en.json().message).toBe('A palette needs 5 to 10 colours; this one has 4');
      const eleven = { item: 'pie', colorDetail: detailOf([...PALETTE, ...PALETTE].slice(0, 11)) };
      expect((await call('POST', '/customizeColor/setUpCustomizeColor', alice, eleven)).json().data.code).toBe(
        'CHART_PALETTE_SIZE',
      );

      const red = { item: 'pie', colorDetail: detailOf([...PALETTE.slice(0, 4), 'red']) };
      expect((await call('POST', '/customizeColor/setUpCustomizeColor', alice, red, 'zh')).json().message).toBe(
        '颜色值“red”不正确，应为 #1677ff 这样的十六进制颜色',
      );
      expect((await call('POST', '/customizeColor/setUpCustomizeColor', alice, red, 'en')).json().message).toBe(
        'Invalid colour "red": expected a hex colour such as #1677ff',
      );
      const gap = { item: 'pie', colorDetail: PALETTE.slice(0, 5).map((color, i) => ({ index: i * 2, color })) };
      expect((await call('POST', '/customizeColor/setUpCustomizeColor', alice, gap)).json().data.code).toBe(
        'CHART_COLOR_INDEX_INVALID',
      );
      const badKey = { item: 'bad key!', colorDetail: detailOf(PALETTE) };
      const badKeyAnswer = await call('POST', '/customizeColor/setUpCustomizeColor', alice, badKey, 'en');
      expect(badKeyAnswer.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'item' } });
    });

    it('keeps each user’s palettes to themselves', async () => {
      const saved = await data('POST', '/customizeColor/setUpCustomizeColor', alice, {
        item: 'wordCloud',
        colorDetail: detailOf(PALETTE),
      });
      const [bobs] = await data('POST', '/customizeColor/getCustomizeColor', bob, { item: 'wordCloud' });
      expect(bobs.isDefault).toBe(true);
      expect((await call('DELETE', `/customizeColor/delCustomizeColor/${saved.id}`, bob)).statusCode).toBe(404);
      const [alices] = await data('POST', '/customizeColor/getCustomizeColor', alice, { item: 'wordCloud' });
      expect(alices.id).toBe(saved.id);
    });
  });

  describe('chart sizes', () => {
    it('saves, reads and resets sizes per item', async () => {
      const [fresh] = await data('POST', '/analychartcustomizeconf/getInfos', alice, { item: 'trend' });
      expect(fresh).toMatchObject({ id: null, isDefault: true, confDetail: DEFAULT_CHART_SIZE });
      const detail = { width: 900, height: 500, fontSize: 14, legendPosition: 'right', showLabel: true };
      const saved = await data('POST', '/analychartcustomizeconf/save', alice, {
        item: 'trend',
        confName: '趋势大图',
        confDetail: detail,
      });
      expect(saved).toMatchObject({ item: 'trend', confName: '趋势大图', confDetail: detail, isDefault: false });
      expect(JSON.parse(saved.detailContent)).toEqual(detail);
      await data('POST', '/analychartcustomizeconf/save', alice, {
        item: 'pie',
        confDetail: { ...detail, width: null },
      });
      expect(await data('POST', '/analychartcustomizeconf/getInfos', alice, {})).toHaveLength(2);
      expect(await data('POST', '/analychartcustomizeconf/getInfos', bob, {})).toEqual([]);

      const reset = await data('POST', '/analychartcustomizeconf/resetConf', alice, { item: 'trend' });
      expect(reset).toEqual([
        expect.objectContaining({ item: 'trend', isDefault: true, confDetail: DEFAULT_CHART_SIZE }),
      ]);
      const left = await data('POST', '/analychartcustomizeconf/getInfos', alice, {});
      expect(left.map((c: { item: string }) => c.item)).toEqual(['pie']);
      await data('POST', '/analychartcustomizeconf/resetConf', alice, {});
      expect(await data('POST', '/analychartcustomizeconf/getInfos', alice, {})).toEqual([]);
    });

    it('refuses sizes out of range, in zh and en', async () => {
      const tooTall = { item: 'trend', confDetail: { ...DEFAULT_CHART_SIZE, height: 5000 } };
      const zh = await call('POST', '/analychartcustomizeconf/save', alice, tooTall, 'zh');
      expect(zh.json()).toMatchObject({ status: 0, data: { code: 'VALIDATION_FAILED', field: 'confDetail.height' } });
      expect(zh.json().message).toBe('参数错误：confDetail.height 不能超过 1200（长度或数值）');
      const en = await call('POST', '/analychartcustomizeconf/save', alice, tooTall, 'en');
      expect(en.json().message).toBe('Invalid parameter: confDetail.height must be at most 1200 (length or value)');
      const legend = { item: 'trend', confDetail: { ...DEFAULT_CHART_SIZE, legendPosition: 'middle' } };
      expect((await call('POST', '/analychartcustomizeconf/save', alice, legend)).statusCode).toBe(400);
    });
  });

  describe('custom charts and folders', () => {
    it('files charts in folders, renames, moves, deletes and restores them', async () => {
      const folder = await data('POST', '/chart/addClassify', alice, { name: '电池' });
      const sub = await data('POST', '/chart/addClassify', alice, { name: '正极', parentId: folder.id });
      expect(sub.parentId).toBe(folder.id);

      const chart = await data('POST', '/chart/addChart', alice, {
        name: '申请人排名',
        classifyId: sub.id,
        chartKey: 'bar.applicantRank',
        chartType: 'bar',
        request: REQUEST,
      });
      expect(chart).toMatchObject({ classifyId: sub.id, categoryCount: 30, chartType: 'bar', deletedAt: null });
      expect(chart.request).toMatchObject({ searchExpre: 'TI=电池', analysis: { dimension: 'applicant' } });
      const loose = await data('POST', '/chart/addChart', alice, {
        name: '趋势',
        chartKey: 'line.trend',
        chartType: 'line',
        categoryCount: 50,
        request: { searchExpre: 'TI=电池', analysis: { kind: 'trend' } },
      });
      expect(loose).toMatchObject({ classifyId: null, categoryCount: 50 });

      const inSub = await data('POST', '/chart/getChartInfo', alice, { classifyId: sub.id });
      expect(inSub.charts.map((c: { id: string }) => c.id)).toEqual([chart.id]);
      const all = await data('POST', '/chart/getChartInfo', alice, {});
      expect(all.classifies).toHaveLength(2);
      expect(all.charts).toHaveLength(2);

      const renamed = await data('POST', '/chart/updateChart', alice, {
        id: chart.id,
        name: '申请人 Top 50',
        categoryCount: 50,
        chartType: 'pie',
        classifyId: folder.id,
      });
      expect(renamed).toMatchObject({
        name: '申请人 Top 50',
        categoryCount: 50,
        chartType: 'pie',
        classifyId: folder.id,
      });
      await data('POST', '/chart/updateClassify', alice, { id: sub.id, name: '负极' });

      await data('DELETE', `/chart/deleteChart/${chart.id}`, alice);
      const afterDelete = await data('POST', '/chart/getChartInfo', alice, {});
      expect(afterDelete.charts.map((c: { id: string }) => c.id)).toEqual([loose.id]);
      expect(afterDelete.deleted).toEqual([expect.objectContaining({ id: chart.id, deletedAt: expect.any(String) })]);
      expect((await call('DELETE', `/chart/deleteChart/${chart.id}`, alice)).statusCode).toBe(404);

      // The folder of a deleted chart may go; the chart then restores outside any folder.
      expect((await call('DELETE', `/chart/deleteClassify/${folder.id}`, alice)).json().data.code).toBe(
        'CHART_FOLDER_NOT_EMPTY',
      );
      await data('DELETE', `/chart/deleteClassify/${sub.id}`, alice);
      await data('DELETE', `/chart/deleteClassify/${folder.id}`, alice);
      const restored = await data('POST', `/chart/restore/${chart.id}`, alice);
      expect(restored).toMatchObject({ id: chart.id, deletedAt: null, classifyId: null, name: '申请人 Top 50' });
      expect((await call('POST', `/chart/restore/${chart.id}`, alice)).statusCode).toBe(404);
      const final = await data('POST', '/chart/getChartInfo', alice, {});
      expect(final).toMatchObject({ classifies: [], deleted: [] });
      expect(final.charts).toHaveLength(2);
    });

    it('checks names, folders, nesting and category counts', async () => {
      const long = await call('POST', '/chart/addClassify', alice, { name: 'x'.repeat(101) }, 'zh');
      expect(long.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'name' } });
      expect(long.json().message).toBe('参数错误：name 不能超过 100（长度或数值）');
      const longEn = await call('POST', '/chart/addClassify', alice, { name: 'x'.repeat(101) }, 'en');
      expect(longEn.json().message).toBe('Invalid parameter: name must be at most 100 (length or value)');
      expect((await call('POST', '/chart/addClassify', alice, { name: '   ' })).statusCode).toBe(400);

      const a = await data('POST', '/chart/addClassify', alice, { name: 'A' });
      const taken = await call('POST', '/chart/addClassify', alice, { name: 'A' }, 'en');
      expect(taken.json().message).toBe('A folder named "A" already exists here');
      const b = await data('POST', '/chart/addClassify', alice, { name: 'B', parentId: a.id });
      const c = await data('POST', '/chart/addClassify', alice, { name: 'C', parentId: b.id });
      const tooDeep = await call('POST', '/chart/addClassify', alice, { name: 'D', parentId: c.id }, 'zh');
      expect(tooDeep.json().message).toBe('图表文件夹最多 3 层，且不能移入自身或其子文件夹');
      // A cycle: A under its own grandchild.
      expect((await call('POST', '/chart/updateClassify', alice, { id: a.id, parentId: c.id })).json().data.code).toBe(
        'CHART_FOLDER_TOO_DEEP',
      );

      const base = { name: 'n', chartKey: 'bar', chartType: 'bar', request: REQUEST };
      const forty = await call('POST', '/chart/addChart', alice, { ...base, categoryCount: 40 });
      expect(forty.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'categoryCount' } });
      const badType = await call('POST', '/chart/addChart', alice, { ...base, chartType: 'donut' });
      expect(badType.json().data.field).toBe('chartType');
      const badRequest = await call('POST', '/chart/addChart', alice, { ...base, request: { searchExpre: 'x' } });
      expect(badRequest.json().data.field).toMatch(/^request/);
      const noFolder = await call('POST', '/chart/addChart', alice, { ...base, classifyId: 'nope' }, 'en');
      expect(noFolder.json().message).toBe('This chart folder does not exist');
    });

    it('never shows or changes another user’s folders and charts', async () => {
      const folder = await data('POST', '/chart/addClassify', alice, { name: '私有' });
      const chart = await data('POST', '/chart/addChart', alice, {
        name: '私有图表',
        classifyId: folder.id,
        chartKey: 'pie',
        chartType: 'pie',
        request: REQUEST,
      });
      const bobs = await data('POST', '/chart/getChartInfo', bob, {});
      expect(bobs).toEqual({ classifies: [], charts: [], deleted: [] });
      expect((await call('POST', '/chart/updateChart', bob, { id: chart.id, name: 'mine' })).statusCode).toBe(404);
      expect((await call('DELETE', `/chart/deleteChart/${chart.id}`, bob)).statusCode).toBe(404);
      expect((await call('POST', `/chart/restore/${chart.id}`, bob)).statusCode).toBe(404);
      expect((await call('POST', '/chart/updateClassify', bob, { id: folder.id, name: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', `/chart/deleteClassify/${folder.id}`, bob)).statusCode).toBe(404);
      const intoAlices = await call('POST', '/chart/addChart', bob, {
        name: 'x',
        classifyId: folder.id,
        chartKey: 'pie',
        chartType: 'pie',
        request: REQUEST,
      });
      expect(intoAlices.json().data.code).toBe('CHART_FOLDER_NOT_FOUND');
      const still = await data('POST', '/chart/getChartInfo', alice, { classifyId: folder.id });
      expect(still.charts).toEqual([expect.objectContaining({ id: chart.id, name: '私有图表', deletedAt: null })]);
    });
  });

  it('gives IP-login visitors the defaults and refuses their saves (spec 1 §4)', async () => {
    const [pie] = await data('POST', '/customizeColor/getCustomizeColor', visitor, { item: 'pie' });
    expect(pie.isDefault).toBe(true);
    expect(await data('POST', '/chart/getChartInfo', visitor, {})).toEqual({ classifies: [], charts: [], deleted: [] });
    const refused = await call(
      'POST',
      '/customizeColor/setUpCustomizeColor',
      visitor,
      { item: 'pie', colorDetail: detailOf(PALETTE) },
      'en',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('CUSTOM_CONFIG_IP_VISITOR');
    for (const [url, body] of [
      ['/analychartcustomizeconf/save', { item: 'pie', confDetail: DEFAULT_CHART_SIZE }],
      ['/chart/addClassify', { name: 'x' }],
      ['/chart/addChart', { name: 'x', chartKey: 'pie', chartType: 'pie', request: REQUEST }],
    ] as const) {
      expect((await call('POST', url, visitor, body)).json().data.code).toBe('CUSTOM_CONFIG_IP_VISITOR');
    }
  });
});
