import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wholePhrase } from '../backends/sqlite/semantic-search.js';
import {
  contentWords,
  embedWords,
  expansionTerms,
  fastTextHash,
  loadWordVectors,
  nearestTerms,
  packWordVectors,
  sifWeight,
  subwordBuckets,
  trainingTokens,
  wordVector,
  type FastTextModel,
} from './word-vectors.js';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../data/vectors/patlas-ft.vec');

/** A tiny fastText-shaped model: 4 dims, words on chosen axes, n-gram buckets with their own values. */
function tinyModel(): FastTextModel {
  const words = ['电池', '蓄电池', '锂电池', '发动机', 'engine', 'battery'];
  const counts = [1000, 50, 40, 300, 200, 100];
  const dims = 4;
  const buckets = 64;
  const input = new Float32Array((words.length + buckets) * dims);
  // Battery words near axis 0, engine words near axis 1.
  const axes = [0, 0, 0, 1, 1, 0];
  words.forEach((_, w) => {
    input[w * dims + (axes[w] as number)] = 1;
    input[w * dims + 2] = 0.1 * w;
  });
  for (let b = 0; b < buckets; b++) input[(words.length + b) * dims + 3] = ((b % 7) - 3) / 10;
  return { dims, minn: 1, maxn: 4, buckets, words, counts, input };
}

function cos(a: Float32Array, b: Float32Array): number {
  return a.reduce((s, x, i) => s + x * (b[i] as number), 0);
}

describe('shipped word vectors: format and fastText subwords', () => {
  it('hashes n-grams as fastText does (FNV-1a, bytes sign-extended)', () => {
    expect(fastTextHash(Buffer.from('a'))).toBe(0xe40c292c);
    // Sign extension changes the hash of a byte ≥ 0x80 from plain FNV-1a (0x050c5d1f for 0xe7).
    expect(fastTextHash(Uint8Array.of(0xe7))).not.toBe(0x050c5d1f);
    // "<电池>": 4 characters → n-grams of 1–4 characters but the lone "<" and ">".
    expect(subwordBuckets('电池', 1, 4, 1_000_000)).toHaveLength(2 + 3 + 2 + 1);
  });

  it('packs and reads back: int8 rows within a quantisation step, counts, SIF weights', () => {
    const model = tinyModel();
    const wv = loadWordVectors(packWordVectors(model, { componentSample: ['电池 发动机', 'battery engine'] }));
    expect(wv.words).toEqual(model.words);
    expect(Array.from(wv.counts)).toEqual(model.counts);
    expect(wv.total).toBe(1690);
    const battery = wordVector(wv, '电池') as Float32Array;
    const accumulator = wordVector(wv, '蓄电池') as Float32Array;
    const engine = wordVector(wv, '发动机') as Float32Array;
    expect(cos(battery, accumulator)).toBeGreaterThan(0.9);
    expect(cos(battery, engine)).toBeLessThan(0.5);
    expect(Math.hypot(...battery)).toBeCloseTo(1, 5);
    // A frequent word weighs less than a rare one; a word never seen weighs 1.
    expect(sifWeight(wv, '电池')).toBeLessThan(sifWeight(wv, '锂电池'));
    expect(sifWeight(wv, '未见过')).toBe(1);
  });

  it('gives an unseen word the mean of its n-gram buckets', () => {
    const model = tinyModel();
    const wv = loadWordVectors(packWordVectors(model, { componentSample: [] }));
    const unseen = wordVector(wv, '钠电池') as Float32Array;
    expect(unseen).toBeDefined();
    const expected = new Float64Array(4);
    for (const b of subwordBuckets('钠电池', 1, 4, 64)) {
      for (let c = 0; c < 4; c++) expected[c] = (expected[c] as number) + (model.input[(6 + b) * 4 + c] as number);
    }
    const norm = Math.hypot(...expected);
    for (let c = 0; c < 4; c++) expect(unseen[c]).toBeCloseTo((expected[c] as number) / norm, 1);
  });

  it('averages a text with SIF weights and removes the common component', () => {
    const wv = loadWordVectors(
      packWordVectors(tinyModel(), { componentSample: ['电池 蓄电池', '电池 锂电池', '电池'] }),
    );
    const text = embedWords(wv, contentWords('电池和蓄电池'));
    const other = embedWords(wv, contentWords('发动机 engine'));
    expect(text).toBeDefined();
    expect(Math.hypot(...(text as Float32Array))).toBeCloseTo(1, 5);
    // The common component (the battery axis, which every sample line shares) is gone from the text vector.
    const component = wv.component;
    expect(Math.abs(cos(text as Float32Array, component))).toBeLessThan(1e-5);
    expect(other).toBeDefined();
    expect(embedWords(wv, [])).toBeUndefined();
  });

  it('cuts text as training did: jieba words, Latin lower-cased, digits and punctuation dropped', () => {
    expect(trainingTokens('锂电池的Battery 2024, pack!')).toEqual(['锂电池', '的', 'battery', 'pack']);
    expect(contentWords('锂电池的 a battery')).toEqual(['锂电池', 'battery']);
  });

  it('finds nearest terms and expands a short query without the removed ones', () => {
    const wv = loadWordVectors(packWordVectors(tinyModel(), { componentSample: [] }));
    const near = nearestTerms(wv, '蓄电池', { k: 2, minCount: 1, minSimilarity: 0 }).map((n) => n.term);
    expect(near).toContain('电池');
    expect(near).not.toContain('蓄电池');
    // Terms holding the query word (锂电池 for 电池) add nothing to a substring search: left out.
    const expanded = expansionTerms(wv, 'battery');
    expect(expanded).not.toContain('battery');
    expect(expansionTerms(wv, 'battery', expanded)).toEqual(
      expansionTerms(wv, 'battery').filter((t) => !expanded.includes(t)),
    );
    // A long text is not expanded.
    expect(expansionTerms(wv, 'battery engine 电池 发动机 蓄电池')).toEqual([]);
  });
});

describe('the shipped vectors (data/vectors/patlas-ft.vec)', () => {
  it('loads and puts 锂电池 or 蓄电池 among the nearest terms of 电池', () => {
    const wv = loadWordVectors(readFileSync(SHIPPED));
    const near = nearestTerms(wv, '电池', { k: 20 }).map((n) => n.term);
    expect(near.some((t) => t === '锂电池' || t === '蓄电池')).toBe(true);
    const engine = nearestTerms(wv, 'engine', { k: 20 }).map((n) => n.term);
    expect(engine.length).toBeGreaterThan(0);
  });
});

describe('short texts in the keyword signal', () => {
  it('searches a short text as one phrase when it is more than one word, never a long or punctuated one', () => {
    expect(wholePhrase('锂离子电池正极材料')).toBe('锂离子电池正极材料');
    expect(wholePhrase('Solid  battery')).toBe('solid battery');
    expect(wholePhrase('电池')).toBeUndefined();
    expect(wholePhrase('电池，正极')).toBeUndefined();
    expect(wholePhrase('一种锂离子电池正极材料及其制备方法和应用')).toBeUndefined();
  });
});
