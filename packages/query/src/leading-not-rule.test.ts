import { describe, expect, it } from 'vitest';
import { applyLeadingNotRule, beginsWithNot } from './leading-not-rule.js';
import { debugPrint, parseExpression } from './index.js';
import { lex } from './lexer.js';
import { parseTokens } from './parser.js';

function rewritten(text: string): string {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(text);
  return debugPrint(applyLeadingNotRule(result.ast));
}

describe('applyLeadingNotRule', () => {
  it.each([
    ['NOT 燃料', 'AND[CC:*, NOT[燃料]]'],
    ['非 燃料', 'AND[CC:*, NOT[燃料]]'],
    ['NOT 燃料 AND 电池', 'AND[CC:*, NOT[燃料], 电池]'],
    ['NOT 燃料 OR 电池', 'OR[AND[CC:*, NOT[燃料]], 电池]'],
    ['(NOT 燃料 OR 氢) AND 电池', 'AND[OR[AND[CC:*, NOT[燃料]], 氢], 电池]'],
    ['NOT NOT 燃料', 'AND[CC:*, NOT[NOT[燃料]]]'],
  ])('prefixes the match-all condition to %s', (text, expected) => {
    expect(rewritten(text)).toBe(expected);
  });

  it('gives the same tree as writing the condition in front', () => {
    // Parsed without validation: users may not type a lone `*` themselves.
    const typed = parseTokens(lex('CC=* NOT 燃料 OR 电池').tokens);
    expect(typed.ast && debugPrint(typed.ast)).toBe(rewritten('NOT 燃料 OR 电池'));
  });

  it.each(['电池 NOT 燃料', '电池 OR NOT 燃料', 'TI=电池'])('leaves %s alone', (text) => {
    const result = parseExpression(text);
    if (!result.ok) throw new Error(text);
    expect(beginsWithNot(result.ast)).toBe(false);
    expect(applyLeadingNotRule(result.ast)).toBe(result.ast);
  });
});
