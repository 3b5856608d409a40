import { parseExpression } from '@patlas/query';
import { describe, expect, it } from 'vitest';
import { compileQuery, rankExpressions, titleOnlyMatch, type CompileContext, type Plan } from '../compile-query.js';
import { parseMatch, phrasesOf, printMatch, type MatchNode } from './match-syntax.js';

const ctx: CompileContext = { expandWord: (p) => (p === 'batter*' ? ['batter', 'batteri'] : []) };

function plan(expression: string): Plan {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(`does not parse: ${expression}`);
  return compileQuery(parsed.ast, ctx);
}

/** Every MATCH string of a plan: its conditions and its rank expressions. */
function matchesOf(p: Plan): string[] {
  switch (p.kind) {
    case 'fts':
    case 'verify':
      return [p.match, ...p.rank];
    case 'column':
      return [p.match];
    case 'and':
    case 'or':
      return p.children.flatMap(matchesOf);
    case 'not':
      return matchesOf(p.child);
    default:
      return [];
  }
}

const print = (match: string): string => printMatch(parseMatch(match));

describe('parseMatch on what the compiler emits', () => {
  it.each([
    ['TI=锂离子电池', '{ti}: ("锂离" + "离子" + "子电" + "电池")'],
    ['AB=电池pack', '{ab}: ("电池" + "池" + "pack")'],
    ['TI=碳', '{ti}: ("碳"*)'],
    ['TIABC=(电池 AND 正极) NOT AB=燃料', '(({ti ab clm}: ("电池")) AND ({ti ab clm}: ("正极"))) NOT ({ab}: ("燃料"))'],
    ['TI=(电池 W/3 正极)', '{ti}: (NEAR("电池" "正极", 4))'],
    ['AB=(lithium W/2 battery)', '{ab}: (NEAR("lithium" "batteri", 2))'],
    ['AB=batter* OR TI="lithium ion"', '({ab}: (("batter") OR ("batteri"))) OR ({ti}: ("lithium" + "ion"))'],
    ['IPC=H01M4/52 AND TI=电池', '({ipc}: ("h01m4x52"*)) AND ({ti}: ("电池"))'],
    ['PN=CN1234567A', '{pn}: (("cn1234567a") OR ("cn1234567") OR ("1234567a"))'],
    ['TI=(锂电 OR 钠电) AND NOT TI=燃料', '(({ti}: ("锂电")) OR ({ti}: ("钠电"))) NOT ({ti}: ("燃料"))'],
  ])('%s', (expression, expected) => {
    const p = plan(expression);
    if (p.kind !== 'fts' && p.kind !== 'verify') throw new Error(`not one MATCH: ${expression}`);
    expect(print(p.match)).toBe(expected);
  });

  it('reads every MATCH string of a range of compiled queries, rank expressions and title boosts included', () => {
    const expressions = [
      'TI=数据处理 AND AB=(图像 OR 传感器)',
      'TIABC=锂离子电池 NOT (PA=华为 OR IN=张三)',
      'FT=(电池 N/2 正极) OR TI=(数据 N/5 图像)',
      'PA=华为 AND (TI=电池 OR TI=电*池)',
      'CPC=H01M4/52 OR IPC-MAIN=H01M',
      'KD=A AND TI=碳 AND LE=授权',
      'TI=(电池 W/3 池组)',
      'LITPT=华为 AND PR=CN2020*',
    ];
    for (const expression of expressions) {
      const p = plan(expression);
      for (const match of matchesOf(p)) expect(() => parseMatch(match), match).not.toThrow();
      // relevance.ts and fts-tables.ts wrap them further.
      const rank = rankExpressions(p).map((r) => `(${r})`);
      if (rank.length > 0) {
        const rankMatch = rank.join(' OR ');
        expect(() => parseMatch(`(${rankMatch}) AND (${matchesOf(p)[0]})`)).not.toThrow();
        expect(() => parseMatch(`{ti tiw}: (${rankMatch})`)).not.toThrow();
      }
    }
    expect(print('{tiw}: "数据处理"')).toBe('{tiw}: ("数据处理")');
  });

  it('reads the title-only strings titleOnlyMatch is tested on', () => {
    for (const match of ['{ti}: ("数据")', '{ti tiw}: (({ti ab clm}: ("数据")) OR ({tiw}: "数据"))']) {
      expect(titleOnlyMatch(match)).toBe(true);
      expect(() => parseMatch(match)).not.toThrow();
    }
  });
});

