import { describe, expect, it } from 'vitest';
import { debugErrors, debugPrint, parseExpression, printExpression } from './index.js';

function parsed(text: string): string {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`expected ${text} to parse:\n${debugErrors(text, result.errors)}`);
  return debugPrint(result.ast);
}

describe('parseExpression', () => {
  it('parses the issue example', () => {
    const text = 'TI=(锂电池 OR "lithium battery") AND PA=(宁德时代) AND AD>=2018 AND IPC=H01M4/*';
    expect(parsed(text)).toBe('AND[OR[TI:锂电池, TI:"lithium battery"], PA:宁德时代, AD>=2018, IPC:H01M4/*]');
    const result = parseExpression(text);
    expect(result.ok && printExpression(result.ast)).toBe(
      'TI=(锂电池 OR "lithium battery") AND PA=宁德时代 AND AD>=2018 AND IPC=H01M4/*',
    );
  });

  const table: [string, string][] = [
    // bare terms: default text field (field null = TIABC)
    ['电池', '电池'],
    ['碳', '碳'],
    ['battery', 'battery'],
    ['"lithium ion battery"', '"lithium ion battery"'],
    // boolean operators, every spelling
    ['电池 AND 正极', 'AND[电池, 正极]'],
    ['电池 and 正极', 'AND[电池, 正极]'],
    ['电池 与 正极', 'AND[电池, 正极]'],
    ['电池 & 正极', 'AND[电池, 正极]'],
    ['电池 && 正极', 'AND[电池, 正极]'],
    ['电池 正极', 'AND[电池, 正极]'],
    ['电池 OR 正极', 'OR[电池, 正极]'],
    ['电池 或 正极', 'OR[电池, 正极]'],
    ['电池 | 正极', 'OR[电池, 正极]'],
    ['电池 || 正极', 'OR[电池, 正极]'],
    ['电池 NOT 燃料', 'AND[电池, NOT[燃料]]'],
    ['电池 非 燃料', 'AND[电池, NOT[燃料]]'],
    ['电池 Not 燃料', 'AND[电池, NOT[燃料]]'],
    ['NOT 燃料', 'NOT[燃料]'],
    ['电池 AND NOT 燃料', 'AND[电池, NOT[燃料]]'],
    // precedence: NOT > AND > OR
    ['aa OR bb AND cc', 'OR[aa, AND[bb, cc]]'],
    ['aa AND bb OR cc', 'OR[AND[aa, bb], cc]'],
    ['aa OR bb NOT cc', 'OR[aa, AND[bb, NOT[cc]]]'],
    ['aa bb OR cc dd', 'OR[AND[aa, bb], AND[cc, dd]]'],
    ['NOT aa AND bb', 'AND[NOT[aa], bb]'],
    ['(aa OR bb) AND cc', 'AND[OR[aa, bb], cc]'],
    ['((aa AND bb) AND cc)', 'AND[aa, bb, cc]'],
    ['aa NOT bb NOT cc', 'AND[aa, NOT[bb], NOT[cc]]'],
    ['NOT (aa OR bb)', 'NOT[OR[aa, bb]]'],
    // fields, aliases, case and full width
    ['TI=电池', 'TI:电池'],
    ['ti = 电池', 'TI:电池'],
    ['Title=电池', 'TI:电池'],
    ['标题=电池', 'TI:电池'],
    ['名称=电池', 'TI:电池'],
    ['TI:电池', 'TI:电池'],
    ['ＴＩ＝（电池　ＯＲ　正极）', 'OR[TI:电池, TI:正极]'],
    ['摘要=(正极 AND 材料)', 'AND[AB:正极, AB:材料]'],
    ['权利要求=电解液', 'CLM:电解液'],
    ['CLMS=电解液', 'CLM:电解液'],
    ['说明书=隔膜', 'DESC:隔膜'],
    ['TIAB=石墨烯', 'TIAB:石墨烯'],
    ['标题摘要权利要求=石墨烯', 'TIABC:石墨烯'],
    ['全文=硅碳', 'FT:硅碳'],
    ['申请人=宁德时代', 'PA:宁德时代'],
    ['AP=宁德时代', 'PA:宁德时代'],
    ['申请（专利权）人=宁德时代', 'PA:宁德时代'],
    ['专利权人="BYD Co"', 'AS:"BYD Co"'],
    ['发明人=(张三 OR 李四)', 'OR[IN:张三, IN:李四]'],
    ['INV=张*', 'IN:张*'],
    ['代理人=王*', 'AGT:王*'],
    ['代理机构=专利代理', 'AGC:专利代理'],
    ['地址=深圳', 'ADDR:深圳'],
    ['省份=广东 AND 城市=深圳', 'AND[PROV:广东, CITY:深圳]'],
    ['公开（公告）号=CN110998976A', 'PN:CN110998976A'],
    ['申请号=CN201810123456*', 'AN:CN201810123456*'],
    ['优先权号=US2017*', 'PR:US2017*'],
    ['法律状态=有效', 'LS:有效'],
    ['专利类型=(发明授权 OR 实用新型)', 'OR[PT:发明授权, PT:实用新型]'],
    ['国家/地区=(CN OR US)', 'OR[CC:CN, CC:US]'],
    ['KD=B', 'KD:B'],
    ['KD=S', 'KD:S'],
    ['同族=US2019*', 'FAM:US2019*'],
    ['引证=CN1* OR 被引证=US*', 'OR[CIT:CN1*, CITED:US*]'],
    [
      '诉讼=侵权 AND 质押=银行 AND 许可=独占 AND 转让=大学 AND 复审无效=无效宣告',
      'AND[LIT:侵权, PLG:银行, LIC:独占, TRF:大学, REX:无效宣告]',
    ],
    // standardised applicant: the hyphenated id, its aliases, phrases
    ['PA-STD=(华为技术有限公司)', 'PA-STD:华为技术有限公司'],
    ['标准化申请人=("HUAWEI TECH" OR 华为)', 'OR[PA-STD:"HUAWEI TECH", PA-STD:华为]'],
    ['pa-std=百度 AND PA=阿波罗', 'AND[PA-STD:百度, PA:阿波罗]'],
    // classifications: prefixes, any level, upper-cased
    ['IPC=H01M', 'IPC:H01M'],
    ['ipc=h01m4/*', 'IPC:H01M4/*'],
    ['主分类号=H01M10/0525', 'IPC-MAIN:H01M10/0525'],
    ['IPC-MAIN=H01M', 'IPC-MAIN:H01M'],
    ['CPC=Y02E60/10', 'CPC:Y02E60/10'],
    ['洛迦诺=14-03', 'LOC:14-03'],
    // dates and numbers
    ['AD=[20180101 TO 20201231]', 'AD:[20180101..20201231]'],
    ['AD=[2018-01-01 to 2020-12-31]', 'AD:[20180101..20201231]'],
    ['申请日=【2018.01.01 至 2020.12.31】', 'AD:[20180101..20201231]'],
    ['AD=[2018 TO *]', 'AD>=2018'],
    ['AD={2018 TO 2020}', 'AD:{2018..2020}'],
    ['PD>=2019', 'PD>=2019'],
    ['PD ＞ 201906', 'PD>201906'],
    ['GD<=2021-06-01', 'GD<=20210601'],
    ['PRD<20150101', 'PRD<20150101'],
    ['AD=2018', 'AD:2018'],
    ['失效日=2025-1-5', 'ED:20250105'],
    ['PV>=8', 'PV>=8'],
    ['FAMN=[3 TO 10]', 'FAMN:[3..10]'],
    ['CITEDN>05', 'CITEDN>5'],
    ['CLMN=10', 'CLMN:10'],
    ['AD=([2010 TO 2012] OR [2018 TO 2020])', 'OR[AD:[2010..2012], AD:[2018..2020]]'],
    // truncation
    ['电*', '电*'],
    ['*电池', '*电池'],
    ['电*池', '电*池'],
    ['batter?', 'batter?'],
    ['TI=lith*', 'TI:lith*'],
    ['TI=*ium', 'TI:*ium'],
    ['TI=li*ium', 'TI:li*ium'],
    // proximity
    ['电池 W/5 正极', 'W/5[电池, 正极]'],
    ['电池 w/5 正极', 'W/5[电池, 正极]'],
    ['电池 PRE/3 正极', 'W/3[电池, 正极]'],
    ['电池 N/5 正极', 'N/5[电池, 正极]'],
    ['电池 NEAR/10 正极', 'N/10[电池, 正极]'],
    ['TI=(电池 W/5 "solid electrolyte")', 'W/5[TI:电池, TI:"solid electrolyte"]'],
    ['电池 S 正极', 'S[电池, 正极]'],
    ['电池 同句 正极', 'S[电池, 正极]'],
    ['电池 P 正极', 'P[电池, 正极]'],
    ['CLM=(电池 同段 正极)', 'P[CLM:电池, CLM:正极]'],
    ['TI=电池 W/5 TI=正极', 'W/5[TI:电池, TI:正极]'],
    ['NOT 电池 W/5 正极 OR 锂', 'OR[NOT[W/5[电池, 正极]], 锂]'],
    // field groups nest and override
    ['TI=(电池 OR AB=正极)', 'OR[TI:电池, AB:正极]'],
    ['TI=((电池 OR 锂) AND 正极)', 'AND[OR[TI:电池, TI:锂], TI:正极]'],
    ['TI=(电池 NOT 燃料)', 'AND[TI:电池, NOT[TI:燃料]]'],
    // quotes and words with punctuation
    ['“固态电池”', '"固态电池"'],
    ['＂固态电池＂', '"固态电池"'],
    ['Li-ion', 'Li-ion'],
    ['"AND"', '"AND"'],
  ];

  it.each(table)('parses %s', (text, expected) => {
    expect(parsed(text)).toBe(expected);
  });

  it('keeps spans pointing into the original text', () => {
    const text = '标题＝（电池 OR 正极）';
    const result = parseExpression(text);
    if (!result.ok || result.ast.kind !== 'Or') throw new Error('expected an Or');
    const [first, second] = result.ast.children;
    expect(first && text.slice(first.span.start, first.span.end)).toBe('电池');
    expect(second && text.slice(second.span.start, second.span.end)).toBe('正极');
    expect(result.ast.span).toEqual({ start: 4, end: 12 });
  });
});
