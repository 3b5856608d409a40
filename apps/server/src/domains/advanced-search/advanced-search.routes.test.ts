import { DEFAULT_TEMPLATE_FIELDS, MAX_ADVANCED_TEMPLATES } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

const BASE = '/api/product/advancedSearch/template';

describe.each(dialects)('advanced-search templates API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader;
  let other: AuthHeader;
  /** Signed in, without /search/advance. */
  let noMenu: AuthHeader;

  const call = (method: 'POST' | 'DELETE', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    other = await authHeader(t);
    noMenu = await authHeader(t, ['/search/quick', '/search/result']);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session and 403 without the /search/advance permission', async () => {
    for (const path of ['getTemplate', 'initDefaultTemplate', 'getLastSearchFields']) {
      expect((await call('POST', `${BASE}/${path}`, undefined, null)).statusCode).toBe(401);
      expect((await call('POST', `${BASE}/${path}`, undefined, noMenu)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `${BASE}/delTemplate/x`, undefined, noMenu)).statusCode).toBe(403);
  });

  it('creates the default template once, in the caller language, and lists it first', async () => {
    const first = await call('POST', `${BASE}/initDefaultTemplate`, undefined, user);
    expect(first.json()).toMatchObject({ status: 1 });
    const again = await call('POST', `${BASE}/initDefaultTemplate`, undefined, user);
    const templates = again.json().data;
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ name: '默认模板', isDefault: true, fields: [...DEFAULT_TEMPLATE_FIELDS] });
    const en = await call('POST', `${BASE}/initDefaultTemplate`, undefined, other, 'en');
    expect(en.json().data[0].name).toBe('Default template');
  });

  it('saves a template with its fields in order, aliases made canonical, duplicates dropped', async () => {
    const res = await call('POST', `${BASE}/addTemplate`, { name: '电池', fields: ['PA', '标题', 'TI', 'AD'] }, user);
    expect(res.json(), res.body).toMatchObject({ status: 1, data: { name: '电池', fields: ['PA', 'TI', 'AD'] } });
    const list = (await call('POST', `${BASE}/getTemplate`, undefined, user)).json().data;
    expect(list.map((tpl: { name: string }) => tpl.name)).toEqual(['默认模板', '电池']);
    // Another user's list does not hold it.
    const others = (await call('POST', `${BASE}/getTemplate`, undefined, other)).json().data;
    expect(others.map((tpl: { name: string }) => tpl.name)).toEqual(['Default template']);
  });

  it('refuses unknown fields, taken names and empty input with messages in zh and en', async () => {
    const unknown = await call('POST', `${BASE}/addTemplate`, { name: 'x', fields: ['TI', 'NOPE'] }, user);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 0, message: '未知的检索字段：NOPE' });
    const unknownEn = await call('POST', `${BASE}/addTemplate`, { name: 'x', fields: ['NOPE'] }, user, 'en');
    expect(unknownEn.json().message).toBe('Unknown search field: NOPE');
    const taken = await call('POST', `${BASE}/addTemplate`, { name: '电池', fields: ['TI'] }, user);
    expect(taken.json()).toMatchObject({ status: 0, message: '已有名为“电池”的检索模板' });
    const takenEn = await call('POST', `${BASE}/addTemplate`, { name: '电池', fields: ['TI'] }, user, 'en');
    expect(takenEn.json().message).toBe('A search template named "电池" already exists');
    const empty = await call('POST', `${BASE}/addTemplate`, { name: 'y', fields: [] }, user);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe(0);
  });

  it('parallel saves of one name: one is kept, the others get the name-taken message (not 500)', async () => {
    const who = await authHeader(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `${BASE}/addTemplate`, { name: '并发', fields: ['TI'] }, who)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json()).toMatchObject({ status: 0, message: '已有名为“并发”的检索模板' });
    }
    const inits = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', `${BASE}/initDefaultTemplate`, undefined, who)),
    );
    expect(inits.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const names = (await call('POST', `${BASE}/getTemplate`, undefined, who))
      .json()
      .data.map((tpl: { name: string }) => tpl.name);
    expect(names.sort()).toEqual(['并发', '默认模板'].sort());
  });

  it(`keeps at most ${MAX_ADVANCED_TEMPLATES} templates per user`, async () => {
    const who = await authHeader(t);
    for (let i = 0; i < MAX_ADVANCED_TEMPLATES; i++) {
      const res = await call('POST', `${BASE}/addTemplate`, { name: `t${i}`, fields: ['TI'] }, who);
      expect(res.json().status).toBe(1);
    }
    const over = await call('POST', `${BASE}/addTemplate`, { name: 'over', fields: ['TI'] }, who);
    expect(over.json()).toMatchObject({
      status: 0,
      message: `检索模板最多保存 ${MAX_ADVANCED_TEMPLATES} 个，请先删除不用的模板`,
    });
    const overEn = await call('POST', `${BASE}/addTemplate`, { name: 'over', fields: ['TI'] }, who, 'en');
    expect(overEn.json().message).toBe(
      `At most ${MAX_ADVANCED_TEMPLATES} search templates can be kept; delete one you no longer use first`,
    );
  });

  it('deletes own templates, but not the default one nor another user’s', async () => {
    const list = (await call('POST', `${BASE}/getTemplate`, undefined, user)).json().data as {
      id: string;
      isDefault: boolean;
    }[];
    const mine = list.find((tpl) => !tpl.isDefault)!;
    const byOther = await call('DELETE', `${BASE}/delTemplate/${mine.id}`, undefined, other);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('该检索模板不存在');
    const def = list.find((tpl) => tpl.isDefault)!;
    const refused = await call('DELETE', `${BASE}/delTemplate/${def.id}`, undefined, user, 'en');
    expect(refused.json()).toMatchObject({ status: 0, message: 'The default template cannot be deleted' });
    const deleted = await call('DELETE', `${BASE}/delTemplate/${mine.id}`, undefined, user);
    expect(deleted.json()).toMatchObject({ status: 1, data: { deleted: 1 } });
    const after = (await call('POST', `${BASE}/getTemplate`, undefined, user)).json().data;
    expect(after).toHaveLength(1);
  });

  it('remembers the last search fields per user, replacing the previous ones', async () => {
    const before = await call('POST', `${BASE}/getLastSearchFields`, undefined, user);
    expect(before.json()).toMatchObject({ status: 1, data: { fields: [] } });
    await call('POST', `${BASE}/addLastSearchFields`, { fields: ['TI', 'PA'] }, user);
    const saved = await call('POST', `${BASE}/addLastSearchFields`, { fields: ['申请人', 'CC', 'PD'] }, user);
    expect(saved.json().data.fields).toEqual(['PA', 'CC', 'PD']);
    const after = await call('POST', `${BASE}/getLastSearchFields`, undefined, user);
    expect(after.json().data.fields).toEqual(['PA', 'CC', 'PD']);
    const others = await call('POST', `${BASE}/getLastSearchFields`, undefined, other);
    expect(others.json().data.fields).toEqual([]);
    const bad = await call('POST', `${BASE}/addLastSearchFields`, { fields: ['ZZZ'] }, user, 'en');
    expect(bad.json()).toMatchObject({ status: 0, message: 'Unknown search field: ZZZ' });
  });
});
