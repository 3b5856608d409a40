import { MAX_EXPRESSION_LENGTH, type Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';
import { patentListCondition } from './text-mining.service.js';

const dialects = await reachableDialects();

/** Three topics (batteries in zh and en, gearboxes in zh), varied wording; 150 patents in all. */
const BATTERY_ZH = [
  '锂电池正极材料，包括磷酸铁锂和导电剂，提高电池容量',
  '锂电池电解液添加剂，改善电池循环寿命',
  '电池隔膜涂覆陶瓷层，提高锂电池安全性',
  '锂电池负极材料为硅碳复合材料，提高电池能量密度',
  '电池管理系统检测锂电池电压和温度',
];
const GEAR_ZH = [
  '齿轮箱传动结构，包括输入轴、输出轴和行星齿轮',
  '减速器齿轮润滑装置，齿轮箱内设置润滑油泵',
  '齿轮加工机床，滚刀主轴和工件主轴同步转动',
  '行星齿轮减速器，齿圈与行星架配合',
  '齿轮箱轴承座，输出轴轴承润滑，齿轮啮合平稳',
];
const BATTERY_EN = [
  'Lithium battery cathode material with high capacity',
  'Battery electrolyte additive for lithium batteries improving cycle life',
  'Battery separator coated with a ceramic layer for lithium battery safety',
  'Battery pack thermal management with cooling plates between battery cells',
  'Anode of silicon carbon composite for a lithium battery',
];

function corpus(): Patent[] {
  const out: Patent[] = [];
  for (let i = 0; i < 150; i++) {
    const topic = i % 3;
    const texts = topic === 0 ? BATTERY_ZH : topic === 1 ? GEAR_ZH : BATTERY_EN;
    const text = texts[Math.floor(i / 3) % 5] as string;
    const year = 2010 + (i % 12);
    if (topic === 2) {
      out.push(
        buildUsPatent({
          publicationNumber: `US${2015000000 + i}A1`,
          applicationNumber: `US${14000000 + i}`,
          kind: 'A1',
          patentType: 'invention_application',
          title: { lang: 'en', text: text.split(' with ')[0] as string },
          abstract: { lang: 'en', text: `${text}. Variant ${i}.` },
          publicationDate: `${year}-06-01`,
          applicationDate: `${year - 1}-06-01`,
          assignees: [{ name: 'Acme Batteries Inc.', type: 'company' }],
        }),
      );
    } else {
      out.push(
        buildCnPatent({
          publicationNumber: `CN${110000000 + i}A`,
          applicationNumber: `CN${year}1${String(i).padStart(7, '0')}.X`,
          title: { lang: 'zh', text: text.split('，')[0] as string },
          abstract: { lang: 'zh', text: `本发明公开了一种${text}。` },
          applicants: [
            { name: topic === 0 ? '宁德时代新能源科技股份有限公司' : '南京高精传动设备制造集团', type: 'company' },
          ],
          publicationDate: `${year}-03-01`,
          applicationDate: `${year - 1}-03-01`,
          classifications: { ipc: [topic === 0 ? 'H01M4/525' : 'F16H57/04'] },
        }),
      );
    }
  }
  return out;
}

const ALL = { searchExpre: 'PD>=2000' };

describe.each(dialects)('word cloud, clustering, landscape on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (url: string, payload: unknown, lang = 'zh', header: AuthHeader | null = auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/product${url}`,
      payload: payload as object,
      headers: { 'accept-language': lang, ...(header ? { authorization: header.authorization } : {}) },
    });
  /** What the result page shows for a jump answer. */
  const resultTotal = async (jump: Record<string, unknown>) => {
    const { total: _total, elementCount: _e, truncated: _t, ...state } = jump;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { ...state, page: 1, pageSize: 10 },
      headers: { authorization: auth.authorization },
    });
    expect(res.json().status).toBe(1);
    return res.json().data.total as number;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(corpus());
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('word cloud: battery terms lead a battery set, every count is its result page total', async () => {
    const set = { searchExpre: 'TIAB=(电池 OR battery)' };
    const res = await post('/search/analyWordCloud', { ...set, limit: 30 });
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data).toMatchObject({ total: 100, sampled: false, sampleSize: 100, corpusSize: 150 });
    const words = body.data.words as { word: string; count: number; corpusCount: number; expression: string }[];
    expect(words.slice(0, 5).some((w) => /电池|batter/.test(w.word))).toBe(true);
    expect(words.map((w) => w.word)).not.toContain('齿轮');
    for (const w of words.slice(0, 6)) {
      const jump = await post('/search/analyWordCloud/analysisJump', { ...set, word: w.word });
      expect(jump.json().status).toBe(1);
      expect(jump.json().data.secondExpre).toBe(w.expression);
      expect(jump.json().data.total).toBe(w.count);
      expect(await resultTotal(jump.json().data)).toBe(w.count);
      const detail = await post('/search/analyWordCloud/detail', { ...set, word: w.word, pageSize: 5 });
      expect(detail.json().data.total).toBe(w.count);
      expect(detail.json().data.items.length).toBe(Math.min(5, w.count));
    }
    // "Search within results" of the set is kept beside the word's condition.
    const within = await post('/search/analyWordCloud/analysisJump', { ...set, secondExpre: 'CC=CN', word: '锂电池' });
    expect(within.json().data.secondExpre).toBe('(CC=CN) AND TIAB=(锂电池)');
    expect(await resultTotal(within.json().data)).toBe(within.json().data.total);
  });

  it('samples a set larger than the sample size and says so', async () => {
    const body = (await post('/search/analyWordCloud', { ...ALL, sampleSize: 100 })).json();
    expect(body.data).toMatchObject({ total: 150, sampled: true, sampleSize: 100 });
    const map = (await post('/search/analyPatentLandscape', { ...ALL, sampleSize: 100 })).json();
    expect(map.data).toMatchObject({ total: 150, sampled: true, sampleSize: 100 });
    expect(map.data.points.length + map.data.unplaced).toBe(100);
  });

  it('clusters the set into labelled topics; a cluster jump shows exactly its members', async () => {
    const res = await post('/search/analyClustering', { ...ALL, k: 3, memberLimit: 3 });
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data.k).toBe(3);
    const clusters = body.data.clusters as { id: number; label: string; size: number; members: unknown[] }[];
    expect(clusters.reduce((s, c) => s + c.size, 0) + body.data.unassigned).toBe(150);
    const labels = clusters.map((c) => c.label).join(' | ');
    expect(labels).toMatch(/齿轮/);
    expect(labels).toMatch(/电池/);
    expect(labels).toMatch(/batter|lithium/);
    expect(clusters.every((c) => c.members.length === 3)).toBe(true);
    // The same set and seed give the same clusters.
    expect((await post('/search/analyClustering', { ...ALL, k: 3, memberLimit: 3 })).json().data.clusters).toEqual(
      clusters,
    );
    const gear = clusters.find((c) => c.label.includes('齿轮'))!;
    const page = (await post('/search/analy/patentCluster', { ...ALL, k: 3, clusterId: gear.id, pageSize: 20 })).json();
    expect(page.data.total).toBe(gear.size);
    expect(page.data.items).toHaveLength(20);
    expect(page.data.items.every((p: { title: string }) => /齿轮|减速器|机床/.test(p.title))).toBe(true);
    const jump = (await post('/search/patent/clustering/analysisJump', { ...ALL, k: 3, clusterId: gear.id })).json();
    expect(jump.status).toBe(1);
    expect(jump.data).toMatchObject({ total: gear.size, elementCount: gear.size, truncated: false });
    expect(jump.data.secondExpre).toMatch(/^PN=\(/);
    expect(await resultTotal(jump.data)).toBe(gear.size);
    const missing = await post('/search/analy/patentCluster', { ...ALL, k: 3, clusterId: 9 }, 'en');
    expect(missing.json()).toMatchObject({
      status: 0,
      message: 'Cluster 9 does not exist; please run the analysis again',
    });
  });

  it('maps the set with density peaks; a region gives its summary, patents and jump', async () => {
    const res = await post('/search/analyPatentLandscape', { ...ALL, gridSize: 32 });
    const body = res.json();
    expect(body.status).toBe(1);
    const { points, grid, peaks, extent, peakRadius } = body.data;
    expect(points).toHaveLength(150);
    expect(grid.values).toHaveLength(32 * 32);
    expect(peaks.length).toBeGreaterThanOrEqual(2);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(extent);
    }
    const gearPeak = peaks.find((p: { label: string }) => p.label.includes('齿轮'));
    expect(gearPeak).toBeDefined();
    const region = { kind: 'circle', x: gearPeak.x, y: gearPeak.y, radius: peakRadius };
    const info = (await post('/search/getOtherTopInfo/PatentLandscape', { ...ALL, gridSize: 32, region })).json();
    expect(info.status).toBe(1);
    expect(info.data.count).toBe(gearPeak.count);
    expect(info.data.applicants[0].key).toBe('南京高精传动设备制造集团');
    expect(info.data.ipc[0].key).toBe('F16H');
    const detail = (await post('/search/detail/patentLandscape', { ...ALL, gridSize: 32, region, pageSize: 5 })).json();
    expect(detail.data.total).toBe(gearPeak.count);
    const jump = (await post('/search/patent/landscape/analysisJump', { ...ALL, gridSize: 32, region })).json();
    expect(jump.data.total).toBe(gearPeak.count);
    expect(await resultTotal(jump.data)).toBe(gearPeak.count);
    // A brush over the whole map holds every point.
    const everything = { kind: 'rect', xMin: 0, xMax: extent, yMin: 0, yMax: extent };
    const all = (
      await post('/search/patent/landscape/analysisJump', { ...ALL, gridSize: 32, region: everything })
    ).json();
    expect(all.data).toMatchObject({ total: 150, elementCount: 150, truncated: false });
    const none = { kind: 'circle', x: -50, y: -50, radius: 1 };
    const empty = (
      await post('/search/patent/landscape/analysisJump', { ...ALL, gridSize: 32, region: none }, 'en')
    ).json();
    expect(empty).toMatchObject({ status: 0, message: 'The selection holds no patents' });
  });

  it('refuses a bad expression with its position, and callers without search access', async () => {
    for (const url of ['/search/analyWordCloud', '/search/analyClustering', '/search/analyPatentLandscape']) {
      const bad = (await post(url, { searchExpre: 'TI=(电池' })).json();
      expect(bad.status).toBe(0);
      expect(bad.data.span).toBeDefined();
      expect((await post(url, ALL, 'zh', null)).statusCode).toBe(401);
      const other = await authHeader(t, ['/searchHistory']);
      expect((await post(url, ALL, 'zh', other)).statusCode).toBe(403);
    }
    const quick = await authHeader(t, ['/search/quick']);
    expect((await post('/search/analyWordCloud', ALL, 'zh', quick)).json().status).toBe(1);
  });
});

