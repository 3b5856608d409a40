import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUERY_ERROR_CODES } from './errors.js';
import { FIELDS } from './fields.js';
import { parseExpression } from './index.js';

// docs/search-syntax.md is the help page; keep it in step with the dictionary and the error codes.
const doc = readFileSync(new URL('../../../docs/search-syntax.md', import.meta.url), 'utf8');

describe('docs/search-syntax.md', () => {
  it('lists every field with its aliases and example', () => {
    for (const field of FIELDS) {
      for (const name of [field.id, ...field.aliases, field.example]) expect(doc, name).toContain(`\`${name}\``);
    }
  });

  it('shows every error code', () => {
    for (const code of QUERY_ERROR_CODES) expect(doc, code).toContain(`\`${code}\``);
  });

  it('gives examples that parse, apart from the ones shown as wrong', () => {
    const shownAsWrong = new Set([
      'TI=电池 W/5 AB=正极',
      'TI=battery W/5 AB=cathode',
      'CC=* NOT 燃料',
      'CC=* NOT fuel',
      'TI=(#3)',
    ]);
    const lines = doc.split('\n').filter((line) => !line.includes('QUERY_'));
    const spans = lines.flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
    const expressions = spans.filter((span) => /^[^\s=<>]+\s*(=|>=|<=|>|<)\S/u.test(span) && !shownAsWrong.has(span));
    expect(expressions.length).toBeGreaterThan(40);
    for (const text of expressions) expect(parseExpression(text).ok, text).toBe(true);
  });
});
