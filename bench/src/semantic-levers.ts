/**
 * The levers of issue 49 item 2 measured by bench/semantic.bench.ts: pseudo-relevance feedback
 * (RM3, Lavrenko & Croft 2001; Abdul-Jaleel et al. 2004) and a re-ranker of a first stage's top
 * 200 on term proximity and vector similarity. Pure functions over tokens and texts, so that the
 * bench can apply them to the baseline's ranking and to the engine's alike. Proximity in one field
 * is the engine's own (packages/engine/src/semantic/proximity.ts, what the product re-ranks with).
 */
import { fieldProximity, proximityUnits } from '@patlas/engine';

export { proximityUnits };

/** A feedback document: its tokens (repeats kept) and its first-pass score. */
export interface FeedbackDoc {
  readonly tokens: readonly string[];
  readonly score: number;
}

/**
 * RM1 over the feedback documents: P(t|R) = Σ_d w_d · tf(t, d) / |d|, w_d the document's share of
 * the feedback scores (the first pass' scores stand for P(Q|D)). The `terms` best tokens that
 * `keep` accepts and at least `minDocs` feedback documents hold, renormalised to sum 1.
 */
export function relevanceModel(
  docs: readonly FeedbackDoc[],
  terms: number,
  options: { keep?: (token: string) => boolean; select?: (token: string) => number; minDocs?: number } = {},
): Map<string, number> {
  const { keep = () => true, select = () => 1, minDocs = 1 } = options;
  const total = docs.reduce((s, d) => s + Math.max(0, d.score), 0);
  const model = new Map<string, number>();
  const docsWith = new Map<string, number>();
  for (const d of docs) {
    if (d.tokens.length === 0) continue;
    // Equal shares when the scores say nothing (all 0).
    const w = total > 0 ? Math.max(0, d.score) / total : 1 / docs.length;
    const share = w / d.tokens.length;
    for (const t of d.tokens) if (keep(t)) model.set(t, (model.get(t) ?? 0) + share);
    for (const t of new Set(d.tokens)) docsWith.set(t, (docsWith.get(t) ?? 0) + 1);
  }
  // `select` reorders the choice only (an IDF keeps common words out); the weights stay P(t|R).
  const best = [...model]
    .filter(([t]) => (docsWith.get(t) ?? 0) >= minDocs)
    .sort((a, b) => b[1] * select(b[0]) - a[1] * select(a[0]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, terms);
  const sum = best.reduce((s, [, p]) => s + p, 0);
  return new Map(best.map(([t, p]) => [t, sum > 0 ? p / sum : 0]));
}

/** RM3: λ · the query's own term distribution + (1 − λ) · the relevance model. */
export function rm3(
  queryTokens: readonly string[],
  feedback: ReadonlyMap<string, number>,
  lambda: number,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of queryTokens) out.set(t, (out.get(t) ?? 0) + lambda / queryTokens.length);
  for (const [t, p] of feedback) out.set(t, (out.get(t) ?? 0) + (1 - lambda) * p);
  return out;
}

/** Title counts twice: a keyphrase in the title says most about the patent. */
export function proximity(
  query: readonly string[],
  fields: { title?: string; abstract?: string; claims?: string },
  withClaims: boolean,
): number {
  const f = (t?: string) => (t ? fieldProximity(query, proximityUnits(t)) : 0);
  return withClaims
    ? (2 * f(fields.title) + f(fields.abstract) + f(fields.claims)) / 4
    : (2 * f(fields.title) + f(fields.abstract)) / 3;
}

/** A candidate of a first stage with what the re-ranker reads. */
export interface RerankCandidate {
  readonly id: string;
  /** The first stage's score on 0–1 (the engine's relevance). */
  readonly first: number;
  /** Vector cosine with the query (the engine's weighted field similarity). */
  readonly similarity: number;
  readonly proximity: number;
}

/** first + b · similarity + c · proximity, best first (ties by first-stage order). */
export function rerank(candidates: readonly RerankCandidate[], b: number, c: number): string[] {
  return candidates
    .map((x, i) => ({ id: x.id, i, s: x.first + b * x.similarity + c * x.proximity }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .map((x) => x.id);
}

/** Weighted reciprocal rank fusion of ranked lists of ids (k = 60 as in the product). */
export function fuseLists(lists: readonly (readonly string[])[], weights: readonly number[], k = 60): string[] {
  const scores = new Map<string, number>();
  lists.forEach((list, l) => {
    const w = weights[l] ?? 1;
    if (w === 0) return;
    list.forEach((id, r) => scores.set(id, (scores.get(id) ?? 0) + w / (k + r + 1)));
  });
  return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}
