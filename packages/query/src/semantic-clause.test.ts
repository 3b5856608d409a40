import { describe, expect, it } from 'vitest';
import { debugErrors, debugPrint, parseExpression, printExpression, stripSpans, tokenize } from './index.js';
import { DEFAULT_SEMANTIC_TOP, MAX_SEMANTIC_TOP } from './limits.js';

/** The AST of a valid expression, in debugPrint form. */
function shape(text: string): string {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(debugErrors(text, parsed.errors));
  return debugPrint(parsed.ast);
}

function errorsOf(text: string): string {
  const parsed = parseExpression(text);
  return parsed.ok ? '' : debugErrors(text, parsed.errors);
}

describe('SEM=(text): the most similar patents as a clause (issue 48)', () => {
  it('reads the parenthesised text as text: its and/or/not, quotes and colons are not operators', () => {
    expect(shape('SEM=(a speaker diaphragm and a coil, not glued: "low distortion")')).toBe(
      `SEM/${DEFAULT_SEMANTIC_TOP}:«a speaker diaphragm and a coil, not glued: "low distortion"»`,
    );
    expect(shape('SEM=(振膜 (复合材料) 降低失真) AND PA=歌尔 AND AD>=2020')).toBe(
      `AND[SEM/${DEFAULT_SEMANTIC_TOP}:«振膜 (复合材料) 降低失真», PA:歌尔, AD>=2020]`,
    );
  });

  it('takes N from SEM/N, an alias, full-width parentheses and a quoted text', () => {
    expect(shape('SEM/500=(扬声器振膜)')).toBe('SEM/500:«扬声器振膜»');
    expect(shape('语义/20＝（扬声器振膜）')).toBe('SEM/20:«扬声器振膜»');
    expect(shape('semantic="speaker diaphragm"')).toBe(`SEM/${DEFAULT_SEMANTIC_TOP}:«speaker diaphragm»`);
    expect(shape('NOT SEM/3=(扬声器振膜) OR TI=电池')).toBe('OR[NOT[SEM/3:«扬声器振膜»], TI:电池]');
  });

  it('prints back to an expression that parses to the same clause', () => {
    for (const text of ['SEM/500=(振膜 (复合) and more) AND PA=歌尔', 'SEM="a ( b"', 'SEM=(x AND y) OR #3']) {
      const first = parseExpression(text);
      expect(first.ok, text).toBe(true);
      if (!first.ok) continue;
      const printed = printExpression(first.ast);
      const again = parseExpression(printed);
      expect(again.ok, printed).toBe(true);
      if (again.ok) expect(stripSpans(again.ast)).toEqual(stripSpans(first.ast));
    }
    const full = parseExpression('SEM/1000=(振膜)');
    expect(full.ok && printExpression(full.ast)).toBe('SEM=(振膜)');
  });

  it('refuses N out of bounds, a text without content and an unclosed parenthesis, each where it is', () => {
    expect(errorsOf('SEM/0=(扬声器振膜)')).toBe('QUERY_SEMANTIC_TOP 0:13 «SEM/0=(扬声器振膜)»');
    expect(errorsOf(`TI=电池 AND SEM/${MAX_SEMANTIC_TOP + 1}=(扬声器)`)).toMatch(/^QUERY_SEMANTIC_TOP 10:/);
    expect(errorsOf('SEM=(  )')).toBe('QUERY_SEMANTIC_TEXT 0:8 «SEM=(  )»');
    expect(errorsOf('SEM=(,;)')).toBe('QUERY_SEMANTIC_TEXT 0:8 «SEM=(,;)»');
    expect(errorsOf('SEM=(扬声器 (振膜)')).toBe('QUERY_UNBALANCED_PARENS 4:5 «(»');
    expect(errorsOf('SEM=')).toMatch(/^QUERY_MISSING_OPERAND/);
  });

  it('colours the field and its text for the editor', () => {
    const tokens = tokenize('SEM/50=(a and b) AND PA=x');
    expect(tokens.map((t) => `${t.kind}:${t.text}`)).toEqual([
      'field:SEM/50',
      'assign:=',
      'semantic:(a and b)',
      'operator:AND',
      'field:PA',
      'assign:=',
      'term:x',
    ]);
  });
});
