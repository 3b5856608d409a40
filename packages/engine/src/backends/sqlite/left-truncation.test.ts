import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parseExpression, type QueryNode } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stemWord } from '../../analysis/english.js';
import type { IndexablePatent } from './index-tokens.js';
import { createSqliteEngine } from './sqlite-engine.js';

function parse(expression: string): QueryNode {
  const result = parseExpression(expression);
  if (!result.ok) throw new Error(`does not parse: ${expression}`);
  return result.ast;
}

const WORDS = [
  'semiconductor',
  'superconductor',
  'nonconductor',
  'conductor',
  'conductors',
  'conductive',
  'conduct',
  'semiconductors',
  'inductor',
  'detector',
  'protector',
  'sensor',
];

describe('left truncation from the reversed vocabulary (vocab.rev, index-schema.ts v9)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-left-truncation-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the documents with a word ending as the pattern says (by its stem)', async () => {
    const file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    const docs: IndexablePatent[] = WORDS.flatMap((word, i) =>
      Array.from({ length: 3 }, (_, k) => ({
        publicationNumber: `US${9000000 + i * 10 + k}A`,
        country: 'US',
        title: { text: `A ${word} for a vehicle ${k}` },
      })),
    );
    await engine.index(docs);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare("SELECT rev FROM vocab WHERE word = 'semiconductor'").pluck().get()).toBe('rotcudnocimes');
    raw.close();
    const cases: [string, RegExp][] = [
      ['*conductor', /conductor$/],
      ['*conductors', /conductors$/],
      ['*ctor', /ctor$/],
      ['*tect?r', /tect.r$/],
      ['?nductor', /^.nductor$/],
      ['*conduct*', /conduct/],
    ];
    for (const [pattern, ending] of cases) {
      const result = await engine.search({ ast: parse(`TI=${pattern}`), page: 1, pageSize: 100, facets: [] });
      // A truncation finds the stems of the words it matches (`conductors` is found by `conductor`).
      const stems = new Set(WORDS.filter((w) => ending.test(w)).map((w) => stemWord(w)));
      const expected = WORDS.filter((w) => stems.has(stemWord(w))).length * 3;
      expect(result.total, pattern).toBe(expected);
    }
    await engine.close();
  });
});
