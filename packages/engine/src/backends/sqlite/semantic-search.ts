import { MAX_PAGE_SIZE, MAX_SEMANTIC_RESULTS } from '@patlas/contracts';
import {
  EngineError,
  type SemanticPrepared,
  type SemanticRanked,
  type SemanticRequest,
  type SemanticResult,
  type SemanticSearchHit,
} from '../../search-engine.js';
import { keyTermsOf, reciprocalRankFusion, type FieldWeights } from '../../semantic/hybrid.js';
import { segmentForSearch } from '../../analysis/chinese.js';
import { contentWords, expansionTerms } from '../../semantic/word-vectors.js';
import { proximityUnits, textProximity } from '../../semantic/proximity.js';
import type { SemanticIndex } from './semantic-index.js';
import type { DocRow } from './index-tokens.js';

/** Key terms the keyword signal searches (the best by TF-IDF; more only add noise and cost). */
export const SEMANTIC_KEY_TERMS = 24;
/** Reciprocal rank fusion's k (Cormack et al. 2009). */
const RRF_K = 60;
/**
 * Weights of the fused rankings: keywords 1, vectors VECTOR_WEIGHT, the expansion terms'
 * keyword ranking EXPANSION_WEIGHT (patents the text's own terms did not find). Chosen on the
 * dev split of bench/semantic.bench.ts (docs/semantic-search.md).
 */
export const VECTOR_WEIGHT = 1;
export const EXPANSION_WEIGHT = 0.5;
/**
 * Re-ranker of a short text's hybrid ranking (issue 49 item 2): the first RERANK_DEPTH patents (at
 * most the request's limit) by
 * fused relevance + PROXIMITY_WEIGHT · term proximity in title and abstract (semantic/proximity.ts).
 * Rank fusion knows ranks only; proximity puts the patents holding the keyphrase as written above
 * those the vectors alone brought up. Depth and weight chosen on the dev split of
 * bench/semantic.bench.ts (docs/semantic-search.md, "issue 49 levers").
 */
export const RERANK_DEPTH = 200;
export const PROXIMITY_WEIGHT = 1.5;
/** A filtered candidate set this small is scored exactly instead of through the HNSW index. */
const EXACT_VECTOR_SET = 20_000;

/** What ranking needs from the engine; a search worker's read-only engine answers it as well as the writer's. */
export interface SemanticHost {
  /** Ids allowed by the request's filter and scope (ascending), or undefined for every document. */
  allowedIds(request: SemanticRequest): Int32Array | undefined;
  /** The best `limit` documents for an FTS5 rank expression compiled from `expression`, under custom bm25 weights by field. */
  keywordRanking(expression: string, weights: FieldWeights, limit: number): [number, number][];
  /** Exact similarity of the stored field vectors (`dims` each) under the weights; documents without vectors are left out. */
  similarities(query: Float32Array, ids: readonly number[], weights: FieldWeights, dims: number): Map<number, number>;
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

/** Every ranked patent's number and relevance, best first (a patent whose row is gone is left out). */
function rankingOf(
  host: SemanticHost,
  ranked: readonly { id: number; relevance: number }[],
  similarity: ReadonlyMap<number, number>,
): SemanticRanked[] {
  const out: SemanticRanked[] = [];
  for (let i = 0; i < ranked.length; i += 500) {
    const chunk = ranked.slice(i, i + 500);
    const rows = host.loadRows(chunk.map((r) => r.id));
    for (const { id, relevance } of chunk) {
      const row = rows.get(id);
      if (row)
        out.push({
          publicationNumber: row.publicationNumber,
          relevance,
          similarity: Math.max(0, similarity.get(id) ?? 0),
        });
    }
  }
  return out;
}

function resultLimit(request: SemanticRequest): number {
  return Math.min(request.limit ?? MAX_SEMANTIC_RESULTS, MAX_SEMANTIC_RESULTS);
}

export async function prepareSemanticSearch(
  semantic: SemanticIndex,
  request: SemanticRequest,
): Promise<SemanticPrepared> {
  const limit = resultLimit(request);
  // Terms the model does not know are rare in the corpus (or absent): weigh them like the rarest known.
  const own = keyTermsOf(request.text, (key, form) => semantic.idfOf(key, form), SEMANTIC_KEY_TERMS, 8);
  if (own.length === 0) throw new EngineError('TEXT_NO_TERMS');
  // A short query also searches the shipped vectors' nearest terms (the user sees and can remove them).
  const expansions =
    request.expand === false || !semantic.wordVectors
      ? []
      : expansionTerms(semantic.wordVectors, request.text, request.excludeExpansions ?? []);
  // A short text is also searched as written, as one phrase: a patent holding the whole of it ranks first.
  const whole = wholePhrase(request.text);
  const top = Math.max(...own.map((t) => t.weight));
  const terms = whole && !own.some((t) => t.form === whole) ? [{ key: whole, form: whole, weight: top }, ...own] : own;
  // Its back-off terms: the shorter words and the characters inside its Chinese words (丝杠 for
  // 丝杆 shares 丝), searched apart and fused below the text's own terms.
  const backoff = innerWords(request.text).filter((w) => !terms.some((t) => t.form === w));
  // Embedded in BM25 mode too: the hits still show their similarity.
  const query = semantic.ready ? await semantic.embed(request.text) : undefined;
  const filtered = request.filter !== undefined || request.scope !== undefined;
  return {
    terms,
    expansions,
    backoff,
    ...(query ? { query } : {}),
    nearest:
      query && request.mode !== 'bm25' ? semantic.nearest(query, filtered ? limit * 4 : limit).map((n) => n.id) : [],
    dims: semantic.dims,
    ready: semantic.ready,
    model: semantic.ready ? semantic.status().model : null,
  };
}

/** Longest text searched as one phrase besides its words (a keyphrase, a short technical term). */
const WHOLE_PHRASE_CHARS = 16;
const PHRASE_SAFE = /^[\p{Script=Han}a-z0-9][\p{Script=Han}a-z0-9 -]*$/u;

/** The whole of a short text as a phrase key term, or undefined (long, or more than words). */
export function wholePhrase(text: string): string | undefined {
  const t = text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
  if (t.length < 2 || t.length > WHOLE_PHRASE_CHARS || !PHRASE_SAFE.test(t)) return undefined;
  return contentWords(t).length > 1 || /\p{Script=Han}{3,}/u.test(t) ? t : undefined;
}

/** The words of two characters or more inside a short Chinese text's words (jieba search mode). */
function innerWords(text: string): string[] {
  if (text.trim().length > WHOLE_PHRASE_CHARS) return [];
  const out: string[] = [];
  for (const [run] of text.normalize('NFKC').matchAll(/\p{Script=Han}{2,}/gu)) {
    const bigrams = Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2));
    for (const w of [...segmentForSearch(run), ...bigrams, ...run]) {
      if (w !== run && !out.includes(w)) out.push(w);
    }
  }
  return out;
}

