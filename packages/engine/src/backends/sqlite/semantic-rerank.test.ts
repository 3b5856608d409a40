import { describe, expect, it } from 'vitest';
import type { SemanticPrepared, SemanticRequest } from '../../search-engine.js';
import { fieldProximity, proximityUnits, textProximity } from '../../semantic/proximity.js';
import { rankSemantic, type SemanticHost } from './semantic-search.js';
import type { DocRow } from './index-tokens.js';

/**
 * Issue 49 item 2: a short text's hybrid ranking is re-ranked by term proximity. A host whose
 * keyword and vector rankings put a patent without the keyphrase first: reciprocal rank fusion
 * keeps it first, proximity brings up the patent holding the keyphrase in its title.
 */
const TITLES: Record<number, { title: string; abstract?: string }> = {
  1: { title: '电池盒的固定结构', abstract: '一种固定结构，用于安装电池盒。' },
  2: { title: '一种锂电池', abstract: '锂电池的正极材料。' },
  3: { title: '散热装置', abstract: '用于电子设备的散热。' },
};
// Keywords: 1 then 2; vectors: 1, 3, 2. Fused: 1 first (first in both), then 2, then 3.
const KEYWORDS: [number, number][] = [
  [1, 5],
  [2, 4],
];
const SIMILARITY = new Map([
  [1, 0.9],
  [3, 0.8],
  [2, 0.1],
]);

function host(loaded: number[][]): SemanticHost {
  return {
    allowedIds: () => undefined,
    keywordRanking: () => KEYWORDS,
    similarities: (_q, ids) => new Map(ids.filter((id) => SIMILARITY.has(id)).map((id) => [id, SIMILARITY.get(id)!])),
    loadRows: (ids) => {
      loaded.push([...ids]);
      return new Map(
        ids.map((id) => [
          id,
          { publicationNumber: `CN${id}`, country: 'CN', applicants: [], inventors: [], ...TITLES[id] } as DocRow,
        ]),
      );
    },
  };
}

const PREPARED: SemanticPrepared = {
  terms: [{ key: '锂电池', form: '锂电池', weight: 1 }],
  expansions: [],
  backoff: [],
  query: Float32Array.from([1, 0]),
  nearest: [1, 3, 2],
  dims: 2,
  ready: true,
  model: 'test',
};

function request(text: string, rerank?: boolean): SemanticRequest {
  return {
    text,
    weights: [3, 3, 3, 3],
    mode: 'hybrid',
    pageSize: 10,
    ...(rerank === undefined ? {} : { rerank }),
  };
}

describe('term proximity', () => {
  it('is 1 for the query as written, half the share of its units found close together otherwise', () => {
    const q = proximityUnits('锂电池');
    expect(fieldProximity(q, proximityUnits('一种锂电池的外壳'))).toBe(1);
    // 电池 next to each other, 锂 absent: two units of three.
    expect(fieldProximity(q, proximityUnits('电池盒'))).toBeCloseTo(1 / 3, 6);
    // 锂 far from 电池: one unit of three at best within a window of six.
    expect(fieldProximity(q, proximityUnits('锂元素的提取方法与装置及其电池'))).toBeCloseTo(1 / 3, 6);
    expect(fieldProximity(q, proximityUnits('散热装置'))).toBe(0);
    expect(fieldProximity(proximityUnits('Lithium Cell'), proximityUnits('a lithium cell pack'))).toBe(1);
    // Title twice, abstract once.
    expect(textProximity(q, '一种锂电池', '散热')).toBeCloseTo(2 / 3, 6);
  });
});

describe('re-ranking a short text by term proximity', () => {
  it('puts the patent holding the keyphrase in its title first, where rank fusion alone does not', () => {
    const fused = rankSemantic(host([]), request('锂电池', false), PREPARED);
    expect(fused.items.map((h) => h.publicationNumber)).toEqual(['CN1', 'CN2', 'CN3']);
    const reranked = rankSemantic(host([]), request('锂电池'), PREPARED);
    expect(reranked.items.map((h) => h.publicationNumber)).toEqual(['CN2', 'CN1', 'CN3']);
    const relevance = reranked.items.map((h) => h.relevance);
    for (let i = 1; i < relevance.length; i++) expect(relevance[i]).toBeLessThanOrEqual(relevance[i - 1]!);
    expect(relevance[0]).toBeLessThanOrEqual(1);
  });

  it('leaves a long text in the fused order, without reading rows for it', () => {
    const text = '一种锂电池的正极材料及其制备方法和应用';
    const loaded: number[][] = [];
    const result = rankSemantic(host(loaded), request(text), PREPARED);
    expect(result.items.map((h) => h.publicationNumber)).toEqual(['CN1', 'CN2', 'CN3']);
    // Only the page's rows are loaded (no re-ranker read).
    expect(loaded).toHaveLength(1);
  });
});