describe('the text-mining analysis limit', () => {
  it('refuses a set above the limit with the spec message', async () => {
    const t = await buildTestApp('sqlite', {}, { maxAnalysisTotal: 100 });
    try {
      const auth = await authHeader(t);
      const { stored } = await t.context.repositories.patents.upsertMany(corpus());
      await t.context.engine.index(stored);
      for (const url of ['/search/analyWordCloud', '/search/analyClustering', '/search/analyPatentLandscape']) {
        const ask = (lang: string, payload: object = ALL) =>
          t.app.inject({
            method: 'POST',
            url: `/api/product${url}`,
            payload,
            headers: { authorization: auth.authorization, 'accept-language': lang },
          });
        expect((await ask('en')).json()).toMatchObject({ status: 0, message: 'Analysis data cannot exceed 1 million' });
        expect((await ask('zh')).json()).toMatchObject({ status: 0, message: '分析数据不能超过100万条' });
        expect((await ask('en', { searchExpre: 'CC=CN' })).json().status).toBe(1);
      }
    } finally {
      await t.close();
    }
  });
});

describe('jumps to huge clusters and regions', () => {
  it('list the most typical members that fit in the expression limit', () => {
    const numbers = Array.from({ length: 5000 }, (_, i) => `CN${110000000 + i}A`);
    const { condition, listed } = patentListCondition(numbers, undefined);
    expect(listed).toBeLessThan(5000);
    expect(listed).toBeGreaterThan(2000);
    expect(condition.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(condition.startsWith(`PN=(${numbers[0]} OR ${numbers[1]} OR`)).toBe(true);
    const within = patentListCondition(numbers, 'CC=CN');
    expect(`(CC=CN) AND ${within.condition}`.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(patentListCondition(numbers.slice(0, 10), undefined).listed).toBe(10);
  });
});
