import { MAX_FOREIGN_EXPRESSION_LENGTH } from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

describe.each(dialects)('POST /api/product/search/expression/foreign on %s (issue 48 item 2)', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (
    payload: object,
    lang = 'zh',
    headers: Record<string, string> = { authorization: auth.authorization },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/search/expression/foreign',
      payload,
      headers: { 'accept-language': lang, ...headers },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
  });
  afterAll(async () => t.close());

  it('recognises a PatSnap expression and answers a Patlas expression that parses, with the changes in English', async () => {
    const res = await post(
      { text: 'TTL:(battery $W5 cathode) AND ANCS:(Samsung) AND APD:[20190101 TO 20201231]' },
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.system).toBe('patsnap');
    expect(data.expression).toBe('TI=(battery N/5 cathode) AND AS=Samsung AND AD=[20190101 TO 20201231]');
    expect(parseExpression(data.expression).ok).toBe(true);
    expect(data.changes.map((c: { from: string; to: string }) => `${c.from}→${c.to}`)).toEqual([
      'TTL:→TI=',
      '$W5→N/5',
      'ANCS:→AS=',
      'APD:→AD=',
    ]);
    expect(data.changes[1].message).toContain('within n words, in any order');
    expect(data.unsupported).toEqual([]);
  });

  it('names a construct with no equivalent, in Chinese for a Chinese user', async () => {
    const res = await post({ text: 'TIABC=(充电桩 NOTF 汽车) AND AP-OR=(宁德时代)' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.system).toBe('incopat');
    expect(data.expression).toBe('TIABC=(充电桩 NOT 汽车) AND PA=宁德时代');
    expect(data.unsupported).toHaveLength(1);
    expect(data.unsupported[0].construct).toBe('NOTF');
    expect(data.unsupported[0].message).toContain('没有对应算符');
  });

  it('translates with a forced system, and leaves a Patlas expression alone when none is forced', async () => {
    const forced = (await post({ text: 'TIABC=(锂电池 W/5 正极) AND AP=(华为)', system: 'incopat' })).json().data;
    expect(forced.system).toBe('incopat');
    expect(forced.expression).toBe('TIABC=(锂电池 W/5 正极) AND PA=华为');
    expect(forced.kept).toEqual(['TIABC=', 'W/5']);
    const plain = (await post({ text: 'TI=(锂电池 W/5 正极) AND PA=华为' })).json().data;
    expect(plain).toEqual({
      system: null,
      expression: 'TI=(锂电池 W/5 正极) AND PA=华为',
      changes: [],
      kept: [],
      unsupported: [],
    });
  });

  it('refuses a text above the limit with the limit and the length, in the user language', async () => {
    const text = `TTL:(${'battery '.repeat(MAX_FOREIGN_EXPRESSION_LENGTH / 8)})`;
    const res = await post({ text }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.code).toBe('FOREIGN_EXPRESSION_TOO_LONG');
    expect(res.json().message).toBe(
      `The expression to translate is too long: at most ${MAX_FOREIGN_EXPRESSION_LENGTH} characters, this one has ${text.length}`,
    );
    const zh = await post({ text });
    expect(zh.json().message).toContain('待转换的检索式过长');
  });

  it('refuses an unknown system and a visitor without a login', async () => {
    expect((await post({ text: 'TI=(a)', system: 'derwent' })).statusCode).toBe(400);
    expect((await post({ text: 'TTL:(battery)' }, 'zh', {})).statusCode).toBe(401);
  });
});
