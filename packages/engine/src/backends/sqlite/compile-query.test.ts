import { describe, expect, it } from 'vitest';
import { MAX_WILDCARD_EXPANSIONS, type NearNode, type QueryNode, type TermNode } from '@patlas/query';
import { EngineError } from '../../search-engine.js';
import { compileQuery, printPlan, type CompileContext } from './compile-query.js';
import { classToken, textTokens } from './index-tokens.js';

const span = { start: 0, end: 0 };
const t = (field: string | null, value: string, phrase = false): TermNode => ({
  kind: 'Term',
  field,
  value,
  phrase,
  span,
});
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'And', children, span });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'Or', children, span });
const not = (child: QueryNode): QueryNode => ({ kind: 'Not', child, span });
const ctx: CompileContext = { expandWord: (p) => (p === 'batter*' ? ['batter', 'batteri'] : []) };
const compile = (ast: QueryNode): string => printPlan(compileQuery(ast, ctx));

describe('index tokens', () => {
  it('CJK runs become bigrams plus a closing unigram, words their stem', () => {
    expect(textTokens('锂电池组, Lithium batteries')).toBe('锂电 电池 池组 组 lithium batteri');
    expect(textTokens('ＮＣＭ811正极')).toBe('ncm811 正极 极');
  });
  it('classification codes are single prefix-searchable tokens', () => {
    expect(classToken('H01M 4/525')).toBe('h01m4x525');
    expect(classToken('H01M')).toBe('h01m');
    expect(classToken('12-08')).toBe('12x08');
  });
});

describe('compileQuery (SQLite FTS5)', () => {
  it.each([
    [t(null, '电池'), 'FTS({ti ab clm}: ("电池"))'],
    [t('TI', '碳'), 'FTS({ti}: ("碳"*))'],
    [t('TI', '锂离子电池'), 'FTS({ti}: ("锂离" + "离子" + "子电" + "电池"))'],
    [t('AB', 'NCM811正极'), 'FTS({ab}: ("ncm811" + "正极"))'],
    [t('AB', '电池pack'), 'FTS({ab}: ("电池" + "池" + "pack"))'],
    [t('AB', '电池 pack'), 'FTS({ab}: (("电池") AND ("pack")))'],
    [t('AB', 'lithium batteries', true), 'FTS({ab}: ("lithium" + "batteri"))'],
    [t('AB', 'method of charging'), 'FTS({ab}: (("method") AND ("charg")))'],
    [t('AB', 'batter*'), 'FTS({ab}: (("batter" OR "batteri")))'],
    [t('AB', 'zzz*'), 'NONE'],
    // Class levels and exact values come from the columns' posting lists (issue 23), each the same set as its FTS5 form.
    [t('IPC', 'H01M4/*'), 'COLUMN(ipcGroup = h01m4)'],
    [t('IPC', 'H01M4/52'), 'FTS({ipc}: ("h01m4x52"*))'],
    [t('IPC', 'H01M4'), 'COLUMN(ipcGroup = h01m4)'],
    [t('IPC', 'H01M'), 'COLUMN(ipcSubclass = h01m)'],
    [t('IPC', 'H01'), 'COLUMN(ipcClass = h01)'],
    [t('IPC-MAIN', 'H01M'), 'FTS({ipcm}: ("h01m"*))'],
    [t('CPC', 'H01M4/52'), 'FTS({cpc}: ("h01m4x52"*))'],
    [t('PT', '实用新型'), 'COLUMN(patentType = utilitymodel)'],
    [t('LS', '有*'), 'COLUMN(legalStatus ^= 有)'],
    [t('KD', 'A'), 'FTS({kd}: ("a"))'],
    [t('PN', 'CN 1234567 A'), 'FTS({pn}: (("cn1234567a" OR "cn1234567" OR "1234567a")))'],
    [t('AD', '2019'), 'RANGE(ad [20190101..20191231])'],
    [
      { kind: 'Range', field: 'PD', from: '201801', includeFrom: false, includeTo: true, span },
      'RANGE(pd [20180132..)',
    ],
    [t('TI', '电*池'), 'VERIFY({ti}: (("电"*) AND ("池"*)) | ti ~ 电[^\\n]*池)'],
    [
      and(t(null, '电池'), not(t(null, '燃料')), t('LS', '有效')),
      'AND[FTS(({ti ab clm}: ("电池")) NOT ({ti ab clm}: ("燃料"))), COLUMN(legalStatus = 有效)]',
    ],
    [
      or(t('TI', '电池'), { kind: 'Range', field: 'AD', from: '2020', includeFrom: true, includeTo: true, span }),
      'OR[FTS({ti}: ("电池")), RANGE(ad [20200101..)]',
    ],
    [not(t('CC', 'CN')), 'NOT[COLUMN(country = cn)]'],
    [t('LE', '授权'), 'FTS({le}: ("授权"))'],
    [t('LITPT', '华为'), 'FTS({litpl litdf}: ("华为"))'],
    [and(t('LITCT', '法院'), t('LITD', '2021')), 'AND[FTS({litct}: ("法院")), RANGE(litd [20210101..20211231])]'],
    [t('DEF', '1'), 'RANGE(def [1..1])'],
    [t('DEFD', '2020'), 'RANGE(defd [20200101..20201231])'],
  ] as const)('%#', (ast, expected) => {
    expect(compile(ast as QueryNode)).toBe(expected);
  });

  it('proximity: NEAR candidates, verified on stored text; unverifiable fields stay FTS-only', () => {
    const near = (field: string | null, ordered: boolean, unit: NearNode['unit']): NearNode =>
      ({
        kind: 'Near',
        field,
        left: t(field, '电池'),
        right: t(field, '正极'),
        ordered,
        unit,
        distance: unit === 'word' ? 3 : undefined,
        span,
      }) as NearNode;
    expect(compile(near('TI', true, 'word'))).toBe('VERIFY({ti}: (NEAR("电池" "正极", 4)) | ti W/3 on positions)');
    // The description is not stored, but its positions are indexed: the order holds there too.
    expect(compile(near('FT', true, 'word'))).toBe(
      'VERIFY({ti ab clm desc}: (NEAR("电池" "正极", 4)) | ti ab clm desc W/3 on positions)',
    );
    expect(compile(near(null, false, 'sentence'))).toBe('VERIFY({ti ab clm}: (("电池") AND ("正极")) | ti ab clm S)');
    expect(compile(near('FT', false, 'word'))).toBe('FTS({ti ab clm desc}: (NEAR("电池" "正极", 4)))');
  });

  it('refuses unknown fields and bad ranges with typed errors', () => {
    expect(() => compile(t('XX', 'a'))).toThrow(expect.objectContaining({ code: 'FIELD_UNKNOWN' }));
    expect(() =>
      compile({ kind: 'Range', field: 'AD', from: '20x', includeFrom: true, includeTo: true, span }),
    ).toThrow(expect.objectContaining({ code: 'RANGE_INVALID' }));
  });
});