/**
 * The head of a short text's fused ranking re-scored as (relevance + w · proximity) / (1 + w); the
 * tail keeps its order with its relevance divided by 1 + w, so relevance still never rises down
 * the list (a head patent scores at least its own relevance / (1 + w), the tail's best at most that).
 */
function rerankByProximity(
  host: SemanticHost,
  text: string,
  ranked: readonly { id: number; score: number; relevance: number }[],
  limit: number,
): { ranked: { id: number; score: number; relevance: number }[]; rows?: Map<number, DocRow> } {
  const units = proximityUnits(text);
  // A long text (a paragraph, an abstract) is found by its terms and vector, not as written.
  if (text.trim().length > WHOLE_PHRASE_CHARS || units.length === 0) return { ranked: [...ranked] };
  // Within the ranking asked for: the fused list holds more than `limit` patents, and below that
  // line are the weakest of each signal (measured: re-ranking 200 of a 100-patent ranking brought
  // such patents into it and lost recall).
  const depth = Math.min(RERANK_DEPTH, limit);
  const head = ranked.slice(0, depth);
  const rows = host.loadRows(head.map((r) => r.id));
  const scale = (x: number) => x / (1 + PROXIMITY_WEIGHT);
  const rescored = head
    .map((r, i) => {
      const row = rows.get(r.id);
      const near = row ? textProximity(units, row.title, row.abstract) : 0;
      const s = scale(r.relevance + PROXIMITY_WEIGHT * near);
      return { id: r.id, score: s, relevance: s, i };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ id, score, relevance }) => ({ id, score, relevance }));
  const tail = ranked.slice(depth).map((r) => ({ id: r.id, score: scale(r.relevance), relevance: scale(r.relevance) }));
  // The rows read here hold the first page's: the caller does not read them again.
  return { ranked: [...rescored, ...tail], rows };
}

export async function semanticSearch(
  host: SemanticHost & { readonly semantic: SemanticIndex },
  request: SemanticRequest,
): Promise<SemanticResult> {
  return rankSemantic(host, request, await prepareSemanticSearch(host.semantic, request));
}

