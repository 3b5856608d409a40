import { TEXT_MINING_SAMPLE_DEFAULT } from '@patlas/contracts';
import { parseExpression, type QueryNode } from '@patlas/query';
import type { CountOptions, SearchEngine, TextDoc } from '../search-engine.js';
import { termAdjuster, type TermAdjuster, type TermAdjustmentInput } from './adjust.js';
import { clusterDocuments } from './clustering.js';
import type { LabelTerm } from './labels.js';
import { layoutLandscape, type LandscapeGrid, type LandscapePeak } from './landscape.js';
import { documentTerms, termExpression, type DocTerms } from './terms.js';
import { mostFrequentForm } from './vectors.js';

/**
 * Word cloud, topic clusters and landscape of a result set, over the SearchEngine interface only
 * (texts + countEach), so every back end gets them. Documents are read as title + abstract; sets
 * larger than the sample size are analysed on a uniform, seeded sample and say so.
 */

export interface TextMiningOptions {
  /** Documents read for the word cloud's term candidates, clustered or mapped (default TEXT_MINING_SAMPLE_DEFAULT). */
  readonly sampleSize?: number;
  readonly seed?: number;
  /** The user's merges and removals of terms, applied before counting and vectorising. */
  readonly adjustments?: TermAdjustmentInput;
}

export interface SampleInfo {
  /** Size of the set (after scope, filters and merge). */
  readonly total: number;
  readonly sampled: boolean;
  /** Documents analysed. */
  readonly sampleSize: number;
}

export function docText(doc: TextDoc): string {
  return [doc.title ?? '', doc.abstract ?? ''].join('\n');
}

async function readSample(
  engine: SearchEngine,
  ast: QueryNode,
  options: CountOptions,
  params: TextMiningOptions,
): Promise<{ info: SampleInfo; docs: TextDoc[]; terms: DocTerms[]; adjuster: TermAdjuster | undefined }> {
  const sample = await engine.texts(ast, options, {
    limit: params.sampleSize ?? TEXT_MINING_SAMPLE_DEFAULT,
    seed: params.seed ?? 1,
  });
  const adjuster = termAdjuster(params.adjustments);
  const terms = sample.docs.map((d) => {
    const t = documentTerms(docText(d));
    return adjuster ? adjuster.adjust(t) : t;
  });
  return {
    info: { total: sample.total, sampled: sample.sampled, sampleSize: sample.docs.length },
    docs: sample.docs,
    terms,
    adjuster,
  };
}

// ---- word cloud -------------------------------------------------------------------------------

export interface WordCloudWord {
  /** The term as written most often in the set. */
  readonly word: string;
  /** TF-IDF weight: set documents × mean occurrences per document × ln((N + 1) / (df + 1)). */
  readonly weight: number;
  /** Documents of the set whose title or abstract contains the word, as the search counts them. */
  readonly count: number;
  /** Documents of the whole index containing it (its document frequency). */
  readonly corpusCount: number;
  /** The condition that finds it (TIAB=(word)); set AND it gives exactly `count` results. */
  readonly expression: string;
  /** A merged term: the words counted under its name (the condition finds any of them). */
  readonly members?: readonly string[];
}

export interface WordCloud extends SampleInfo {
  /** Documents in the whole index (N of the IDF). */
  readonly corpusSize: number;
  readonly words: WordCloudWord[];
}

/** Candidates whose exact counts are asked of the engine (one index lookup each). */
const WORD_CLOUD_CANDIDATES = 150;

/**
 * The set's key terms weighted by TF-IDF against the whole index. Candidates are the terms in most
 * sampled documents; the engine then counts each one's documents in the set and in the index with
 * the search's own matching, so a word's count is what its result page shows.
 */
export async function analyseWordCloud(
  engine: SearchEngine,
  ast: QueryNode,
  options: CountOptions,
  params: TextMiningOptions & { limit?: number } = {},
): Promise<WordCloud> {
  const { info, terms, adjuster } = await readSample(engine, ast, options, params);
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  for (const d of terms) {
    for (const [key, c] of d.counts) {
      df.set(key, (df.get(key) ?? 0) + 1);
      tf.set(key, (tf.get(key) ?? 0) + c);
    }
    for (const [key, form] of d.forms) {
      let m = forms.get(key);
      if (!m) forms.set(key, (m = new Map()));
      m.set(form, (m.get(form) ?? 0) + 1);
    }
  }
  const candidates: {
    key: string;
    form: string;
    expression: string;
    condition: QueryNode;
    members?: readonly string[];
  }[] = [];
  const ordered = [...df].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [key] of ordered) {
    if (candidates.length >= WORD_CLOUD_CANDIDATES) break;
    const merge = adjuster?.mergeOf(key);
    const form = merge?.name ?? mostFrequentForm(forms.get(key)) ?? key;
    // A merged term is counted as its words ORed: the documents containing any of them.
    const expression = merge?.expression ?? termExpression(form);
    const parsed = parseExpression(expression);
    if (parsed.ok) {
      candidates.push({ key, form, expression, condition: parsed.ast, ...(merge ? { members: merge.words } : {}) });
    }
  }
  const counts = await engine.countEach(
    ast,
    candidates.map((c) => c.condition),
    options,
  );
  const corpusSize = await engine.size();
  const counted = candidates
    .map((c, i) => {
      const { set, corpus } = counts[i] ?? { set: 0, corpus: 0 };
      const perDoc = (tf.get(c.key) ?? 0) / Math.max(1, df.get(c.key) ?? 1);
      const idf = Math.log((corpusSize + 1) / (corpus + 1));
      return {
        word: c.form,
        weight: set * perDoc * idf,
        count: set,
        corpusCount: corpus,
        expression: c.expression,
        ...(c.members ? { members: c.members } : {}),
      };
    })
    .filter((w) => w.count > 0 && w.weight > 0);
  const words = dropFragments(counted)
    .sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : 1))
    .slice(0, params.limit ?? 100)
    .map((w) => ({ ...w, weight: Math.round(w.weight * 1000) / 1000 }));
  return { ...info, corpusSize, words };
}

