import { sphericalKMeans } from './kmeans.js';
import { distinctiveTerms, labelOf, type LabelTerm } from './labels.js';
import type { DocTerms } from './terms.js';
import { buildTermSpace, latentSemanticVectors, type TermSpace } from './vectors.js';

export interface TopicCluster {
  /** Label from the top distinctive terms. */
  readonly label: string;
  readonly terms: LabelTerm[];
  /** Indexes of the member documents, most typical (nearest the centroid) first. */
  readonly members: number[];
}

export interface TopicClustering {
  readonly clusters: TopicCluster[];
  /** Documents with no term in the vocabulary (empty or boilerplate-only text). */
  readonly unassigned: number[];
  readonly space: TermSpace;
}

/** Latent dimensions the documents are clustered and mapped in. */
export const LSA_DIMENSIONS = 32;

/** k when none is given: about √(n/2), at most 8 topics (a chart reads well with up to ~8). */
export function defaultClusterCount(n: number): number {
  return Math.max(2, Math.min(8, Math.floor(Math.sqrt(n / 2))));
}

/**
 * Topics of a set of documents: TF-IDF → LSA (32 dimensions) → spherical k-means, each cluster
 * labelled by its most distinctive terms. Clusters come biggest first.
 */
export function clusterDocuments(
  docs: readonly DocTerms[],
  options: { k?: number; seed?: number } = {},
): TopicClustering {
  const seed = options.seed ?? 1;
  const space = buildTermSpace(docs);
  const { vectors, d } = latentSemanticVectors(space.matrix, LSA_DIMENSIONS, seed);
  const k = Math.min(options.k ?? defaultClusterCount(docs.length), Math.max(1, docs.length));
  const km = sphericalKMeans(vectors, d, k, seed);
  const groups: number[][] = Array.from({ length: km.k }, () => []);
  const unassigned: number[] = [];
  km.assignment.forEach((c, i) => (c < 0 ? unassigned.push(i) : groups[c]?.push(i)));
  const clusters = groups
    .filter((g) => g.length > 0)
    .map((members) => {
      members.sort((a, b) => (km.similarity[b] as number) - (km.similarity[a] as number) || a - b);
      const terms = distinctiveTerms(space, members, 8);
      return { label: labelOf(terms), terms, members };
    })
    .sort((a, b) => b.members.length - a.members.length || (a.members[0] as number) - (b.members[0] as number));
  return { clusters, unassigned, space };
}
