import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** The records of issue 43's report: a VR headset (CN107274400A, filed as CN201710474296.4, G06F3/01) and a US patent. */
const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN107274400A',
    applicationNumber: 'CN201710474296.4',
    title: { lang: 'zh', text: '一种虚拟现实头戴显示设备' },
    abstract: { lang: 'zh', text: '本发明公开了一种虚拟现实头戴显示设备，包括壳体和显示模组。' },
    classifications: { ipc: ['G06F3/01', 'G02B27/01'], cpc: ['G06F3/011'] },
  }),
  // The words apart: found by the split search, not by the phrase.
  buildCnPatent({
    publicationNumber: 'CN108000001A',
    applicationNumber: 'CN201810000011.1',
    title: { lang: 'zh', text: '一种头戴式设备的显示方法' },
    abstract: { lang: 'zh', text: '用于虚拟现实场景的头戴设备，其显示单元可调。' },
    classifications: { ipc: ['H04N5/225'] },
  }),
  buildUsPatent({ publicationNumber: 'US8930553B2', applicationNumber: 'US13123456', publicationDate: '2015-01-06' }),
];

describe.each(dialects)('codes and phrases typed as they are, on %s (issue 43)', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = async (url: string, body: object, lang = 'zh') => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'accept-language': lang, authorization: auth.authorization },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data;
  };
  const search = (body: object) => post('/api/product/search/searchNew', body);
  const numbersOf = (data: { items: { publicationNumber: string }[] }) =>
    data.items.map((item) => item.publicationNumber).sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('searches a box that is only publication or application numbers as numbers, and says so', async () => {
    for (const [input, searchExpre] of [
      ['CN107274400A', 'PN=CN107274400A'],
      ['CN201710474296.4', 'AN=CN201710474296.4'],
    ] as const) {
      const data = await search({ searchExpre: input });
      expect(numbersOf(data), input).toEqual(['CN107274400A']);
      expect(data.codeSearch).toEqual({
        numbers: [input],
        classes: [],
        searchExpre,
        notHeld: [],
      });
      expect(data.numberTerms).toBeUndefined();
    }
    const us = await search({ searchExpre: 'US 8,930,553 B2' });
    expect(numbersOf(us)).toEqual(['US8930553B2']);
    expect(us.codeSearch.searchExpre).toBe('PN=US8930553B2');
  });

  it('searches a pasted list at once and names the numbers the corpus does not hold', async () => {
    const data = await search({ searchExpre: 'CN107274400A, US 8,930,553 B2\nCN999999999A' });
    expect(numbersOf(data)).toEqual(['CN107274400A', 'US8930553B2']);
    expect(data.codeSearch.notHeld).toEqual(['CN999999999A']);
    const none = await search({ searchExpre: 'CN999999999A' });
    expect(none.total).toBe(0);
    expect(none.codeSearch.notHeld).toEqual(['CN999999999A']);
  });

  it('searches bare IPC/CPC symbols as classes, a subgroup of the symbol included', async () => {
    const ipc = await search({ searchExpre: 'G06F3/01' });
    expect(numbersOf(ipc)).toEqual(['CN107274400A']);
    expect(ipc.codeSearch).toMatchObject({ classes: ['G06F3/01'], searchExpre: 'IPC=G06F3/01 OR CPC=G06F3/01' });
    const spaced = await search({ searchExpre: 'H04N 5/225' });
    expect(numbersOf(spaced)).toEqual(['CN108000001A']);
  });

  it('answers the same on every search call (simple search, total hits, the platform query)', async () => {
    expect(numbersOf(await post('/api/product/search/search', { searchExpre: 'CN201710474296.4' }))).toEqual([
      'CN107274400A',
    ]);
    expect((await post('/api/platform/data/search/expression/total-hits', { searchExpre: 'G06F3/01' })).total).toBe(1);
    expect(numbersOf(await post('/api/platform/data/search/query', { searchExpre: 'US 8,930,553 B2' }))).toEqual([
      'US8930553B2',
    ]);
  });

  it('leaves field expressions and words alone', async () => {
    const field = await search({ searchExpre: 'PN=CN107274400A' });
    expect(field.total).toBe(1);
    expect(field.codeSearch).toBeUndefined();
    expect((await search({ searchExpre: '显示' })).codeSearch).toBeUndefined();
  });

  it('says a Chinese run without spaces was searched as a phrase, and offers it split', async () => {
    const phrase = await search({ searchExpre: '虚拟现实头戴显示设备' });
    expect(numbersOf(phrase)).toEqual(['CN107274400A']);
    expect(phrase.phraseTerms).toEqual({
      terms: ['虚拟现实头戴显示设备'],
      words: [['虚拟现实', '头戴', '显示', '设备']],
      searchExpre: '虚拟现实 头戴 显示 设备',
    });
    const split = await search({ searchExpre: phrase.phraseTerms.searchExpre });
    expect(numbersOf(split)).toEqual(['CN107274400A', 'CN108000001A']);
    expect(split.phraseTerms).toBeUndefined();

    const inField = await search({ searchExpre: 'TI=虚拟现实头戴显示设备 OR PN=US8930553B2' });
    expect(inField.phraseTerms.searchExpre).toBe('TI=(虚拟现实 头戴 显示 设备) OR PN=US8930553B2');
    // Quoted: the user asked for the phrase.
    expect((await search({ searchExpre: '"虚拟现实头戴显示设备"' })).phraseTerms).toBeUndefined();
  });
});
