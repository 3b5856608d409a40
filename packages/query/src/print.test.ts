import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NearNode, QueryNode, RangeNode, Span, TermNode } from './ast.js';
import { debugPrint, parseExpression, printExpression, stripSpans } from './index.js';
import { makeAnd, makeOr } from './parser.js';

const SPAN: Span = { start: 0, end: 0 };

function reparse(ast: QueryNode): QueryNode {
  const text = printExpression(ast);
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`printed text does not parse: ${text}\n${JSON.stringify(result.errors)}`);
  return result.ast;
}

// ---- values that the validator accepts for each field type ----------------------------------

const cjkWord = fc
  .array(fc.constantFrom(...'电池锂正极负材料碳硅固态氢燃料宁德时代比亚迪'), { minLength: 1, maxLength: 4 })
  .map((a) => a.join(''));
const latinWord = fc
  .stringMatching(/^[a-z][a-z0-9]{1,8}(-[a-z0-9]{1,4})?$/)
  .filter((w) => !['and', 'or', 'not'].includes(w));
const truncatedLatin = fc
  .tuple(latinWord, fc.constantFrom('suffix', 'prefix', 'middle', 'single'))
  .map(([w, where]) =>
    where === 'suffix'
      ? `${w}*`
      : where === 'prefix'
        ? `*${w}`
        : where === 'middle'
          ? `${w.slice(0, 1)}*${w.slice(1)}`
          : `${w}?`,
  );
const truncatedCjk = cjkWord.map((w) => `${w}*`);
const phraseText = fc
  .array(fc.oneof(cjkWord, latinWord, fc.constantFrom('AND', 'W/5', 'TI=x', '(ab)')), { minLength: 1, maxLength: 4 })
  .map((a) => a.join(' '));

const TEXT_FIELDS = ['TI', 'AB', 'CLM', 'DESC', 'TIAB', 'TIABC', 'FT', 'ADDR', 'LIT', 'PLG', 'LIC', 'TRF', 'REX'];
const KEYWORD_FIELDS = ['PA', 'AS', 'IN', 'AGT', 'AGC', 'PROV', 'CITY', 'LS', 'PT', 'CC', 'KD'];
const NUMBER_ID_FIELDS = ['AN', 'PN', 'PR', 'FAM', 'CIT', 'CITED'];
const CLASS_FIELDS = ['IPC', 'IPC-MAIN', 'CPC', 'LOC'];
const DATE_FIELDS = ['AD', 'PD', 'GD', 'PRD', 'ED'];
const NUMBER_FIELDS = ['FAMN', 'CITN', 'CITEDN', 'PV', 'CLMN'];

function term(field: string | null, value: string, phrase: boolean): TermNode {
  return { kind: 'Term', field, value, phrase, span: SPAN };
}

const textValue = fc.oneof(
  cjkWord.map((v) => ({ value: v, phrase: false })),
  latinWord.map((v) => ({ value: v, phrase: false })),
  truncatedLatin.map((v) => ({ value: v, phrase: false })),
  truncatedCjk.map((v) => ({ value: v, phrase: false })),
  phraseText.map((v) => ({ value: v, phrase: true })),
);
const textField = fc.constantFrom<string | null>(null, ...TEXT_FIELDS);

const textTerm = fc.tuple(textField, textValue).map(([f, v]) => term(f, v.value, v.phrase));
const keywordTerm = fc
  .tuple(
    fc.constantFrom(...KEYWORD_FIELDS),
    fc.oneof(
      cjkWord.map((v) => ({ value: v, phrase: false })),
      fc.constantFrom('B', 'S', 'P', 'CN', 'A1').map((v) => ({ value: v, phrase: false })),
      phraseText.map((v) => ({ value: v, phrase: true })),
    ),
  )
  .map(([f, v]) => term(f, v.value, v.phrase));
const numberIdTerm = fc
  .tuple(fc.constantFrom(...NUMBER_ID_FIELDS), fc.stringMatching(/^(CN|US|EP|WO)\d{3,9}[AB]?\*?$/))
  .map(([f, v]) => term(f, v, false));
const classTerm = fc
  .tuple(
    fc.constantFrom(...CLASS_FIELDS),
    fc.stringMatching(/^([A-H](\d\d([A-Z](\d{1,3}(\/(\d{2,4}|\*))?)?)?)?|\d\d-\d\d)$/),
  )
  .map(([f, v]) => term(f, v, false));

