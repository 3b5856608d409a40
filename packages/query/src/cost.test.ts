import { describe, expect, it } from 'vitest';
import type { QueryNode } from './ast.js';
import { findProximityExcess } from './cost.js';
import { parseExpression } from './index.js';
import { MAX_QUERY_PROXIMITY } from './limits.js';

function astOf(text: string): QueryNode {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`expected ${text} to parse`);
  return result.ast;
}

const clauses = (count: number) => Array.from({ length: count }, (_, i) => `(电池${i} W/3 正极${i})`).join(' OR ');

describe('findProximityExcess', () => {
  it('is undefined within the limit', () => {
    expect(findProximityExcess(astOf(clauses(MAX_QUERY_PROXIMITY)))).toBeUndefined();
  });

  it('counts the search a #n stands for and points at the #n that passes the limit', () => {
    const half = Math.ceil((MAX_QUERY_PROXIMITY + 1) / 2);
    const searches = new Map([
      [1, astOf(clauses(half))],
      [2, astOf(clauses(half))],
    ]);
    const text = 'TI=电池 AND (#1 OR #2)';
    const error = findProximityExcess(astOf(text), (ref) => searches.get(ref.no));
    expect(error?.code).toBe('QUERY_TOO_MANY_PROXIMITY');
    expect(error && text.slice(error.span.start, error.span.end)).toBe('#2');
    expect(findProximityExcess(astOf('#1 NOT 电池'), (ref) => searches.get(ref.no))).toBeUndefined();
  });
});
