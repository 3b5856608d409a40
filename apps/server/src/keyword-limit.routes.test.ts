import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, injectJson, loginAs, type AuthHeader, type TestApp } from '../test/helpers.js';

/**
 * Spec 1 §5, §9 and spec 2 §5 "keyword search at most 30 characters": every list's keyword box is
 * refused above 30 characters with KEYWORD_TOO_LONG, in the user's language; 30 pass.
 */
describe('keyword search limit', () => {
  let t: TestApp;
  let user: AuthHeader;
  let operator: AuthHeader;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await loginAs(t);
    operator = await authHeader(t, ['/sys']);
  });
  afterAll(async () => {
    await t.close();
  });

  const long = '电'.repeat(MAX_KEYWORD_LENGTH + 1);
  const fits = '电'.repeat(MAX_KEYWORD_LENGTH);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  /** Each list: how it is asked with a keyword. */
  const LISTS: [string, 'GET' | 'POST', (keyword: string) => { url: string; body?: object }][] = [
    ['search history', 'POST', (k) => ({ url: '/api/product/history/list', body: { keyword: k } })],
    ['operation history', 'POST', (k) => ({ url: '/api/product/operatehistory/list', body: { keyword: k } })],
    ['alerts', 'POST', (k) => ({ url: '/api/product/warn/getWarnList', body: { keyword: k } })],
    [
      'saved expressions',
      'POST',
      (k) => ({ url: '/api/product/archive/v2/list', body: { type: 'expressions', keyword: k } }),
    ],
    ['disclosures', 'POST', (k) => ({ url: '/api/product/disclosurePaper/list', body: { title: k } })],
    ['my files', 'GET', (k) => ({ url: `/api/product/file/my/file/list?${q({ name: k })}` })],
    ['classification', 'GET', (k) => ({ url: `/api/product/classification/search?${q({ keyword: k })}` })],
    ['operators’ users', 'GET', (k) => ({ url: `/api/product/sys/users?${q({ keyword: k })}` })],
    ['operators’ awards', 'GET', (k) => ({ url: `/api/product/sys/awards?${q({ q: k })}` })],
  ];

  it.each(LISTS)('%s: refuses 31 characters with KEYWORD_TOO_LONG in zh and en, takes 30', async (_, method, ask) => {
    const tooLong = ask(long);
    const who = tooLong.url.includes('/sys/') ? operator : user;
    const zh = await injectJson(t, method, tooLong.url, tooLong.body, who, 'zh');
    expect(zh.statusCode, zh.body).toBe(400);
    expect(zh.json()).toMatchObject({
      status: 0,
      message: '关键词不能超过 30 个字符',
      data: { code: 'KEYWORD_TOO_LONG' },
    });
    const en = await injectJson(t, method, tooLong.url, tooLong.body, who, 'en');
    expect(en.json()).toMatchObject({ message: 'The keyword must be at most 30 characters' });
    const fit = ask(fits);
    const ok = await injectJson(t, method, fit.url, fit.body, who, 'zh');
    expect(ok.json(), ok.body).toMatchObject({ status: 1 });
  });
});
