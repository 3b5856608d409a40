import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';
import { runImport } from '../patent/index.js';

/**
 * The legal-search fields (/search/lawSearch, /search/defense) through the search API, over records
 * imported the way users import them: a canonical JSON Lines file (legal events, litigation,
 * licence, transfer, pledge, reexamination, the declassified flag) and the real PTAB answer shipped
 * with the demo corpus.
 */
const PTAB = fileURLToPath(
  new URL('../../../../../data/demo/intl-api-fixtures/uspto/ptab/fixtures/proceeding_input.json.gz', import.meta.url),
);

const RECORDS: Patent[] = [
  {
    publicationNumber: 'CN1001234A',
    country: 'CN',
    title: { lang: 'zh', text: '一种舰船用消声瓦' },
    applicants: [{ name: '某船舶研究所' }],
    applicationDate: '2005-03-01',
    legalStatus: '有效',
    declassified: { date: '2020-06-30', decisionNumber: 'JM2020-001' },
    legalEvents: [{ date: '2020-07-10', code: 'C14', description: '授权' }],
  },
  {
    publicationNumber: 'CN1001235A',
    country: 'CN',
    title: { lang: 'zh', text: '一种雷达天线罩' },
    applicationDate: '2006-04-01',
    declassified: {},
  },
  {
    publicationNumber: 'CN110000009B',
    country: 'CN',
    title: { lang: 'zh', text: '一种电池管理系统' },
    applicationDate: '2018-01-01',
    legalStatus: '失效',
    legalEvents: [
      { date: '2019-05-01', code: 'C06', description: '公布' },
      { date: '2022-03-01', code: 'C17', description: '未缴年费专利权终止' },
    ],
    litigations: [
      {
        caseNumber: '(2021)京73民初456号',
        court: '北京知识产权法院',
        plaintiff: '北京小米移动软件有限公司',
        defendant: '珠海格力电器股份有限公司',
        filingDate: '2021-04-01',
        verdictDate: '2022-09-30',
        outcome: '判决驳回原告诉讼请求',
      },
    ],
    licenses: [
      { licensor: '清华大学', licensee: '某新能源有限公司', exclusivity: '独占许可', effectiveDate: '2019-08-20' },
    ],
    assignments: [{ assignor: '中国科学院化学研究所', assignee: '中科新材料有限公司', effectiveDate: '2020-06-18' }],
    pledges: [{ pledgor: '江苏某科技有限公司', pledgee: '中国银行苏州分行', effectiveDate: '2021-03-15' }],
    reexaminations: [
      {
        requester: '宁波某机械有限公司',
        decisionNumber: '第51234号',
        decisionType: '宣告专利权全部无效',
        decisionDate: '2023-11-11',
      },
    ],
  },
];