const date = fc
  .tuple(
    fc.integer({ min: 1985, max: 2030 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.nat(2),
  )
  .map(([y, m, d, granularity]) => {
    const mm = String(m).padStart(2, '0');
    const dd = String(d).padStart(2, '0');
    return granularity === 0 ? `${y}` : granularity === 1 ? `${y}${mm}` : `${y}${mm}${dd}`;
  });
const number = fc.oneof(fc.integer({ min: 0, max: 100_000 }).map(String), fc.constantFrom('8.5', '0.25', '99.9'));

function range(field: string, bounds: [string, string], shape: number, flags: [boolean, boolean]): RangeNode {
  const [low, high] = bounds;
  switch (shape) {
    case 0:
      return { kind: 'Range', field, from: low, to: low, includeFrom: true, includeTo: true, span: SPAN };
    case 1:
      return { kind: 'Range', field, from: low, includeFrom: flags[0], includeTo: false, span: SPAN };
    case 2:
      return { kind: 'Range', field, to: high, includeFrom: false, includeTo: flags[1], span: SPAN };
    default:
      return { kind: 'Range', field, from: low, to: high, includeFrom: flags[0], includeTo: flags[1], span: SPAN };
  }
}

const dateRange = fc
  .tuple(fc.constantFrom(...DATE_FIELDS), date, date, fc.nat(3), fc.boolean(), fc.boolean())
  .filter(([, a, b]) => a.length === b.length && a !== b)
  .map(([f, a, b, shape, i, j]) => range(f, a < b ? [a, b] : [b, a], shape, [i, j]));
const numberRange = fc
  .tuple(fc.constantFrom(...NUMBER_FIELDS), number, number, fc.nat(3), fc.boolean(), fc.boolean())
  .filter(([, a, b]) => Number(a) !== Number(b))
  .map(([f, a, b, shape, i, j]) => range(f, Number(a) < Number(b) ? [a, b] : [b, a], shape, [i, j]));

const near = fc
  .tuple(
    textField,
    textValue,
    textValue,
    fc.constantFrom('word', 'sentence', 'paragraph'),
    fc.boolean(),
    fc.integer({ min: 1, max: 100 }),
  )
  .map(([field, l, r, unit, ordered, distance]): NearNode => {
    const base = {
      kind: 'Near',
      field,
      left: term(field, l.value, l.phrase),
      right: term(field, r.value, r.phrase),
      span: SPAN,
    } as const;
    return unit === 'word' ? { ...base, unit, ordered, distance } : { ...base, unit, ordered: false };
  });

const leaf: fc.Arbitrary<QueryNode> = fc.oneof(
  { arbitrary: textTerm, weight: 4 },
  keywordTerm,
  numberIdTerm,
  classTerm,
  dateRange,
  numberRange,
  near,
);

/** Valid ASTs in the parser's normal form (nested And/Or flattened). */
const queryAst: fc.Arbitrary<QueryNode> = fc.letrec<{ node: QueryNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((children) => makeAnd(children)),
    fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((children) => makeOr(children)),
    tie('node').map((child): QueryNode => ({ kind: 'Not', child, span: SPAN })),
  ),
})).node;

describe('printExpression', () => {
  it('round-trips: parse(print(ast)) equals ast, spans aside', () => {
    fc.assert(
      fc.property(queryAst, (ast) => {
        expect(stripSpans(reparse(ast))).toEqual(stripSpans(ast));
      }),
      { numRuns: 1500 },
    );
  });

  it('is a fixed point on anything that parses', () => {
    const soup = fc
      .array(
        fc.constantFrom(
          'TI=',
          '标题＝',
          'AD>=',
          'PA:',
          '(',
          ')',
          '（',
          '）',
          ' AND ',
          ' or ',
          ' 非 ',
          ' NOT ',
          ' ',
          '电池',
          'lithium',
          '"solid state"',
          '2018',
          ' W/5 ',
          ' S ',
          '[2018 TO 2020]',
          'H01M4/*',
          '*电',
        ),
        { maxLength: 14 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(soup, (text) => {
        const first = parseExpression(text);
        if (!first.ok) return;
        const printed = printExpression(first.ast);
        const second = parseExpression(printed);
        expect(second.ok).toBe(true);
        if (second.ok) {
          expect(stripSpans(second.ast)).toEqual(stripSpans(first.ast));
          expect(printExpression(second.ast)).toBe(printed);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('prints canonical text', () => {
    const cases: [string, string][] = [
      ['ti=(电池 or 锂) and not 燃料', 'TI=(电池 OR 锂) AND NOT 燃料'],
      ['电池 正极', '电池 AND 正极'],
      ['(aa OR bb) cc', '(aa OR bb) AND cc'],
      ['aa OR bb cc', 'aa OR bb AND cc'],
      ['NOT (aa bb)', 'NOT (aa AND bb)'],
      ['TI=(aa bb) OR AB=cc', 'TI=(aa AND bb) OR AB=cc'],
      ['TI=(电池 W/5 正极)', 'TI=(电池 W/5 正极)'],
      ['电池 NEAR/3 正极', '电池 N/3 正极'],
      ['AD=[2018-01-01 TO *]', 'AD>=20180101'],
      ['AD={2018 TO 2020]', 'AD={2018 TO 2020]'],
      ['AD=2018', 'AD=2018'],
      ['申请人="BYD Co" AND 公开（公告）号=CN1*', 'PA="BYD Co" AND PN=CN1*'],
      // Terms sharing one field are grouped under it, as far up the tree as they go.
      ['TI=(锂电池 OR "lithium battery") AND TI=正极', 'TI=((锂电池 OR "lithium battery") AND 正极)'],
      ['TI=aa AND AB=bb AND TI=cc', 'TI=aa AND AB=bb AND TI=cc'],
    ];
    for (const [input, expected] of cases) {
      const result = parseExpression(input);
      if (!result.ok) throw new Error(input);
      expect(printExpression(result.ast), input).toBe(expected);
    }
  });
});

describe('parseExpression on arbitrary input', () => {
  it('never throws and reports spans inside the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 })),
        (text) => {
          const result = parseExpression(text);
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const error of result.errors) {
              expect(error.span.start).toBeGreaterThanOrEqual(0);
              expect(error.span.end).toBeLessThanOrEqual(text.length);
              expect(error.span.start).toBeLessThanOrEqual(error.span.end);
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the debug form of a small tree', () => {
    const result = parseExpression('TI=(电池 AND 正极)');
    expect(result.ok && debugPrint(result.ast)).toBe('AND[TI:电池, TI:正极]');
  });
});
