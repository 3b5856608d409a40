import { MAX_PAGE_SIZE, MAX_SEMANTIC_RESULTS } from '@patlas/contracts';
import { EngineError, type SemanticRequest, type SemanticResult, type SemanticSearchHit } from '../../search-engine.js';
import { keyTermsOf, reciprocalRankFusion, type FieldWeights } from '../../semantic/hybrid.js';
import type { SemanticIndex } from './semantic-index.js';
import type { DocRow } from './index-tokens.js';

/** Key terms the keyword signal searches (the best by TF-IDF; more only add noise and cost). */
export const SEMANTIC_KEY_TERMS = 24;
/** A filtered candidate set this small is scored exactly instead of through the HNSW index. */
const EXACT_VECTOR_SET = 20_000;

export interface SemanticHost {
  readonly semantic: SemanticIndex;
  /** Ids allowed by the request's filter and scope (ascending), or undefined for every document. */
  allowedIds(request: SemanticRequest): Int32Array | undefined;
  /** The best `limit` documents for an FTS5 rank expression compiled from `expression`, under custom bm25 weights by field. */
  keywordRanking(expression: string, weights: FieldWeights, limit: number): [number, number][];
  loadRows(ids: readonly number[]): Map<number, DocRow>;
}

const TEXT_FIELDS = ['TI', 'AB', 'CLM', 'DESC'] as const;

/** `TI=("a" OR "b") OR AB=(…)`: the key terms in every text field the user weights above 0. */
export function keywordExpression(terms: readonly string[], weights: FieldWeights): string | undefined {
  const group = `(${terms.map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ')})`;
  const fields = TEXT_FIELDS.filter((_, i) => (weights[i] as number) > 0);
  if (terms.length === 0 || fields.length === 0) return undefined;
  // Key terms are Han or Latin words (text-mining/terms.ts): always valid phrases. The host parses it.
  return fields.map((f) => `${f}=${group}`).join(' OR ');
}

export async function semanticSearch(host: SemanticHost, request: SemanticRequest): Promise<SemanticResult> {
  const limit = Math.min(request.limit ?? MAX_SEMANTIC_RESULTS, MAX_SEMANTIC_RESULTS);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new EngineError('PAGE_SIZE_INVALID', { pageSize, max: MAX_PAGE_SIZE });
  }
  const weights = request.weights;
  const semantic = host.semantic;
  // Terms the model does not know are rare in the corpus (or absent): weigh them like the rarest known.
  const terms = keyTermsOf(request.text, (key) => semantic.idfOf(key), SEMANTIC_KEY_TERMS, 8);
  if (terms.length === 0) throw new EngineError('TEXT_NO_TERMS');

  const allowedIds = host.allowedIds(request);
  let allowed: ((id: number) => boolean) | undefined;
  if (allowedIds) {
    const set = new Set(allowedIds);
    allowed = (id) => set.has(id);
  }

  // Keyword signal: BM25 of the key terms with the user's field weights.
  let bm25: number[] = [];
  if (request.mode !== 'vector' || !semantic.ready) {
    const expression = keywordExpression(
      terms.map((t) => t.form),
      weights,
    );
    if (expression) {
      const rows = host.keywordRanking(expression, weights, allowed ? limit * 4 : limit);
      bm25 = rows
        .map(([id]) => id)
        .filter((id) => !allowed || allowed(id))
        .slice(0, limit);
    }
  }

  // Vector signal: nearest by the combined vector, re-scored exactly under the weights.
  const query = semantic.ready ? await semantic.embed(request.text) : undefined;
  let vector: number[] = [];
  let similarity = new Map<number, number>();
  if (query && request.mode !== 'bm25') {
    let candidates: number[];
    if (allowedIds && allowedIds.length <= EXACT_VECTOR_SET) candidates = Array.from(allowedIds);
    else {
      candidates = semantic
        .nearest(query, allowed ? limit * 4 : limit)
        .map((n) => n.id)
        .filter((id) => !allowed || allowed(id));
    }
    // Keyword candidates are scored too: the vector ranking then covers every candidate.
    similarity = semantic.similarities(query, [...new Set([...candidates, ...bm25])], weights);
    vector = [...similarity]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id);
  } else if (query) {
    similarity = semantic.similarities(query, bm25, weights);
  }

  let ranked: { id: number; score: number }[];
  if (request.mode === 'bm25' || vector.length === 0) ranked = bm25.map((id, i) => ({ id, score: 1 / (60 + i + 1) }));
  else if (request.mode === 'vector') ranked = vector.map((id) => ({ id, score: similarity.get(id) ?? 0 }));
  else {
    const fused = reciprocalRankFusion([bm25, vector]);
    ranked = [...fused].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
  }
  ranked = ranked.slice(0, limit);

  const bm25Rank = new Map(bm25.map((id, i) => [id, i + 1]));
  const vectorRank = new Map(vector.map((id, i) => [id, i + 1]));
  const pageRows = ranked.slice((page - 1) * pageSize, page * pageSize);
  const rows = host.loadRows(pageRows.map((r) => r.id));
  const items: SemanticSearchHit[] = pageRows.flatMap(({ id, score }) => {
    const row = rows.get(id);
    if (!row) return [];
    const b = bm25Rank.get(id);
    const v = vectorRank.get(id);
    return [
      {
        ...row,
        score,
        similarity: Math.max(0, similarity.get(id) ?? 0),
        ...(b ? { bm25Rank: b } : {}),
        ...(v ? { vectorRank: v } : {}),
      },
    ];
  });
  return {
    total: ranked.length,
    items,
    keyTerms: terms.map((t) => ({ term: t.form, weight: Math.round(t.weight * 1000) / 1000 })),
    model: semantic.ready && query ? semantic.status().model : null,
  };
}