describe('compileQuery cost guard: wildcard expansions', () => {
  /** Every truncation expands to `perWord` indexed stems. */
  const broad = (perWord: number): CompileContext => ({
    expandWord: (p) => Array.from({ length: perWord }, (_, i) => `${p.replace(/[*?]/g, '')}${i}`),
  });
  const truncations = (count: number) =>
    or(
      ...Array.from({ length: count }, (_, i) => ({
        ...t('TI', `word${i}*`),
        span: { start: i * 10, end: i * 10 + 6 },
      })),
    );

  it('accepts truncations expanding to MAX_WILDCARD_EXPANSIONS words in all', () => {
    const perWord = MAX_WILDCARD_EXPANSIONS / 5;
    expect(() => compileQuery(truncations(5), broad(perWord))).not.toThrow();
  });

  it('refuses the expression at the truncation whose expansion passes the limit, positioned there', () => {
    const perWord = MAX_WILDCARD_EXPANSIONS / 5;
    let error: unknown;
    try {
      compileQuery(truncations(8), broad(perWord));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineError);
    const engineError = error as EngineError;
    expect(engineError.code).toBe('QUERY_TOO_MANY_EXPANSIONS');
    expect(engineError.params).toEqual({ max: MAX_WILDCARD_EXPANSIONS, term: 'word5*' });
    expect(engineError.span).toEqual({ start: 50, end: 56 });
  });

  it('counts the expansions on both sides of a proximity operator, pointing at the side that passes the limit', () => {
    const left = { ...t('TI', 'left*'), span: { start: 0, end: 5 } };
    const right = { ...t('TI', 'right*'), span: { start: 10, end: 16 } };
    const near: NearNode = {
      kind: 'Near',
      field: 'TI',
      left,
      right,
      ordered: true,
      unit: 'word',
      distance: 3,
      span: { start: 0, end: 16 },
    };
    const half = MAX_WILDCARD_EXPANSIONS / 2;
    expect(() => compileQuery(near, broad(half))).not.toThrow();
    expect(() => compileQuery(near, broad(half + 1))).toThrow(
      expect.objectContaining({ code: 'QUERY_TOO_MANY_EXPANSIONS', span: { start: 10, end: 16 } }),
    );
  });

  it('starts every compile from zero', () => {
    const ctx = broad(MAX_WILDCARD_EXPANSIONS / 2);
    for (let i = 0; i < 3; i++) expect(() => compileQuery(truncations(2), ctx)).not.toThrow();
  });
});
