import type { Patent } from '@patlas/contracts';
import { parseExpression, type QueryNode } from '@patlas/query';
import { describe, expect, it } from 'vitest';
import { matchAsOf } from './as-of-match.js';
import { MAX_AS_OF_REVISIONS, reviseAsOf, type AsOfScope, type DataVersionSource } from './as-of.js';

const ast = (text: string): QueryNode => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.ast;
};
const doc = (n: number, title: string): string =>
  JSON.stringify({
    publicationNumber: `CN1400000${n}A`,
    country: 'CN',
    kind: 'A',
    title: { lang: 'zh', text: title },
    publicationDate: '2025-01-01',
  } satisfies Patent);

/** A version source of fixed revisions: `changed` records, `revisions` of them kept. */
const source = (changed: number, revisions: Map<string, string>, notKept: string[] = []): DataVersionSource => ({
  latest: async () => 3,
  recordsAfter: async () => [],
  list: async () => [],
  revisionsAsOf: async () => ({ changed, revisions, notKept }),
});
const scope: AsOfScope = { kind: 'before', version: 1, latest: 3, addedAfter: [] };

/** Issue 48 item 5: the records changed after a version, matched as they were (docs/search-as-of.md). */
describe('reviseAsOf', () => {
  it('leaves out the revised records that did not match then and takes in those that did', async () => {
    const revisions = new Map([
      ['CN14000001A', doc(1, '一种锂电池')],
      ['CN14000002A', doc(2, '一种钠电池')],
      ['CN14000003A', doc(3, '一种锂电池隔膜')],
    ]);
    const revised = await reviseAsOf(scope, source(4, revisions, ['CN14000009A']), matchAsOf, ast('TI=锂电池'), {});
    expect(revised).toEqual({
      without: ['CN14000002A'],
      plus: ['CN14000001A', 'CN14000003A'],
      changes: { changed: 4, revised: 3, current: ['CN14000009A'] },
    });
    // The search's scope and filters run on the records as they were too.
    const us = await reviseAsOf(scope, source(3, revisions), matchAsOf, ast('TI=锂电池'), { scope: 'uncn' });
    expect(us?.plus).toEqual([]);
  });

  it('past the limit matches every changed record on its current content, and says so', async () => {
    let asked = false;
    const revised = await reviseAsOf(
      scope,
      source(MAX_AS_OF_REVISIONS + 1, new Map()),
      async () => {
        asked = true;
        return [];
      },
      ast('TI=锂电池'),
      {},
    );
    expect(revised).toEqual({
      without: [],
      plus: [],
      changes: { changed: MAX_AS_OF_REVISIONS + 1, revised: 0, current: 'all' },
    });
    expect(asked).toBe(false);
  });

  it('does nothing at the newest version, or with nothing changed since', async () => {
    const matcher = async () => [];
    expect(await reviseAsOf({ ...scope, version: 3 }, source(1, new Map()), matcher, ast('TI=锂'), {})).toBe(undefined);
    expect(await reviseAsOf(scope, source(0, new Map()), matcher, ast('TI=锂'), {})).toBe(undefined);
  });
});
