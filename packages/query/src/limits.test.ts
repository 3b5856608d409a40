import { describe, expect, it } from 'vitest';
import { parseExpression } from './index.js';
import { MAX_EXPRESSION_LENGTH, MAX_QUERY_PROXIMITY } from './limits.js';

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
    // At most MAX_QUERY_PROXIMITY proximity operators (the cost guard); AND, same length, in the other units.
    const unit = (i: number) =>
      `TI=(锂电池 OR "lithium battery") AND AD>=2018 AND (电池 ${i < MAX_QUERY_PROXIMITY ? 'W/5' : 'AND'} 正极) NOT IPC=H01M4/* OR `;
    const repeats = Math.floor((MAX_EXPRESSION_LENGTH - 2) / unit(0).length);
    const text = Array.from({ length: repeats }, (_, i) => unit(i)).join('') + '电池';
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

/** The pathological expression: an OR of `count` `TIAB=(a W/n b)` clauses (250 of them are 12 KB). */
export function proximityClauses(count: number): string {
  const clauses = Array.from(
    { length: count },
    (_, i) => `TIAB=("lithium battery${i}" W/${(i % 9) + 1} "cathode material${i}")`,
  );
  return clauses.join(' OR ');
}

/** A landscape search as analysts write it: two OR groups of about 50 keywords each, ANDed, over 2000 characters. */
function landscapeExpression(): string {
  const zh = [
    '锂离子电池',
    '正极活性材料',
    '负极集流体',
    '固体电解质',
    '复合隔膜',
    '固态电池',
    '钠离子电池',
    '硅碳负极',
  ];
  const en = ['lithium ion', 'cathode active', 'anode current', 'electrolyte additive', 'separator coating', 'sodium'];
  const group = (offset: number) =>
    Array.from({ length: 60 }, (_, i) => {
      const word = i % 2 === 0 ? `${zh[i % zh.length]}${offset + i}` : `${en[i % en.length]}${offset + i}*`;
      return word.includes(' ') ? `"${word}"` : word;
    }).join(' OR ');
  return `TIABC=(${group(0)}) AND TIABC=(${group(200)}) AND (电池 W/5 正极 OR battery N/3 cathode) AND AD>=2010`;
}

describe('cost guard', () => {
  it('refuses the 250-proximity-clause expression at once, at the first proximity clause beyond the limit', () => {
    const text = proximityClauses(250);
    expect(text.length).toBeGreaterThan(12_000);
    const refused = timed(() => parseExpression(text));
    expect(refused.result.ok).toBe(false);
    if (refused.result.ok) return;
    expect(refused.result.errors.map((e) => e.code)).toEqual(['QUERY_TOO_MANY_PROXIMITY']);
    const [error] = refused.result.errors;
    expect(error?.params).toEqual({ max: MAX_QUERY_PROXIMITY });
    expect(error && text.slice(error.span.start, error.span.end)).toBe(
      `"lithium battery${MAX_QUERY_PROXIMITY}" W/${(MAX_QUERY_PROXIMITY % 9) + 1} "cathode material${MAX_QUERY_PROXIMITY}"`,
    );
    // Generous for a loaded CI machine; parsing it takes about a millisecond.
    expect(refused.ms).toBeLessThan(250);
  });

  it('accepts exactly the limit of proximity operators', () => {
    expect(parseExpression(proximityClauses(MAX_QUERY_PROXIMITY)).ok).toBe(true);
    expect(parseExpression(proximityClauses(MAX_QUERY_PROXIMITY + 1)).ok).toBe(false);
  });

  it('counts sentence and paragraph operators as proximity too', () => {
    const clauses = Array.from({ length: MAX_QUERY_PROXIMITY + 1 }, (_, i) =>
      i % 2 === 0 ? `(电池${i} S 正极${i})` : `(电池${i} 同段 正极${i})`,
    );
    const result = parseExpression(clauses.join(' OR '));
    expect(result.ok ? [] : result.errors.map((e) => e.code)).toEqual(['QUERY_TOO_MANY_PROXIMITY']);
  });

  it('accepts a 2000-character landscape expression of about 100 OR-ed keywords', () => {
    const text = landscapeExpression();
    expect(text.length).toBeGreaterThan(2_000);
    const result = parseExpression(text);
    expect(result.ok ? 'ok' : result.errors.map((e) => e.code).join()).toBe('ok');
  });
});