/**
 * A term counted in nearly as many documents as a longer kept term that contains it is a fragment
 * of that term (issue 43: 现实 beside 虚拟现实, 电池 beside 锂电池 in a set about lithium batteries):
 * it is found in the same documents because it is part of the longer word, and says nothing more.
 */
export const FRAGMENT_COUNT_RATIO = 0.9;

/** Whether `short` is part of `long`: inside a Chinese word, or a whole word of a Latin term. */
function isPartOf(short: string, long: string): boolean {
  if (long.length <= short.length) return false;
  if (/^[\u3400-\u9fff\uf900-\ufaff]+$/.test(short)) return long.includes(short);
  return ` ${long.toLowerCase()} `.includes(` ${short.toLowerCase()} `);
}

/**
 * The terms without their fragments: longest first, a term is dropped when a longer term already
 * kept contains it and is counted in at least FRAGMENT_COUNT_RATIO of its documents. A merged term
 * (the user's own) is always kept.
 */
export function dropFragments<T extends { word: string; count: number; members?: readonly string[] }>(
  words: readonly T[],
): T[] {
  const kept: T[] = [];
  const byLength = [...words].sort((a, b) => b.word.length - a.word.length);
  for (const w of byLength) {
    const isFragment =
      !w.members &&
      kept.some((longer) => isPartOf(w.word, longer.word) && longer.count >= w.count * FRAGMENT_COUNT_RATIO);
    if (!isFragment) kept.push(w);
  }
  const keep = new Set(kept);
  return words.filter((w) => keep.has(w));
}

// ---- clustering -------------------------------------------------------------------------------

export interface ClusterMember {
  readonly publicationNumber: string;
  readonly title?: string;
}

export interface TextCluster {
  readonly id: number;
  readonly label: string;
  readonly terms: LabelTerm[];
  /** Members, most typical first. */
  readonly members: ClusterMember[];
}

export interface Clustering extends SampleInfo {
  readonly k: number;
  readonly clusters: TextCluster[];
  /** Sampled documents with no usable text (not in any cluster). */
  readonly unassigned: number;
}

export async function analyseClusters(
  engine: SearchEngine,
  ast: QueryNode,
  options: CountOptions,
  params: TextMiningOptions & { k?: number } = {},
): Promise<Clustering> {
  const { info, docs, terms } = await readSample(engine, ast, options, params);
  const result = clusterDocuments(terms, { ...(params.k ? { k: params.k } : {}), seed: params.seed ?? 1 });
  const member = (i: number): ClusterMember => {
    const d = docs[i] as TextDoc;
    return { publicationNumber: d.publicationNumber, ...(d.title ? { title: d.title } : {}) };
  };
  return {
    ...info,
    k: result.clusters.length,
    clusters: result.clusters.map((c, id) => ({ id, label: c.label, terms: c.terms, members: c.members.map(member) })),
    unassigned: result.unassigned.length,
  };
}

// ---- landscape --------------------------------------------------------------------------------

export interface LandscapePoint {
  readonly publicationNumber: string;
  readonly title?: string;
  readonly x: number;
  readonly y: number;
}

export interface PatentLandscape extends SampleInfo {
  readonly points: LandscapePoint[];
  /** Sampled documents with no usable text (not on the map). */
  readonly unplaced: number;
  readonly grid: LandscapeGrid;
  readonly peaks: LandscapePeak[];
  /** Per point (same order), the sampled document it is, for regional summaries. */
  readonly docs: TextDoc[];
}

export async function analyseLandscape(
  engine: SearchEngine,
  ast: QueryNode,
  options: CountOptions,
  params: TextMiningOptions & { gridSize?: number } = {},
): Promise<PatentLandscape> {
  const { info, docs, terms } = await readSample(engine, ast, options, params);
  const map = layoutLandscape(terms, {
    seed: params.seed ?? 1,
    ...(params.gridSize ? { gridSize: params.gridSize } : {}),
  });
  const points: LandscapePoint[] = [];
  const placed: TextDoc[] = [];
  docs.forEach((d, i) => {
    if (Number.isNaN(map.x[i])) return;
    points.push({
      publicationNumber: d.publicationNumber,
      ...(d.title ? { title: d.title } : {}),
      x: map.x[i]!,
      y: map.y[i]!,
    });
    placed.push(d);
  });
  return { ...info, points, unplaced: docs.length - points.length, grid: map.grid, peaks: map.peaks, docs: placed };
}

/** Key terms of some documents by how many of them contain each (regional summaries). */
export function topTermsOf(docs: readonly TextDoc[], limit: number): { word: string; count: number }[] {
  const df = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    const t = documentTerms(docText(doc));
    for (const key of t.counts.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    for (const [key, form] of t.forms) {
      let m = forms.get(key);
      if (!m) forms.set(key, (m = new Map()));
      m.set(form, (m.get(form) ?? 0) + 1);
    }
  }
  return [...df]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([key, count]) => ({ word: mostFrequentForm(forms.get(key)) ?? key, count }));
}
