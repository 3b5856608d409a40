import type { TermSpace } from './vectors.js';

export interface LabelTerm {
  /** The term as written (most frequent form). */
  readonly word: string;
  /** Distinctiveness: p·ln(p / q), p = share of the group's documents with the term, q = share of all. */
  readonly score: number;
  /** Documents of the group containing it. */
  readonly count: number;
}

/**
 * The terms that set a group of documents apart from the whole sample: frequent in the group and
 * rarer elsewhere (each term's contribution to the KL divergence of the group's term shares from
 * the sample's). Used for cluster labels and landscape peak labels.
 */
export function distinctiveTerms(space: TermSpace, members: ArrayLike<number>, limit: number): LabelTerm[] {
  const { matrix, df } = space;
  const n = matrix.rows;
  const size = members.length;
  if (size === 0 || n === 0) return [];
  const inGroup = new Map<number, number>();
  for (let m = 0; m < size; m++) {
    const i = members[m] as number;
    for (let p = matrix.rowPtr[i] as number; p < (matrix.rowPtr[i + 1] as number); p++) {
      const j = matrix.colIdx[p] as number;
      inGroup.set(j, (inGroup.get(j) ?? 0) + 1);
    }
  }
  const minCount = size >= 5 ? 2 : 1;
  const scored: LabelTerm[] = [];
  for (const [j, count] of inGroup) {
    if (count < minCount) continue;
    const pGroup = count / size;
    const pAll = (df[j] as number) / n;
    const score = pGroup * Math.log(pGroup / pAll);
    if (score > 0) scored.push({ word: space.forms[j] as string, score, count });
  }
  scored.sort((a, b) => b.score - a.score || b.count - a.count || (a.word < b.word ? -1 : 1));
  // A label reads better without a term that is part of a better one (电池 beside 锂电池).
  const out: LabelTerm[] = [];
  for (const t of scored) {
    if (out.some((o) => o.word.includes(t.word) || t.word.includes(o.word))) continue;
    out.push({ ...t, score: Math.round(t.score * 10000) / 10000 });
    if (out.length >= limit) break;
  }
  return out;
}

/** A readable label from the top terms: 锂电池 · 正极材料 · 电解液. */
export function labelOf(terms: readonly LabelTerm[], max = 3): string {
  return terms
    .slice(0, max)
    .map((t) => t.word)
    .join(' · ');
}
