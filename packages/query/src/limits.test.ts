import { describe, expect, it } from 'vitest';
import { parseExpression } from './index.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';

/** A batch of publication numbers padded to exactly `length` characters, the longest real expressions users send. */
function batchExpression(length: number): string {
  const numbers: string[] = [];
  let text = '';
  for (let i = 0; ; i++) {
    numbers.push(`CN${String(110_000_000 + i * 7)}A`);
    const next = `PN=(${numbers.join(' OR ')})`;
    if (next.length > length) break;
    text = next;
  }
  return text.slice(0, -1) + ' '.repeat(length - text.length) + ')';
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('limits', () => {
  it('parses a 50000-character expression in well under 100 ms and refuses 50001', () => {
    const text = batchExpression(MAX_EXPRESSION_LENGTH);
    expect(text).toHaveLength(MAX_EXPRESSION_LENGTH);
    const cold = timed(() => parseExpression(text)); // the first call also pays for JIT compilation
    for (let i = 0; i < 3; i++) parseExpression(text);
    const runs = Array.from({ length: 5 }, () => timed(() => parseExpression(text)));
    const best = Math.min(...runs.map((r) => r.ms));
    const first = runs[0];
    expect(first?.result.ok).toBe(true);
    if (first?.result.ok && first.result.ast.kind === 'Or') {
      console.log(
        `50000 chars, ${first.result.ast.children.length} terms: cold ${cold.ms.toFixed(1)} ms, warm best ${best.toFixed(1)} ms, runs ${runs.map((r) => r.ms.toFixed(1)).join('/')} ms`,
      );
    }
    expect(best).toBeLessThan(100);

    const tooLong = text + ' ';
    const refused = timed(() => parseExpression(tooLong));
    expect(refused.result.ok).toBe(false);
    if (!refused.result.ok) expect(refused.result.errors.map((e) => e.code)).toEqual(['QUERY_TOO_LONG']);
    console.log(`50001 chars refused in ${refused.ms.toFixed(2)} ms`);
  });

  it('parses 50000 characters of mixed syntax quickly', () => {
    const unit = 'TI=(锂电池 OR "lithium battery") AND AD>=2018 AND (电池 W/5 正极) NOT IPC=H01M4/* OR ';
    const repeats = Math.floor((MAX_EXPRESSION_LENGTH - 2) / unit.length);
    const text = unit.repeat(repeats) + '电池';
    const cold = timed(() => parseExpression(text));
    for (let i = 0; i < 3; i++) parseExpression(text);
    const runs = Array.from({ length: 5 }, () => timed(() => parseExpression(text)));
    const best = Math.min(...runs.map((r) => r.ms));
    console.log(
      `${text.length} chars of mixed syntax (${repeats * 7 + 1} terms): cold ${cold.ms.toFixed(1)} ms, warm best ${best.toFixed(1)} ms`,
    );
    expect(cold.result.ok).toBe(true);
    expect(best).toBeLessThan(100);
  });
});
