import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    applicationNumber: 'CN201810000001.2',
    classifications: { ipc: ['H01M4/525', 'H01M10/0525'], cpc: ['H01M4/525', 'Y02E60/10'] },
  }),
  buildCnPatent({
    publicationNumber: 'CN110000002B',
    applicationNumber: 'CN201610000002.3',
    classifications: { ipc: ['H01M10/613'], cpc: ['H01M10/613'] },
  }),
  buildCnPatent({
    publicationNumber: 'CN110000003A',
    applicationNumber: 'CN201910000003.4',
    classifications: { ipc: ['G06F16/33', 'H04L9/40'] },
  }),
  buildUsPatent({
    publicationNumber: 'US2019000001A1',
    applicationNumber: 'US16000001',
    classifications: { ipc: ['H01M4/52'], cpc: ['H01M4/52'] },
  }),
  buildUsPatent({
    publicationNumber: 'US2019000002A1',
    applicationNumber: 'US16000002',
    classifications: { ipc: ['A61K31/00'] },
  }),
];

/** What the tree should count, worked out from the records themselves: symbols at or under `code`. */
function expectedCount(scheme: 'ipc' | 'cpc', code: string): number {
  const under = (symbol: string) => {
    const [head = '', sub] = symbol.split('/');
    if (!code.includes('/')) return head.startsWith(code) && (head === code || /^[A-Z]\d*[A-Z]?$/.test(code));
    return `${head}/${sub ?? ''}`.startsWith(code);
  };
  return CORPUS.filter((p) => (p.classifications?.[scheme] ?? []).some(under)).length;
}