export function rankSemantic(host: SemanticHost, request: SemanticRequest, prepared: SemanticPrepared): SemanticResult {
  const limit = resultLimit(request);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new EngineError('PAGE_SIZE_INVALID', { pageSize, max: MAX_PAGE_SIZE });
  }
  const weights = request.weights;
  const terms = prepared.terms;

  const allowedIds = host.allowedIds(request);
  let allowed: ((id: number) => boolean) | undefined;
  if (allowedIds) {
    const set = new Set(allowedIds);
    allowed = (id) => set.has(id);
  }

  // Keyword signal: BM25 of the key terms with the user's field weights.
  const keywordList = (forms: readonly string[]): [number, number][] => {
    const expression = keywordExpression(forms, weights);
    if (!expression) return [];
    const rows = host.keywordRanking(expression, weights, allowed ? limit * 4 : limit);
    return rows.filter(([id]) => !allowed || allowed(id)).slice(0, limit);
  };
  let bm25: number[] = [];
  const bm25Score = new Map<number, number>();
  // The expansion terms' own ranking: only patents the text's terms did not find, fused with a lower weight.
  let expanded: [number, number][] = [];
  if (request.mode !== 'vector' || !prepared.ready) {
    const kept = keywordList(terms.map((t) => t.form));
    bm25 = kept.map(([id]) => id);
    for (const [id, score] of kept) bm25Score.set(id, score);
    // The back-off terms (characters match many patents: costly on a large corpus) only when the
    // text's own terms found fewer patents than the ranking holds.
    const wider = [...(prepared.expansions ?? []), ...(bm25.length < limit ? (prepared.backoff ?? []) : [])];
    if (wider.length > 0) expanded = keywordList(wider).filter(([id]) => !bm25Score.has(id));
  }
  const expandedIds = expanded.map(([id]) => id);

  // Vector signal: nearest by the combined vector, re-scored exactly under the weights.
  const query = prepared.query;
  let vector: number[] = [];
  let similarity = new Map<number, number>();
  if (query && request.mode !== 'bm25') {
    let candidates: number[];
    if (allowedIds && allowedIds.length <= EXACT_VECTOR_SET) candidates = Array.from(allowedIds);
    else candidates = prepared.nearest.filter((id) => !allowed || allowed(id));
    // Keyword candidates are scored too: the vector ranking then covers every candidate.
    similarity = host.similarities(
      query,
      [...new Set([...candidates, ...bm25, ...expandedIds])],
      weights,
      prepared.dims,
    );
    vector = [...similarity]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id);
  } else if (query) {
    similarity = host.similarities(query, [...bm25, ...expandedIds], weights, prepared.dims);
  }

  // `relevance` is the score that ranks, on 0–1, so that the figure shown never rises down the list.
  let ranked: { id: number; score: number; relevance: number }[];
  // Rows the re-ranker already read (title and abstract), reused for the page.
  let readRows: Map<number, DocRow> | undefined;
  if (request.mode === 'bm25' || vector.length === 0) {
    const best = bm25Score.get(bm25[0] ?? -1) ?? 0;
    ranked = bm25.map((id, i) => ({
      id,
      score: 1 / (RRF_K + i + 1),
      relevance: best > 0 ? Math.max(0, (bm25Score.get(id) ?? 0) / best) : 0,
    }));
    // Then the patents only the expansion terms find, below every patent of the text's own terms.
    const floor = ranked.at(-1)?.relevance ?? 1;
    const bestExpanded = expanded[0]?.[1] ?? 0;
    for (const [i, [id, s]] of expanded.entries()) {
      ranked.push({
        id,
        score: EXPANSION_WEIGHT / (RRF_K + bm25.length + i + 1),
        relevance: bestExpanded > 0 ? (floor * EXPANSION_WEIGHT * Math.max(0, s)) / bestExpanded : 0,
      });
    }
  } else if (request.mode === 'vector') {
    ranked = vector.map((id) => {
      const s = similarity.get(id) ?? 0;
      return { id, score: s, relevance: Math.max(0, s) };
    });
  } else {
    const fused = reciprocalRankFusion([bm25, vector, expandedIds], RRF_K, [1, VECTOR_WEIGHT, EXPANSION_WEIGHT]);
    // The best a patent can score: first by keywords and first by vectors (the expansion list
    // holds no patent of the keyword list, and weighs less).
    const best = (1 + VECTOR_WEIGHT) / (RRF_K + 1);
    ranked = [...fused]
      .map(([id, score]) => ({ id, score, relevance: score / best }))
      .sort((a, b) => b.score - a.score || a.id - b.id);
    if (request.rerank !== false) ({ ranked, rows: readRows } = rerankByProximity(host, request.text, ranked, limit));
  }
  ranked = ranked.slice(0, limit);

  const bm25Rank = new Map(bm25.map((id, i) => [id, i + 1]));
  const vectorRank = new Map(vector.map((id, i) => [id, i + 1]));
  const pageRows = ranked.slice((page - 1) * pageSize, page * pageSize);
  const unread = pageRows.filter((r) => !readRows?.has(r.id)).map((r) => r.id);
  const rows = readRows ?? new Map<number, DocRow>();
  if (unread.length > 0) for (const [id, row] of host.loadRows(unread)) rows.set(id, row);
  const items: SemanticSearchHit[] = pageRows.flatMap(({ id, score, relevance }) => {
    const row = rows.get(id);
    if (!row) return [];
    const b = bm25Rank.get(id);
    const v = vectorRank.get(id);
    return [
      {
        ...row,
        score,
        relevance,
        similarity: Math.max(0, similarity.get(id) ?? 0),
        ...(b ? { bm25Rank: b } : {}),
        ...(v ? { vectorRank: v } : {}),
      },
    ];
  });
  return {
    total: ranked.length,
    items,
    ...(request.withRanking ? { ranking: rankingOf(host, ranked, similarity) } : {}),
    keyTerms: [
      ...terms.map((t) => ({ term: t.form, weight: Math.round(t.weight * 1000) / 1000 })),
      ...(prepared.expansions ?? []).map((term) => ({ term, weight: 0 })),
    ],
    expansions: [...(prepared.expansions ?? [])],
    model: prepared.ready && query ? prepared.model : null,
  };
}