describe('parseMatch: FTS5 grammar', () => {
  it('NOT binds tighter than AND, AND tighter than OR, implicit AND tightest', () => {
    expect(print('"a" OR "b" AND "c" NOT "d"')).toBe('("a") OR (("b") AND (("c") NOT ("d")))');
    expect(print('"a" NOT "b" "c"')).toBe('("a") NOT (("b") AND ("c"))');
    expect(print('"a" NOT "b" NOT "c"')).toBe('(("a") NOT ("b")) NOT ("c")');
    expect(print('"a" "b" OR "c"')).toBe('(("a") AND ("b")) OR ("c")');
  });

  it('phrases: + joins, * marks the last token of its string, "" escapes a quote', () => {
    expect(parseMatch('"Lithium-ion" + "电池"* + "x"')).toEqual({
      kind: 'phrase',
      terms: [
        { token: 'lithium', prefix: false },
        { token: 'ion', prefix: false },
        { token: '电池', prefix: true },
        { token: 'x', prefix: false },
      ],
    });
    expect(print('"ab cd"*')).toBe('"ab" + "cd"*');
    expect(print('"say ""hi"""')).toBe('"say" + "hi"');
    // As sqlite3Fts5ParseTerm: a string without tokens sets or clears the flag of the token before it.
    expect(print('"a" + ""*')).toBe('"a"*');
    expect(print('"a"* + "-"')).toBe('"a"');
  });

  it('filters apply to the next phrase, NEAR or group', () => {
    expect(print('{ti ab}: "a" "b"')).toBe('({ti ab}: ("a")) AND ("b")');
    expect(print('{ti}: NEAR("a" "b") OR "c"')).toBe('({ti}: (NEAR("a" "b", 10))) OR ("c")');
    expect(print('{TI "ab"}: ({ab}: "a" AND "b")')).toBe('{ti ab}: (({ab}: ("a")) AND ("b"))');
  });

  it('NEAR: distance optional (10), FTS5 capping of huge ones, phrases of separators dropped', () => {
    expect(parseMatch('NEAR("a" "b" + "c", 0)')).toMatchObject({ kind: 'near', distance: 0 });
    expect(parseMatch('NEAR ( "a" "b" )')).toMatchObject({ kind: 'near', distance: 10 });
    expect(parseMatch('NEAR("a" "b", 99999999999)')).toMatchObject({ distance: 999999999 });
    expect(print('NEAR("a" "" "b", 2)')).toBe('NEAR("a" "b", 2)');
    // A nearset of separators only is dropped from an implicit AND (FTS5), not from AND.
    expect(print('"a" ""')).toBe('"a"');
    expect(print('"a" AND ""')).toBe('("a") AND ("")');
  });

  it('numbers phrases left to right, as xInst does', () => {
    const ast: MatchNode = parseMatch('{ti}: (NEAR("电池" "正极", 4)) AND "x"');
    expect(phrasesOf(ast).map((p) => p.terms[0]?.token)).toEqual(['电池', '正极', 'x']);
  });

  it.each([
    ['bare', /bare word/],
    ['"a" AND', /expected a phrase at 7/],
    ['"a" ("b")', /expected the end at 4/],
    ['"a" {ti}: ("b")', /phrase or NEAR after the column filter at 10/],
    ['^"a"', /unsupported character "\^" at 0/],
    ['-{ti}: "a"', /unsupported character "-" at 0/],
    ['ti: "a"', /bare word .* at 0/],
    ['{xx}: "a"', /unknown column "xx" at 1/],
    ['{}: "a"', /expected a column name at 1/],
    ['"abc', /unterminated string at 0/],
    ['NEAR("a" "b", x)', /expected the NEAR distance at 14/],
    ['NEAR("a" "b",)', /expected the NEAR distance at 13/],
    ['()', /expected a phrase at 1/],
    ['"a" and "b"', /bare word/],
  ])('refuses %s', (match, error) => {
    expect(() => parseMatch(match)).toThrow(error);
  });
});
