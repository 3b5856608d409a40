import Database from 'better-sqlite3';
import type { Patent } from '@patlas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedCache } from './bounded-cache.js';
import { KEYWORD_STATEMENTS_KEPT } from './semantic-host.js';
import { createSqliteEngine } from './sqlite-engine.js';

describe('BoundedCache', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>(3);
    let made = 0;
    const get = (key: string) => cache.getOrCreate(key, () => ++made);
    expect([get('a'), get('b'), get('c')]).toEqual([1, 2, 3]);
    // a read makes `a` the most recent: `b` is the oldest now
    expect(get('a')).toBe(1);
    expect(get('d')).toBe(4);
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((k) => cache.has(k))).toEqual([true, false, true, true]);
    for (let i = 0; i < 100; i++) get(`k${i}`);
    expect(cache.size).toBe(3);
    expect(made).toBe(104);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new BoundedCache(0)).toThrow(/capacity/);
    expect(() => new BoundedCache(1.5)).toThrow(/capacity/);
  });
});

function patent(i: number, text: string): Patent {
  return {
    publicationNumber: `US${9100000 + i}B2`,
    country: 'US',
    title: { text: text.split(' ').slice(0, 3).join(' '), lang: 'en' },
    abstract: { text, lang: 'en' },
  } as Patent;
}

describe('the keyword ranking statements of an engine (issue 41)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps one per recent weight combination, never more than KEYWORD_STATEMENTS_KEPT', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index([
      patent(1, 'lithium battery cathode electrode cell charge'),
      patent(2, 'battery pack cooling cell lithium module'),
      patent(3, 'combustion engine fuel injection piston'),
    ]);
    // Observes the statements the engine prepares (it still prepares them): the ranking's carry patlas_bm25.
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    const rankingPrepares = () => prepare.mock.calls.filter(([sql]) => String(sql).includes('patlas_bm25(')).length;
    const search = async (weights: [number, number, number, number]) => {
      const result = await engine.semanticSearch({ text: 'lithium battery cell', weights, mode: 'bm25' });
      expect(result.items.length).toBeGreaterThan(0);
    };
    const combinations: [number, number, number, number][] = [];
    for (let i = 0; i < KEYWORD_STATEMENTS_KEPT + 20; i++) combinations.push([1 + (i % 99), 3, 3, 1 + ((i * 7) % 5)]);
    for (const weights of combinations) await search(weights);
    expect(rankingPrepares()).toBe(combinations.length);

    // The most recent ones are still kept: asking them again prepares nothing.
    const recent = combinations.slice(-KEYWORD_STATEMENTS_KEPT);
    for (const weights of recent.reverse()) await search(weights);
    expect(rankingPrepares()).toBe(combinations.length);
    // The first ones were let go: asking one again prepares it anew (kept for ever before).
    await search(combinations[0]!);
    expect(rankingPrepares()).toBe(combinations.length + 1);
    await engine.close();
  });
});
