import { describe, expect, it } from 'vitest';
import { QUERY_ERROR_CODES, type QueryErrorCode } from './errors.js';
import { debugErrors, normaliseNumber, parseExpression, printExpression } from './index.js';
import { MAX_EXPRESSION_LENGTH, MAX_QUERY_DEPTH, MAX_QUERY_TERMS } from './limits.js';

function errorsOf(text: string): string {
  const result = parseExpression(text);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return debugErrors(text, result.errors);
}

describe('errors: code and span', () => {
  const table: [QueryErrorCode, string, string][] = [
    ['QUERY_EMPTY', '   ', 'QUERY_EMPTY 0:3 «   »'],
    ['QUERY_EMPTY', '', 'QUERY_EMPTY 0:0 «»'],
    ['QUERY_UNBALANCED_PARENS', 'TI=(电池 OR 正极', 'QUERY_UNBALANCED_PARENS 3:4 «(»'],
    ['QUERY_UNBALANCED_PARENS', '电池 OR 正极)', 'QUERY_UNBALANCED_PARENS 8:9 «)»'],
    ['QUERY_UNBALANCED_PARENS', 'TI＝（电池', 'QUERY_UNBALANCED_PARENS 3:4 «（»'],
    ['QUERY_UNCLOSED_QUOTE', 'TI="lithium battery', 'QUERY_UNCLOSED_QUOTE 3:19 «"lithium battery»'],
    ['QUERY_UNCLOSED_QUOTE', '“固态电池', 'QUERY_UNCLOSED_QUOTE 0:5 «“固态电池»'],
    ['QUERY_UNEXPECTED_TOKEN', '电池 OR OR 正极', 'QUERY_UNEXPECTED_TOKEN 6:8 «OR»'],
    ['QUERY_UNEXPECTED_TOKEN', 'AND 电池', 'QUERY_UNEXPECTED_TOKEN 0:3 «AND»'],
    ['QUERY_UNEXPECTED_TOKEN', '电池]', 'QUERY_UNEXPECTED_TOKEN 2:3 «]»'],
    ['QUERY_UNEXPECTED_TOKEN', '[2018 TO 2020]', 'QUERY_UNEXPECTED_TOKEN 0:1 «[»'],
    ['QUERY_UNEXPECTED_TOKEN', 'AD=[2018 2020]', 'QUERY_UNEXPECTED_TOKEN 9:13 «2020»'],
    ['QUERY_UNEXPECTED_TOKEN', '电池 W/5 W/5 正极', 'QUERY_UNEXPECTED_TOKEN 7:10 «W/5»'],
    ['QUERY_MISSING_OPERAND', '电池 AND', 'QUERY_MISSING_OPERAND 3:6 «AND»'],
    ['QUERY_MISSING_OPERAND', 'TI=', 'QUERY_MISSING_OPERAND 0:3 «TI=»'],
    ['QUERY_MISSING_OPERAND', '(电池 OR )', 'QUERY_MISSING_OPERAND 4:6 «OR»'],
    ['QUERY_MISSING_OPERAND', '()', 'QUERY_MISSING_OPERAND 0:1 «(»'],
    ['QUERY_UNKNOWN_FIELD', 'XX=电池', 'QUERY_UNKNOWN_FIELD 0:2 «XX»'],
    ['QUERY_FIELD_OPERATOR', 'TI>=2018', 'QUERY_FIELD_OPERATOR 0:8 «TI>=2018»'],
    ['QUERY_FIELD_OPERATOR', 'PA=(宁德 W/5 时代)', 'QUERY_FIELD_OPERATOR 4:13 «宁德 W/5 时代»'],
    ['QUERY_FIELD_OPERATOR', 'IPC="H01M 4"', 'QUERY_FIELD_OPERATOR 4:12 «"H01M 4"»'],
    ['QUERY_FIELD_OPERATOR', 'AD="2018"', 'QUERY_FIELD_OPERATOR 3:9 «"2018"»'],
    ['QUERY_BAD_DATE', 'AD=2018-02-30', 'QUERY_BAD_DATE 3:13 «2018-02-30»'],
    ['QUERY_BAD_DATE', 'AD=2018*', 'QUERY_BAD_DATE 3:8 «2018*»'],
    ['QUERY_BAD_DATE', 'PD>=20191301', 'QUERY_BAD_DATE 0:12 «PD>=20191301»'],
    ['QUERY_BAD_NUMBER', 'PV>=high', 'QUERY_BAD_NUMBER 0:8 «PV>=high»'],
    ['QUERY_BAD_RANGE', 'AD=[20201231 TO 20180101]', 'QUERY_BAD_RANGE 0:25 «AD=[20201231 TO 20180101]»'],
    ['QUERY_BAD_RANGE', 'AD=[* TO *]', 'QUERY_BAD_RANGE 0:11 «AD=[* TO *]»'],
    ['QUERY_BAD_RANGE', 'CLMN={5 TO 5}', 'QUERY_BAD_RANGE 0:13 «CLMN={5 TO 5}»'],
    ['QUERY_BAD_DISTANCE', '电池 W/500 正极', 'QUERY_BAD_DISTANCE 0:11 «电池 W/500 正极»'],
    ['QUERY_BAD_DISTANCE', '电池 N/0 正极', 'QUERY_BAD_DISTANCE 0:9 «电池 N/0 正极»'],
    ['QUERY_PROXIMITY_OPERAND', '(电池 OR 锂) W/5 正极', 'QUERY_PROXIMITY_OPERAND 1:8 «电池 OR 锂»'],
    ['QUERY_PROXIMITY_OPERAND', '电池 W/5 正极 W/5 材料', 'QUERY_PROXIMITY_OPERAND 10:13 «W/5»'],
    ['QUERY_PROXIMITY_FIELDS', 'TI=电池 W/5 AB=正极', 'QUERY_PROXIMITY_FIELDS 6:9 «W/5»'],
    ['QUERY_TERM_TOO_SHORT', '*', 'QUERY_TERM_TOO_SHORT 0:1 «*»'],
    ['QUERY_TERM_TOO_SHORT', 'TI=a*', 'QUERY_TERM_TOO_SHORT 3:5 «a*»'],
    ['QUERY_TERM_TOO_SHORT', '电池 AND x', 'QUERY_TERM_TOO_SHORT 7:8 «x»'],
    ['QUERY_TERM_TOO_SHORT', 'IPC=*', 'QUERY_TERM_TOO_SHORT 4:5 «*»'],
    ['QUERY_NO_VALID_TEXT', '""', 'QUERY_NO_VALID_TEXT 0:2 «""»'],
    ['QUERY_REFERENCE_IN_FIELD', 'TI=(#3)', 'QUERY_REFERENCE_IN_FIELD 4:6 «#3»'],
    ['QUERY_NO_VALID_TEXT', 'TI=，。', 'QUERY_NO_VALID_TEXT 3:5 «，。»'],
    [
      'QUERY_TOO_DEEP',
      '('.repeat(40) + '电池' + ')'.repeat(40),
      `QUERY_TOO_DEEP ${MAX_QUERY_DEPTH}:${MAX_QUERY_DEPTH + 1} «(»`,
    ],
    [
      'QUERY_TOO_DEEP',
      'NOT '.repeat(40) + '电池',
      `QUERY_TOO_DEEP ${MAX_QUERY_DEPTH * 4}:${MAX_QUERY_DEPTH * 4 + 3} «NOT»`,
    ],
  ];

  it.each(table)('%s: %s', (_code, text, expected) => {
    expect(errorsOf(text)).toBe(expected);
  });

  it('has a test for every code', () => {
    const tested = new Set(table.map(([code]) => code));
    tested.add('QUERY_TOO_LONG').add('QUERY_TOO_COMPLEX').add('QUERY_TOO_MANY_PROXIMITY');
    // Found by the engine, which knows the indexed words (engine compile-query.test.ts).
    tested.add('QUERY_TOO_MANY_EXPANSIONS');
    // Found by the server, which knows the user's history (apps/server search.routes.test.ts).
    tested.add('QUERY_REFERENCE_NOT_FOUND').add('QUERY_REFERENCE_CYCLE').add('QUERY_REFERENCE_UNUSABLE');
    tested.add('QUERY_REFERENCE_UNSUPPORTED').add('QUERY_APPLICANT_GROUP_NOT_FOUND');
    // Found by the server, which knows the imported company information (apps/server business company-info.routes.test.ts).
    tested.add('QUERY_COMPANY_INFO_MISSING').add('QUERY_LISTED_VALUE');
    // SEM=(…) (issue 48): semantic-clause.test.ts; the server's refusal in apps/server search semantic-clause.routes.test.ts.
    tested.add('QUERY_SEMANTIC_TOP').add('QUERY_SEMANTIC_TEXT').add('QUERY_SEMANTIC_UNSUPPORTED');
    expect(QUERY_ERROR_CODES.filter((code) => !tested.has(code))).toEqual([]);
  });

  it('refuses an expression over the length limit, pointing at the first character beyond it', () => {
    const text = 'a'.repeat(MAX_EXPRESSION_LENGTH + 1);
    const result = parseExpression(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        code: 'QUERY_TOO_LONG',
        span: { start: MAX_EXPRESSION_LENGTH, end: MAX_EXPRESSION_LENGTH + 1 },
        params: { max: MAX_EXPRESSION_LENGTH, length: MAX_EXPRESSION_LENGTH + 1 },
      },
    ]);
  });

  it('refuses too many terms with "adjust logic complexity" at the first term beyond the limit', () => {
    const terms = Array.from({ length: MAX_QUERY_TERMS + 2 }, (_, i) => `t${i}`);
    const text = terms.join(' OR ');
    const result = parseExpression(text);
    if (result.ok) throw new Error('expected refusal');
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error?.code).toBe('QUERY_TOO_COMPLEX');
    expect(error && text.slice(error.span.start, error.span.end)).toBe(`t${MAX_QUERY_TERMS}`);
  });

  it('collects several errors in one pass, ordered by position', () => {
    const text = 'XX=电池 AND AD=2018-13 AND TI=a AND PV>=9 AND IPC="H01M"';
    expect(errorsOf(text)).toBe(
      [
        'QUERY_UNKNOWN_FIELD 0:2 «XX»',
        'QUERY_BAD_DATE 13:20 «2018-13»',
        'QUERY_TERM_TOO_SHORT 28:29 «a»',
        'QUERY_FIELD_OPERATOR 48:54 «"H01M"»',
      ].join('\n'),
    );
  });

  it('reports every unbalanced parenthesis', () => {
    expect(errorsOf('(电池 OR 正极)) AND (锂')).toBe(
      ['QUERY_UNBALANCED_PARENS 10:11 «)»', 'QUERY_UNBALANCED_PARENS 16:17 «(»'].join('\n'),
    );
  });
});

