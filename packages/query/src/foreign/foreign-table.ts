/** The shared check of the translator tables (*.test.ts beside it); test-only. */
import { expect, it } from 'vitest';
import { parseExpression } from '../index.js';
import type { ForeignSystem } from './core.js';
import { translateForeign } from './detect.js';

export function runForeignTable(
  system: ForeignSystem,
  translations: readonly (readonly [string, string])[],
  unsupported: readonly (readonly [string, string, string, string])[],
): void {
  it('holds at least 20 expressions in the documented forms', () => {
    expect(new Set([...translations.map((r) => r[0]), ...unsupported.map((r) => r[0])]).size).toBeGreaterThanOrEqual(
      20,
    );
  });

  it.each(translations)('%s → %s', (input, expected) => {
    const result = translateForeign(input, system);
    expect(result?.system).toBe(system);
    expect(result?.expression).toBe(expected);
    expect(result?.unsupported).toEqual([]);
    const parsed = parseExpression(expected);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
  });

  it.each(unsupported)('%s → %s, naming %s as having no equivalent', (input, expected, construct, message) => {
    const result = translateForeign(input, system);
    expect(result?.expression).toBe(expected);
    if (expected !== '') expect(parseExpression(expected).ok).toBe(true);
    const item = result?.unsupported.find((u) => u.construct === construct);
    expect(item, JSON.stringify(result?.unsupported)).toBeDefined();
    expect(item?.en.startsWith(message)).toBe(true);
    expect(item?.zh).toMatch(/[\u4e00-\u9fff]/);
  });
}
