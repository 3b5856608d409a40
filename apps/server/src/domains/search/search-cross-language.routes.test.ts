import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  reachableDialects,
  testConfig,
  type AuthHeader,
} from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** A dictionary for the fake service; `sluggish` is never answered (the search's time limit must end the wait). */
const DICTIONARY: Record<string, string> = {
  电池: 'battery',
  electrode: '电极',
  'thermal management': '热管理',
};

/** A LibreTranslate-compatible service on 127.0.0.1 translating from DICTIONARY, recording every word asked. */
async function startDictionaryService() {
  const asked: string[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { q: string; target: string };
      asked.push(`${body.target}:${body.q}`);
      if (body.q === 'sluggish') return void hanging.push(res);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ translatedText: DICTIONARY[body.q] ?? body.q }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN113300001A',
    applicationNumber: 'CN202110000001.1',
    title: { lang: 'zh', text: '一种锂电池电极及其制备方法' },
    abstract: { lang: 'zh', text: '本发明公开了一种锂电池电极。' },
  }),
  buildUsPatent({
    publicationNumber: 'US6980000B2',
    title: { lang: 'en', text: 'Lithium ion battery electrode' },
    abstract: { lang: 'en', text: 'An electrode for a lithium ion battery comprising a current collector.' },
  }),
  buildUsPatent({
    publicationNumber: 'US7000000B2',
    applicationNumber: 'US10999999',
    title: { lang: 'en', text: 'Thermal management of a vehicle cabin' },
    abstract: { lang: 'en', text: 'A cabin with an air duct.' },
  }),
];

describe.each(dialects)('cross-language search on %s (issue 43)', (dialect) => {
  let service: Awaited<ReturnType<typeof startDictionaryService>>;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (body: object, app = t, user = auth) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: { facets: [], ...body },
      headers: { 'accept-language': 'en', authorization: user.authorization },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const numbers = (data: { items: { publicationNumber: string }[] }) =>
    data.items.map((i) => i.publicationNumber).sort();

  beforeAll(async () => {
    service = await startDictionaryService();
    t = await buildTestApp(dialect, {
      translate: { ...testConfig().translate, url: service.url, kind: 'libretranslate', queryTimeoutMs: 1500 },
    });
    auth = await authHeader(t);
    await indexPatents(t, CORPUS);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('ORs in the translation of a Chinese word and says which term it added', async () => {
    const plain = await search({ searchExpre: 'TI=电池' });
    expect(numbers(plain.body.data)).toEqual(['CN113300001A']);
    expect(plain.body.data.crossLanguage).toBeUndefined();
    const crossed = await search({ searchExpre: 'TI=电池', crossLanguage: true });
    expect(crossed.status).toBe(200);
    expect(numbers(crossed.body.data)).toEqual(['CN113300001A', 'US6980000B2']);
    expect(crossed.body.data.crossLanguage).toEqual({
      terms: [{ term: '电池', translation: 'battery', language: 'en' }],
      untranslated: [],
      timedOut: false,
    });
    expect(crossed.body.data.expression).toBe('TI=(电池 OR battery)');
  });

  it('translates English words into Chinese (a phrase too), and asks the service once per word', async () => {
    const crossed = await search({ searchExpre: 'electrode NOT TI=thermal', crossLanguage: true });
    expect(crossed.body.data.crossLanguage.terms).toEqual([{ term: 'electrode', translation: '电极', language: 'zh' }]);
    expect(numbers(crossed.body.data)).toEqual(['CN113300001A', 'US6980000B2']);
    const phrase = await search({ searchExpre: 'TI="thermal management"', crossLanguage: true });
    expect(phrase.body.data.crossLanguage.terms).toEqual([
      { term: 'thermal management', translation: '热管理', language: 'zh' },
    ]);
    const asked = service.asked.length;
    await search({ searchExpre: 'electrode NOT TI=thermal', crossLanguage: true, page: 2 });
    expect(service.asked.length).toBe(asked);
  });

  it('searches without a translation that does not come in time, and says so', async () => {
    const crossed = await search({ searchExpre: 'TI=(sluggish OR 电池)', crossLanguage: true });
    expect(crossed.status).toBe(200);
    expect(crossed.body.data.crossLanguage).toMatchObject({
      terms: [{ term: '电池', translation: 'battery', language: 'en' }],
      untranslated: ['sluggish'],
      timedOut: true,
    });
    expect(numbers(crossed.body.data)).toEqual(['CN113300001A', 'US6980000B2']);
  });

  it('an analysis of a cross-language result set counts the records its translations found', async () => {
    const analyse = async (crossLanguage: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/search/analyze',
        payload: { searchExpre: 'TI=电池', crossLanguage, analysis: { kind: 'terms', dimension: 'country' } },
        headers: { 'accept-language': 'en', authorization: auth.authorization },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { total: number };
    };
    expect((await analyse(false)).total).toBe(1);
    expect((await analyse(true)).total).toBe(2);
  });

  it('refuses cross-language search when no translation service is set', async () => {
    const bare = await buildTestApp(dialect);
    try {
      const user = await authHeader(bare);
      const refused = await search({ searchExpre: 'TI=电池', crossLanguage: true }, bare, user);
      expect(refused.status).toBe(503);
      expect(refused.body.data.code).toBe('TRANSLATION_NOT_CONFIGURED');
      const plain = await search({ searchExpre: 'TI=电池' }, bare, user);
      expect(plain.status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