describe('legal-search fields through the search API', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  let dir: string;
  const query = async (searchExpre: string, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre, pageSize: 50 },
      headers: { 'accept-language': lang, authorization: auth.authorization },
    });
  const hits = async (expression: string): Promise<string[]> => {
    const res = await query(expression);
    expect(res.json(), expression).toMatchObject({ status: 1 });
    return (res.json().data.items as { publicationNumber: string }[]).map((i) => i.publicationNumber).sort();
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-legal-'));
    const file = path.join(dir, 'legal.jsonl');
    writeFileSync(file, RECORDS.map((r) => JSON.stringify(r)).join('\n'));
    const report = await runImport(t.context, [file, PTAB]);
    expect(report.totals).toMatchObject({ read: 4, inserted: 4, rejected: 0 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the defence-declassified records by the flag and the declassification date', async () => {
    expect(await hits('DEF=1')).toEqual(['CN1001234A', 'CN1001235A']);
    expect(await hits('国防解密=1 AND 解密公告日>=2020')).toEqual(['CN1001234A']);
    expect(await hits('DEF=0 AND CC=CN')).toEqual(['CN110000009B']);
    expect(await hits('DEF=1 AND TI=(天线)')).toEqual(['CN1001235A']);
  });

  it('finds legal events by text and date, and the legal status', async () => {
    expect(await hits('LE=(授权)')).toEqual(['CN1001234A']);
    expect(await hits('法律事件=(终止) AND LS=失效')).toEqual(['CN110000009B']);
    expect(await hits('LED=[20220101 TO 20221231]')).toEqual(['CN110000009B']);
  });

  it('finds litigation by case number, court, parties, outcome and date, including the real PTAB trial', async () => {
    expect(await hits('LITCN="(2021)京73民初456号"')).toEqual(['CN110000009B']);
    expect(await hits('LITCN=IPR2022*')).toEqual(['US6059576']);
    expect(await hits('LITCT=(知识产权法院)')).toEqual(['CN110000009B']);
    expect(await hits('LITPL="Apple Inc"')).toEqual(['US6059576']);
    expect(await hits('LITPT=(LoganTree)')).toEqual(['US6059576']);
    expect(await hits('被告=(格力) AND 审理结果=(驳回)')).toEqual(['CN110000009B']);
    expect(await hits('LITD=2022')).toEqual(['CN110000009B']);
    expect(await hits('LITD=[20230801 TO 20230831]')).toEqual(['US6059576']);
  });

  it('finds licence, transfer, pledge and reexamination records by party, type, number and date', async () => {
    expect(await hits('LICOR=(大学) AND LICT=独占* AND LICD=2019')).toEqual(['CN110000009B']);
    expect(await hits('TRFOR=(研究所) AND TRFEE=(中科) AND TRFD>=2020')).toEqual(['CN110000009B']);
    expect(await hits('PLGEE=(银行) AND PLGOR=(江苏) AND PLGD<20220101')).toEqual(['CN110000009B']);
    expect(await hits('REXT=(全部无效) AND REXN=(51234) AND REXD>=2023')).toEqual(['CN110000009B']);
    // The PTAB trial is also an invalidation request: petitioner as requester, trial number as decision number.
    expect(await hits('REXRQ="Apple Inc" AND REXN="IPR2022-00037"')).toEqual(['US6059576']);
  });

  it('refuses bad values of the new fields with the column, in zh and en', async () => {
    const cases: [string, string, string, string][] = [
      [
        'DEF=yes',
        'QUERY_BAD_NUMBER',
        '检索式有误：第 5 列的数值“yes”无效，字段 DEF 只接受数字',
        'Expression incorrect: invalid number "yes" at column 5; field DEF accepts numbers only',
      ],
      [
        'LITD=2021-13-01',
        'QUERY_BAD_DATE',
        '检索式有误：第 6 列的日期“2021-13-01”无效，请使用 YYYYMMDD、YYYY-MM-DD、YYYY.MM.DD、YYYYMM 或 YYYY 格式',
        'Expression incorrect: invalid date "2021-13-01" at column 6; use YYYYMMDD, YYYY-MM-DD, YYYY.MM.DD, YYYYMM or YYYY',
      ],
      [
        'LED=[20221231 TO 20220101]',
        'QUERY_BAD_RANGE',
        '检索式有误：第 1 列的范围 20221231 至 20220101 无效，起始值不能大于结束值，且至少给出一端',
        'Expression incorrect: invalid range 20221231 to 20220101 at column 1; the start must not exceed the end and at least one end is needed',
      ],
      [
        'LITPT>=华为',
        'QUERY_FIELD_OPERATOR',
        '检索式有误：第 1 列，字段 LITPT 不支持“>=”',
        'Expression incorrect at column 1: field LITPT does not accept ">="',
      ],
    ];
    for (const [expression, code, zh, en] of cases) {
      const resZh = await query(expression);
      expect(resZh.statusCode, expression).toBe(400);
      expect(resZh.json(), expression).toMatchObject({ status: 0, message: zh, data: { code } });
      expect((await query(expression, 'en')).json().message, expression).toBe(en);
    }
  });
});
