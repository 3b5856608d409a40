/**
 * The search route under fuzz (issue 16): 2,000 generated and mutated expressions through the real
 * HTTP stack and engine. Whatever the expression, the answer is the envelope: 200 with results or
 * a 4xx with a message in the user's language (a query refusal naming its column), never a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const RUNS = 2_000;

const textValue = fc.constantFrom(
  '电池',
  '锂电池',
  '正极材料',
  '碳',
  '锂',
  'lithium',
  'battery',
  'cathode*',
  'batter*',
  '*ode',
  '电?池',
  '锂*',
  'li?hium',
  '"lithium battery"',
  '“固态电池”',
  '"正极 材料"',
  'NCM811',
);
const fielded = fc
  .oneof(
    fc.tuple(
      fc.constantFrom('TI', 'TIAB', '标题', 'AB', 'CLM', 'TIABC', 'ti'),
      fc.constantFrom('=', '＝', ':'),
      textValue,
    ),
    fc.tuple(
      fc.constantFrom('PA', 'IN'),
      fc.constant('='),
      fc.constantFrom('宁德时代', '比亚迪*', '"Acme Batteries Inc."'),
    ),
    fc.tuple(fc.constantFrom('IPC', 'CPC'), fc.constant('='), fc.constantFrom('H01M4/*', 'H01M', 'h01m4/525', 'G06F?')),
    fc.tuple(fc.constantFrom('PN', 'AN'), fc.constant('='), fc.constantFrom('CN110000001A', 'US6980000B2', 'CN1*')),
    fc.tuple(
      fc.constantFrom('AD', 'PD', '申请日'),
      fc.constantFrom('=', '>=', '<', '＞＝'),
      fc.constantFrom('2018', '2018-03-02', '201803', '2016.05.01'),
    ),
    fc.tuple(
      fc.constantFrom('AD', 'PD'),
      fc.constant('='),
      fc.constantFrom('[2016 TO 2019]', '【2016 至 *】', '{2017 TO 2019]'),
    ),
    fc.tuple(
      fc.constantFrom('KD', 'PT', 'CLMN', 'PV'),
      fc.constantFrom('=', '>'),
      fc.constantFrom('A', 'B', 'S', '3', '8'),
    ),
  )
  .map(([f, op, v]) => `${f}${op}${v}`);
const proximity = fc
  .tuple(textValue, fc.constantFrom(' W/5 ', ' N/3 ', ' PRE/2 ', ' NEAR/10 ', ' S ', ' 同段 ', ' W/100 '), textValue)
  .map(([a, op, b]) => `${a}${op}${b}`);
const { expression } = fc.letrec<{ expression: string; operand: string }>((tie) => ({
  operand: fc.oneof(
    { weight: 4, arbitrary: textValue },
    { weight: 4, arbitrary: fielded },
    { weight: 2, arbitrary: proximity },
    { weight: 1, arbitrary: fc.constantFrom('#1', '#2') },
    { weight: 2, arbitrary: tie('expression').map((e) => `(${e})`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('TI', 'TIAB', 'PA'), tie('expression'))
        .map(([f, e]) => `${f}=(${e.replace(/#\d/g, '电池')})`),
    },
    { weight: 1, arbitrary: tie('operand').map((o) => `NOT ${o}`) },
  ),
  expression: fc.oneof(
    { depthSize: 'small' },
    { weight: 3, arbitrary: tie('operand') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tie('operand'), fc.constantFrom(' AND ', ' OR ', ' NOT ', ' ', ' 与 ', ' 或 ', ' | '), tie('expression'))
        .map(([a, op, b]) => `${a}${op}${b}`),
    },
  ),
}));

const mutated = fc
  .tuple(
    expression,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.oneof(
          fc.constant(''),
          fc.constantFrom('(', ')', '"', '=', '*', '?', ' AND ', ' W/5 ', '[', '#', '（', '＝'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
        ),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([text, edits]) =>
    edits.reduce((t, [at, insert]) => {
      const i = at % (t.length + 1);
      // An empty insert deletes the character there.
      return insert === '' ? t.slice(0, i) + t.slice(i + 1) : t.slice(0, i) + insert + t.slice(i);
    }, text),
  );

const request = fc.record({
  searchExpre: fc.oneof({ weight: 3, arbitrary: expression }, { weight: 2, arbitrary: mutated }),
  secondExpre: fc.option(expression, { nil: undefined, freq: 4 }),
  lang: fc.constantFrom('zh', 'en'),
  route: fc.constantFrom('/api/platform/data/search/query', '/api/platform/data/search/expression/total-hits'),
});

describe('search API under fuzz', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    const corpus = [
      buildCnPatent(),
      buildCnPatent({
        publicationNumber: 'CN110000001A',
        applicationNumber: 'CN201810000001.2',
        title: { lang: 'zh', text: '一种锂电池正极材料及其制备方法' },
        abstract: { lang: 'zh', text: '本发明涉及锂电池技术领域。提供一种高容量正极材料，包括碳包覆层。' },
        applicationDate: '2018-03-02',
        classifications: { ipc: ['H01M4/525'], ipcMain: 'H01M4/525' },
      }),
      buildUsPatent(),
      buildUsPatent({
        publicationNumber: 'US2019000001A1',
        applicationNumber: 'US16000001',
        kind: 'A1',
        title: { lang: 'en', text: 'Cathode material for a lithium battery' },
        abstract: { lang: 'en', text: 'A lithium battery cathode with high capacity. The cathode is coated.' },
      }),
    ];
    const { stored } = await t.context.repositories.patents.upsertMany(corpus);
    await t.context.engine.index(stored);
    // One history entry, so `#1` resolves and `#2` does not.
    const entry = { operationName: 'search', searchExpression: 'TI=电池', exp: 'TI=电池', resultTotal: '1' };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/product/history',
      payload: { content: JSON.stringify(entry) },
      headers: { authorization: auth.authorization },
    });
    expect(saved.json()).toMatchObject({ status: 1 });
  });
  afterAll(async () => t.close());

  it(`answers ${RUNS} generated and mutated expressions without a 5xx`, async () => {
    const answered = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ searchExpre, secondExpre, lang, route }) => {
        const payload = route.endsWith('total-hits')
          ? { searchExpre }
          : { searchExpre, ...(secondExpre ? { secondExpre } : {}) };
        const res = await t.app.inject({
          method: 'POST',
          url: route,
          payload,
          headers: { 'accept-language': lang, authorization: auth.authorization },
        });
        const what = `${route} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        const body = res.json();
        const kind = res.statusCode === 200 ? 'ok' : String(body.data?.code);
        answered.set(kind, (answered.get(kind) ?? 0) + 1);
        if (res.statusCode === 200) {
          expect(body.status, what).toBe(1);
          return;
        }
        expect(res.statusCode, what).toBe(400);
        expect(body.status, what).toBe(0);
        expect(body.message, what).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[^\u4e00-\u9fff]*[A-Za-z]/);
        expect(body.message, what).not.toMatch(/\{\w+\}/);
        const span = body.data?.span as { start: number; end: number } | undefined;
        if (span) {
          // A query refusal names the column where its span starts.
          const column = span.start + 1;
          expect(body.message, what).toContain(lang === 'zh' ? `第 ${column} 列` : `column ${column}`);
        }
      }),
      { numRuns: RUNS },
    );
    // The generator reaches the engine, not only the parser's refusals.
    console.log(
      [...answered]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}:${n}`)
        .join(' '),
    );
    expect(answered.get('ok') ?? 0).toBeGreaterThan(RUNS / 5);
  }, 120_000);
});
