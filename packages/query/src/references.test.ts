import { describe, expect, it } from 'vitest';
import type { QueryNode } from './ast.js';
import {
  debugErrors,
  debugPrint,
  historyReferences,
  parseExpression,
  printExpression,
  replaceReferences,
  tokenize,
} from './index.js';

function parsed(text: string): QueryNode {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`expected ${text} to parse:\n${debugErrors(text, result.errors)}`);
  return result.ast;
}

function firstError(text: string): string {
  const result = parseExpression(text);
  if (result.ok) throw new Error(`expected ${text} to fail`);
  return debugErrors(text, result.errors.slice(0, 1));
}

describe('history references (#n)', () => {
  it.each<[string, string]>([
    ['#3 AND #5', 'AND[#3, #5]'],
    ['#3 OR #5 NOT #1', 'OR[#3, AND[#5, NOT[#1]]]'],
    ['＃12 与 TI=电池', 'AND[#12, TI:电池]'],
    ['(#1 OR #2) AND AD>=2018', 'AND[OR[#1, #2], AD>=2018]'],
    ['NOT #4', 'NOT[#4]'],
    ['#1 #2', 'AND[#1, #2]'],
  ])('parses %s', (text, expected) => {
    expect(debugPrint(parsed(text))).toBe(expected);
  });

  it('reads other words with # as terms', () => {
    for (const text of ['#abc', '#03', 'abc#3']) expect(parsed(text).kind, text).toBe('Term');
  });

  it('prints #n back and reads the printed text as the same expression', () => {
    const ast = parsed('( #3  and  #5 ) or ＃7');
    expect(printExpression(ast)).toBe('#3 AND #5 OR #7');
    expect(debugPrint(parsed(printExpression(ast)))).toBe(debugPrint(ast));
  });

  it('lists the references with their positions in the original text', () => {
    const text = 'TI=电池 AND (＃12 OR NOT #3)';
    const refs = historyReferences(parsed(text));
    expect(refs.map((r) => [r.no, text.slice(r.span.start, r.span.end)])).toEqual([
      [12, '＃12'],
      [3, '#3'],
    ]);
  });

  it('replaces each reference by the search it stands for, flattening And/Or', () => {
    const searches: Record<number, QueryNode> = { 1: parsed('TI=电池 AND PA=比亚迪'), 2: parsed('AB=正极 OR AB=负极') };
    const replaced = replaceReferences(parsed('#1 AND #2 NOT AD>=2020'), (ref) => searches[ref.no]!);
    expect(debugPrint(replaced)).toBe('AND[TI:电池, PA:比亚迪, OR[AB:正极, AB:负极], NOT[AD>=2020]]');
    expect(printExpression(replaced)).toBe('TI=电池 AND PA=比亚迪 AND AB=(正极 OR 负极) AND NOT AD>=2020');
  });

  it('refuses a reference inside a field, and a reference as a proximity operand, at its position', () => {
    expect(firstError('TI=(电池 OR #3)')).toBe('QUERY_REFERENCE_IN_FIELD 10:12 «#3»');
    expect(firstError('TI=#3')).toBe('QUERY_REFERENCE_IN_FIELD 3:5 «#3»');
    expect(firstError('#3 W/5 电池')).toBe('QUERY_PROXIMITY_OPERAND 0:2 «#3»');
  });

  it('colours a reference as such in the editor', () => {
    expect(tokenize('#3 AND 电池').map((t) => `${t.kind}:${t.text}`)).toEqual([
      'reference:#3',
      'operator:AND',
      'term:电池',
    ]);
  });
});
