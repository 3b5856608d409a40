import { mkdtempSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Patent } from '@patlas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEngine } from '../backends/sqlite/sqlite-engine.js';
import { keywordExpression } from '../backends/sqlite/semantic-search.js';
import {
  combinedVector,
  keyTermsOf,
  packFieldVectors,
  reciprocalRankFusion,
  termCounts,
  unpackFieldVectors,
  weightedSimilarity,
} from './hybrid.js';
import { embedTerms, trainLsaModel, deserialiseLsaModel, serialiseLsaModel, type LsaModel } from './lsa-model.js';

const BATTERY = [
  'lithium battery cathode electrode cell charge',
  'battery cell anode electrode lithium capacity',
  'battery pack cooling cell lithium module',
  'electrode coating battery lithium cathode anode',
];
const ENGINE = [
  'engine cylinder piston combustion fuel',
  'combustion engine fuel injection piston',
  'turbocharger engine intake combustion air',
  'engine crankshaft piston cylinder head',
];

function cos(a: Float32Array, b: Float32Array): number {
  return a.reduce((s, x, i) => s + x * (b[i] as number), 0);
}

describe('LSA model', () => {
  let model: LsaModel;
  beforeAll(async () => {
    model = await trainLsaModel(
      [...BATTERY, ...ENGINE].map((t) => termCounts(t)),
      { dims: 4 },
    );
  });

  it('puts texts of one topic close and of two topics apart, even without a shared word', () => {
    const anode = embedTerms(model, termCounts('anode capacity').counts)!;
    const cathode = embedTerms(model, termCounts('cathode coating').counts)!;
    const piston = embedTerms(model, termCounts('piston injection').counts)!;
    expect(cos(anode, cathode)).toBeGreaterThan(0.8);
    expect(cos(anode, piston)).toBeLessThan(0.3);
    expect(Math.abs(cos(anode, anode) - 1)).toBeLessThan(1e-5);
  });

  it('has nothing to say about a text of unknown words', () => {
    expect(embedTerms(model, termCounts('zebra giraffe').counts)).toBeUndefined();
  });

  it('round-trips through its stored form', () => {
    const s = serialiseLsaModel(model);
    const back = deserialiseLsaModel(s.meta, s.idf, s.vectors);
    const q = termCounts('lithium anode').counts;
    expect(Array.from(embedTerms(back, q)!)).toEqual(Array.from(embedTerms(model, q)!));
  });
});

describe('hybrid helpers', () => {
  it('fuses rankings by reciprocal rank: agreement beats one strong list', () => {
    const fused = reciprocalRankFusion([
      [1, 2, 3],
      [2, 4, 1],
    ]);
    const order = [...fused].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order.slice(0, 2)).toEqual([2, 1]);
    expect(fused.get(4)).toBeCloseTo(1 / 62);
  });

  it('weighs field similarities by the user weights over the fields a patent has', () => {
    const q = Float32Array.from([1, 0]);
    const title = Float32Array.from([1, 0]);
    const abstract = Float32Array.from([0, 1]);
    const [t, a, c] = unpackFieldVectors(packFieldVectors([title, abstract, undefined], 2), 2);
    expect(c).toBeUndefined();
    expect(weightedSimilarity(q, [t, a, c], [3, 3, 3, 3])).toBeCloseTo(0.5);
    expect(weightedSimilarity(q, [t, a, c], [9, 0, 0, 0])).toBeCloseTo(1);
    expect(weightedSimilarity(q, [t, a, c], [0, 9, 0, 0])).toBeCloseTo(0);
    // Description-only weights: vectors do not hold the description, so the plain mean is used.
    expect(weightedSimilarity(q, [t, a, c], [0, 0, 0, 3])).toBeCloseTo(0.5);
    expect(combinedVector([undefined, undefined], 2)).toBeUndefined();
  });

  it('picks key terms by TF-IDF and builds the keyword expression over weighted fields only', () => {
    const terms = keyTermsOf('锂电池 锂电池 正极 the battery', (k) => (k === '正极' ? 5 : 1), 2);
    expect(terms[0]?.form).toBe('正极');
    expect(keywordExpression(['锂电池', 'battery'], [3, 0, 3, 0])).toBe(
      'TI=("锂电池" OR "battery") OR CLM=("锂电池" OR "battery")',
    );
    expect(keywordExpression(['x'], [0, 0, 0, 0])).toBeUndefined();
  });
});

function patent(i: number, text: string): Patent {
  return {
    publicationNumber: `US${9000000 + i}B2`,
    country: i % 2 === 0 ? 'US' : 'EP',
    title: { text: text.split(' ').slice(0, 3).join(' '), lang: 'en' },
    abstract: { text, lang: 'en' },
  } as Patent;
}

describe('semantic index of the SQLite engine', () => {
  it('learns, folds new patents in, forgets removed ones, and keeps its vectors across a reopen', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'patlas-sem-')), 'index.db');
    const engine = createSqliteEngine({ file });
    const docs = [...BATTERY, ...ENGINE].map((t, i) => patent(i, t));
    await engine.index(docs);
    expect(engine.semanticStatus().model).toBeNull();
    const status = await engine.buildSemanticModel({ dims: 4 });
    expect(status.model).toBe('lsa-4');
    expect(status.vectors).toBe(8);

    // A patent indexed after learning folds into the same space at once.
    await engine.index([patent(20, 'lithium battery anode electrode')]);
    expect(engine.semanticStatus().vectors).toBe(9);
    const found = await engine.semanticSearch({ text: 'anode capacity', weights: [3, 3, 3, 3], mode: 'vector' });
    expect(found.items[0]?.abstract).toMatch(/battery|anode/);
    expect(found.model).toBe('lsa-4');

    // Scope restricts candidates (EP = odd numbers).
    const ep = await engine.semanticSearch({
      text: 'piston engine',
      weights: [3, 3, 3, 3],
      mode: 'hybrid',
      scope: 'uncn',
    });
    expect(ep.items.length).toBeGreaterThan(0);

    expect(await engine.remove(['US9000020B2'])).toBe(1);
    expect(engine.semanticStatus().vectors).toBe(8);
    await engine.close();
    expect(existsSync(`${file}.usearch`)).toBe(true);

    const reopened = createSqliteEngine({ file });
    expect(reopened.semanticStatus()).toMatchObject({ model: 'lsa-4', vectors: 8 });
    const again = await reopened.semanticSearch({ text: 'piston injection', weights: [3, 3, 3, 3], mode: 'vector' });
    expect(again.items[0]?.abstract).toMatch(/engine|piston|combustion/);
    await reopened.close();
  });

  it('refuses a text without a usable term', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await expect(
      engine.semanticSearch({ text: 'the of 123', weights: [3, 3, 3, 3], mode: 'hybrid' }),
    ).rejects.toMatchObject({ code: 'TEXT_NO_TERMS' });
    await engine.close();
  });
});