describe('errors found by the parser fuzz (parser.fuzz.test.ts)', () => {
  it('names an unexpected phrase with its quotes, so an empty one is not shown as nothing', () => {
    const result = parseExpression('AD>""');
    if (result.ok) throw new Error('expected refusal');
    expect(result.errors).toEqual([
      { code: 'QUERY_UNEXPECTED_TOKEN', span: { start: 3, end: 5 }, params: { token: '""' } },
    ]);
    const quoted = parseExpression('PV<"12"');
    expect(quoted.ok ? [] : quoted.errors.map((e) => e.params)).toEqual([{ token: '"12"' }]);
  });
});

describe('numbers found by the parser fuzz (parser.fuzz.test.ts)', () => {
  it('normalises numbers on their digits, so a long one prints as a number that parses back', () => {
    const result = parseExpression('CITN>=1001010011001010010000');
    if (!result.ok) throw new Error('expected to parse');
    expect(printExpression(result.ast)).toBe('CITN>=1001010011001010010000');
    expect(parseExpression(printExpression(result.ast)).ok).toBe(true);
  });

  it.each([
    ['08', '8'],
    ['1.50', '1.5'],
    ['+3', '3'],
    ['-0.0', '0'],
    ['-2.50', '-2.5'],
    ['000', '0'],
    ['0.25', '0.25'],
    ['1e5', undefined],
    ['1.', undefined],
  ])('normaliseNumber(%s) is %s', (value, expected) => {
    expect(normaliseNumber(value)).toBe(expected);
  });
});