describe.each(dialects)('classification API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  let searcher: AuthHeader;
  const get = (url: string, lang = 'zh', headers: Record<string, string> = { authorization: auth.authorization }) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang, ...headers } });

  const search = async (scheme: string, keyword: string, lang = 'zh', limit = 30) =>
    (
      await get(
        `/api/product/classification/search?scheme=${scheme}&keyword=${encodeURIComponent(keyword)}&limit=${limit}`,
        lang,
      )
    ).json().data as { total: number; items: { code: string; title: string; count: number; depth: number }[] };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t, ['/search/ipc']);
    searcher = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('lists the IPC sections with Chinese titles and counts from the records', async () => {
    const res = await get('/api/product/classification/children?scheme=ipc');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.parent).toBeNull();
    expect(data.children.map((n: { code: string }) => n.code)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    const h = data.children.find((n: { code: string }) => n.code === 'H');
    expect(h).toMatchObject({ title: '电学', titleInLanguage: true, hasChildren: true, depth: 0 });
    for (const node of data.children) expect(node.count).toBe(expectedCount('ipc', node.code));
    expect(h.count).toBe(4);
  });

  it('walks down to main groups in English with exact counts', async () => {
    const res = await get('/api/product/classification/children?scheme=ipc&code=H01M', 'en');
    const { data } = res.json();
    expect(data.parent).toMatchObject({ code: 'H01M', count: 3 });
    expect(data.parent.title).toMatch(/chemical energy/i);
    const h01m4 = data.children.find((n: { code: string }) => n.code === 'H01M4');
    expect(h01m4).toMatchObject({ symbol: 'H01M4/00', depth: 3, count: 2, hasChildren: true });
    expect(h01m4.title).toMatch(/^Electrodes/);
    for (const node of data.children) expect(node.count).toBe(expectedCount('ipc', node.code));
    // CPC's indexing series (2000+) is not IPC.
    expect(data.children.some((n: { code: string }) => Number(n.code.slice(4)) >= 2000)).toBe(false);
  });

  it('shows the Chinese titles of the CNIPA edition for classes, subclasses and groups', async () => {
    const path = (await get('/api/product/classification/path?scheme=ipc&code=H01M4')).json().data.path;
    expect(path.map((n: { title: string }) => n.title)).toEqual([
      '电学',
      '电气元件',
      '用于直接转变化学能为电能的方法或装置，例如电池组',
      '电极',
    ]);
    expect(path.every((n: { titleInLanguage: boolean }) => n.titleInLanguage)).toBe(true);
    const { data } = (await get('/api/product/classification/children?scheme=ipc&code=H02J')).json();
    expect(data.parent.title).toContain('供电或配电的电路装置或系统');
    expect(data.children.find((n: { code: string }) => n.code === 'H02J7')).toMatchObject({
      title: '用于电池组的充电或放电或用于由电池组向负载供电的装置',
      titleInLanguage: true,
    });
    // CPC symbols that IPC shares carry the IPC's Chinese title, down to subgroups.
    const cpc = (await get('/api/product/classification/children?scheme=cpc&code=H01M4')).json().data.children;
    expect(cpc.find((n: { code: string }) => n.code === 'H01M4/02')).toMatchObject({
      title: '由活性材料组成或包括活性材料的电极',
      titleInLanguage: true,
    });
    // English stays English.
    const en = (await get('/api/product/classification/path?scheme=ipc&code=H01M4', 'en')).json().data.path;
    expect(en.at(-1).title).toMatch(/^Electrodes/);
  });

  it('browses IPC subgroups by their dot levels, zh and en', async () => {
    const zh = (await get('/api/product/classification/children?scheme=ipc&code=G06F3/00')).json().data;
    expect(zh.parent).toMatchObject({ code: 'G06F3', symbol: 'G06F3/00', hasChildren: true, titleInLanguage: true });
    const g06f301 = zh.children.find((n: { code: string }) => n.code === 'G06F3/01');
    expect(g06f301).toMatchObject({
      depth: 4,
      hasChildren: true,
      titleInLanguage: true,
      count: expectedCount('ipc', 'G06F3/01'),
    });
    expect(g06f301.title).toContain('用户和计算机之间交互');
    // One dot each: G06F3/02 (two dots) is under G06F3/01, not beside it.
    expect(zh.children.every((n: { depth: number }) => n.depth === 4)).toBe(true);
    expect(zh.children.map((n: { code: string }) => n.code)).not.toContain('G06F3/02');
    const en = (await get('/api/product/classification/children?scheme=ipc&code=G06F3/01', 'en')).json().data;
    const g06f302 = en.children.find((n: { code: string }) => n.code === 'G06F3/02');
    expect(g06f302).toMatchObject({ depth: 5, titleInLanguage: true });
    expect(g06f302.title).toMatch(/^Input arrangements using manually operated switches/);
    const path = (await get('/api/product/classification/path?scheme=ipc&code=G06F3/0346', 'en')).json().data.path;
    expect(path.map((n: { code: string }) => n.code)).toEqual([
      'G',
      'G06',
      'G06F',
      'G06F3',
      'G06F3/01',
      'G06F3/03',
      'G06F3/033',
      'G06F3/0346',
    ]);
    // A record's subgroup counts under it.
    const g06f16 = (await get('/api/product/classification/children?scheme=ipc&code=G06F16/30')).json().data;
    expect(g06f16.children.find((n: { code: string }) => n.code === 'G06F16/33')?.count).toBe(1);
  });

  it('finds IPC subgroups by symbol and by Chinese or English title words', async () => {
    const bySymbol = await search('ipc', 'G06F3/00');
    expect(bySymbol.items[0]!.code).toBe('G06F3');
    expect(bySymbol.items.map((n) => n.code)).toContain('G06F3/01');
    // A main group written as one is that group: not G06F30.
    expect(bySymbol.items.every((n) => n.code === 'G06F3' || n.code.startsWith('G06F3/'))).toBe(true);
    const vr = await search('ipc', '虚拟现实');
    const g06f111 = vr.items.find((n) => n.code === 'G06F111/18');
    expect(g06f111).toMatchObject({ depth: 4 });
    expect(g06f111!.title).toContain('虚拟现实');
    expect(vr.items.every((n) => n.title.includes('虚拟现实'))).toBe(true);
    const en = await search('ipc', 'virtual reality', 'en', 100);
    expect(en.items.map((n) => n.code)).toEqual(expect.arrayContaining(['G06F111/18', 'H04L67/131']));
    expect(en.items.find((n) => n.code === 'H04L67/131')!.title).toMatch(/virtual reality/i);
  });

  it('falls back to English where no Chinese title exists', async () => {
    // H01L (semiconductor devices) was split up into H10 before the 2026.01 edition: no Chinese title.
    const { data } = (await get('/api/product/classification/children?scheme=ipc&code=H01')).json();
    const h01l = data.children.find((n: { code: string }) => n.code === 'H01L');
    expect(h01l).toMatchObject({ titleInLanguage: false, count: expectedCount('ipc', 'H01L') });
    expect(h01l.title).toMatch(/SEMICONDUCTOR DEVICES/);
    const y02e = (await get('/api/product/classification/path?scheme=cpc&code=Y02E')).json().data.path.at(-1);
    expect(y02e.titleInLanguage).toBe(false);
  });

  it('counts equal the result page total of IPC=… and CPC=…', async () => {
    for (const [scheme, code] of [
      ['ipc', 'H01M4'],
      ['ipc', 'H01'],
      ['cpc', 'H01M4'],
      ['cpc', 'Y02E'],
    ] as const) {
      const { data } = (await get(`/api/product/classification/path?scheme=${scheme}&code=${code}`)).json();
      const node = data.path.at(-1);
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/platform/data/search/query',
        payload: { searchExpre: `${scheme.toUpperCase()}=${code}` },
        headers: { authorization: searcher.authorization },
      });
      expect(search.json().data.total, `${scheme} ${code}`).toBe(node.count);
      expect(node.count).toBe(expectedCount(scheme, code));
    }
  });

  it('browses CPC subgroups and the Y section', async () => {
    const sections = (await get('/api/product/classification/children?scheme=cpc', 'en')).json().data.children;
    expect(sections.map((n: { code: string }) => n.code)).toContain('Y');
    const { data } = (await get('/api/product/classification/children?scheme=cpc&code=H01M4/00', 'en')).json();
    expect(data.parent.code).toBe('H01M4');
    const sub = data.children.find((n: { code: string }) => n.code === 'H01M4/02');
    expect(sub).toMatchObject({ symbol: 'H01M4/02', depth: 4 });
    expect(data.children.every((n: { depth: number }) => n.depth === 4)).toBe(true);
  });

  it('gives the path from the section to a symbol, in any written form', async () => {
    const res = await get('/api/product/classification/path?scheme=ipc&code=h01m%204/00', 'en');
    expect(res.json().data.path.map((n: { code: string }) => n.code)).toEqual(['H', 'H01', 'H01M', 'H01M4']);
    const cpc = (await get('/api/product/classification/path?scheme=cpc&code=H01M4/525', 'en')).json().data.path;
    expect(cpc.map((n: { code: string }) => n.code)).toEqual([
      'H',
      'H01',
      'H01M',
      'H01M4',
      'H01M4/02',
      'H01M4/36',
      'H01M4/48',
      'H01M4/52',
      'H01M4/525',
    ]);
  });

  it('searches symbols and titles, zh and en', async () => {
    const bySymbol = (await get('/api/product/classification/search?scheme=ipc&keyword=H01M1', 'en')).json().data;
    expect(bySymbol.items[0].code).toBe('H01M10');
    expect(bySymbol.items.every((n: { code: string }) => n.code.startsWith('H01M1'))).toBe(true);
    const byTitle = (await get('/api/product/classification/search?scheme=ipc&keyword=secondary%20CELLS', 'en')).json()
      .data;
    expect(byTitle.items.map((n: { code: string }) => n.code)).toContain('H01M10');
    // Own-title matches first (both words), then subgroups that say one word under a group that says the other.
    const both = (n: { title: string }) => /secondary/i.test(n.title) && /\bcells?\b/i.test(n.title);
    const firstOther = byTitle.items.findIndex((n: { title: string }) => !both(n));
    expect(firstOther).toBeGreaterThan(0);
    expect(byTitle.items.slice(firstOther).some(both)).toBe(false);
    expect(byTitle.items.every((n: { title: string }) => /secondary|cell/i.test(n.title))).toBe(true);
  });

  it('finds H01M by 电池 in the Chinese titles, subclass first', async () => {
    const ipc = await search('ipc', '电池');
    expect(ipc.items[0]).toMatchObject({ code: 'H01M', title: '用于直接转变化学能为电能的方法或装置，例如电池组' });
    expect(ipc.items[0]!.count).toBe(expectedCount('ipc', 'H01M'));
    expect(ipc.items.map((n) => n.code)).toEqual(expect.arrayContaining(['H01M10', 'H02J7']));
    expect(ipc.items.every((n) => n.title.includes('电池'))).toBe(true);
    // Higher levels first.
    const depths = ipc.items.map((n) => n.depth);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    // In English the same search lists the same symbols with their English titles.
    const en = await search('ipc', '电池', 'en');
    expect(en.items.map((n) => n.code)).toEqual(ipc.items.map((n) => n.code));
    expect(en.items[0]!.title).toMatch(/BATTERIES/);
  });

  it('finds H01M and H02J7 by battery: title words, stemmed, not substrings', async () => {
    const battery = await search('ipc', 'battery', 'en');
    const codes = battery.items.map((n) => n.code);
    expect(codes[0]).toBe('H01M');
    expect(codes).toContain('H02J7');
    expect(battery.items.every((n) => /batter(y|ies)/i.test(n.title))).toBe(true);
    // Plural or singular, any case: the same words.
    expect((await search('ipc', 'BATTERIES', 'en')).items.map((n) => n.code)).toEqual(codes);
    // A zh user sees the Chinese titles of what the English words found.
    const zh = await search('ipc', 'battery');
    expect(zh.items.find((n) => n.code === 'H02J7')?.title).toBe(
      '用于电池组的充电或放电或用于由电池组向负载供电的装置',
    );
    // Every word must match: "battery charging" narrows to the charging groups.
    const charging = (await search('ipc', 'battery charging', 'en')).items.map((n) => n.code);
    expect(charging).toContain('H02J7');
    expect(charging).not.toContain('H01M');
  });

  it('matches words across title levels, own-title matches first', async () => {
    // H01M10/0525 says both words itself; H01M10/054 says lithium, its subclass H01M says batteries.
    const cpc = (await search('cpc', 'lithium batteries', 'en', 100)).items.map((n) => n.code);
    expect(cpc.indexOf('H01M10/0525')).toBeGreaterThanOrEqual(0);
    expect(cpc.indexOf('H01M10/0525')).toBeLessThan(cpc.indexOf('H01M10/054'));
    expect(cpc).not.toContain('H01M');
    // 锂电池 is written nowhere: its pieces 锂 and 电池 are (锂蓄电池).
    const zh = (await search('cpc', '锂电池')).items.map((n) => n.code);
    expect(zh).toContain('H01M10/052');
  });

  it('answers an unknown symbol with a localised 404', async () => {
    const res = await get('/api/product/classification/path?scheme=ipc&code=H01M9999', 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0, message: 'Symbol H01M9999 is not in the IPC scheme' });
  });

  it('needs the /search/ipc permission', async () => {
    const other = await authHeader(t, ['/search/quick']);
    const res = await get('/api/product/classification/children', 'en', { authorization: other.authorization });
    expect(res.statusCode).toBe(403);
  });
});
