import {
  FEATURE_PARTIAL_SCORE,
  PRE_EVALUATION_EVIDENCE,
  PRE_EVALUATION_MATRIX_DOCUMENTS,
  PRE_EVALUATION_MIN_FEATURES,
  type RelevanceBand,
  type FeatureMatch,
  type PriorArtCategory,
  type Risk,
  type TechnicalFeature,
} from '@patlas/contracts';

/**
 * The judgements (issue 22 "Method" 4), pure. With n features and each document's set of
 * disclosed features (cells at FEATURE_DISCLOSED_SCORE or more):
 *
 * Novelty — high: one document discloses every feature (an X document); medium: one discloses all
 * but one feature; low: otherwise.
 * Inventiveness — high: an X document, or two documents that together disclose every feature (a Y
 * combination); medium: two that together disclose all but one; low: otherwise.
 *
 * A `low` verdict needs evidence (issue 43 item 8): with too few documents, none touching half the
 * features, or the closest no more similar than unrelated patents (PRE_EVALUATION_EVIDENCE), it is
 * `insufficient` — "too little evidence to judge" — with the reason why.
 *
 * Fewer than PRE_EVALUATION_MIN_FEATURES features (issue 49 item 3): both verdicts are `coarse` —
 * "too coarse to judge" — and every document is A: one document "disclosing every feature" of a
 * one-feature claim is a word match, not an X document.
 *
 * The documents' suggested categories follow: X for an X document, Y for a document of a Y
 * combination (two non-X documents covering every feature together), A for the rest.
 */

export interface DocumentCoverage {
  publicationNumber: string;
  /** Retrieval rank, 1-based (ties are broken by it). */
  rank: number;
  disclosed: Set<number>;
  partial: Set<number>;
  /** Mean best score over the features. */
  coverage: number;
  /** Calibrated band of its similarity to the text (relevance-bands.ts), when the model has one. */
  band?: RelevanceBand;
  similarity?: number;
}

/** Each document's disclosed and partly disclosed features, in the order of `documents`. */
export function coverageOf(
  features: readonly TechnicalFeature[],
  documents: readonly { publicationNumber: string; rank: number; band?: RelevanceBand; similarity?: number }[],
  cells: readonly FeatureMatch[],
): DocumentCoverage[] {
  const byDoc = new Map<string, FeatureMatch[]>();
  for (const cell of cells) {
    let list = byDoc.get(cell.publicationNumber);
    if (!list) byDoc.set(cell.publicationNumber, (list = []));
    list.push(cell);
  }
  return documents.map((d) => {
    const list = byDoc.get(d.publicationNumber) ?? [];
    const total = list.reduce((sum, c) => sum + c.score, 0);
    return {
      publicationNumber: d.publicationNumber,
      rank: d.rank,
      disclosed: new Set(list.filter((c) => c.disclosed).map((c) => c.feature)),
      partial: new Set(list.filter((c) => c.score >= FEATURE_PARTIAL_SCORE).map((c) => c.feature)),
      coverage: features.length > 0 ? total / features.length : 0,
      ...(d.band ? { band: d.band } : {}),
      ...(d.similarity !== undefined ? { similarity: d.similarity } : {}),
    };
  });
}

/** Better first: more features disclosed, then higher mean score, then earlier in the retrieval. */
function compare(a: DocumentCoverage, b: DocumentCoverage): number {
  return b.disclosed.size - a.disclosed.size || b.coverage - a.coverage || a.rank - b.rank;
}

function union(a: ReadonlySet<number>, b: ReadonlySet<number>): Set<number> {
  return new Set([...a, ...b]);
}

function missingOf(n: number, covered: ReadonlySet<number>): number[] {
  return Array.from({ length: n }, (_, i) => i).filter((i) => !covered.has(i));
}

interface Pair {
  a: DocumentCoverage;
  b: DocumentCoverage;
  covered: Set<number>;
}

/** The pair of documents covering most features (then the best mean score), among the first `limit`. */
function bestPair(documents: readonly DocumentCoverage[], limit: number): Pair | undefined {
  const pool = [...documents].sort(compare).slice(0, limit);
  let best: Pair | undefined;
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      const covered = union(pool[i]!.disclosed, pool[j]!.disclosed);
      const better =
        !best ||
        covered.size > best.covered.size ||
        (covered.size === best.covered.size &&
          pool[i]!.coverage + pool[j]!.coverage > best.a.coverage + best.b.coverage);
      if (better) best = { a: pool[i]!, b: pool[j]!, covered };
    }
  }
  return best;
}

/** Pairs are looked for among this many documents (the best by disclosure). */
const PAIR_POOL = PRE_EVALUATION_MATRIX_DOCUMENTS;

const labelsOf = (features: readonly TechnicalFeature[], indexes: readonly number[]) =>
  indexes.map((i) => features[i]?.label ?? `F${i + 1}`).join(', ');

export interface Judgement {
  novelty: Risk;
  inventiveness: Risk;
  categories: Map<string, PriorArtCategory>;
  /** The matrix's columns: documents disclosing most first. */
  ranked: DocumentCoverage[];
}

/** Why the documents found are too thin to call a risk low, or undefined when they suffice. */
export function thinEvidence(
  features: readonly TechnicalFeature[],
  documents: readonly DocumentCoverage[],
): { zh: string; en: string } | undefined {
  const n = features.length;
  if (n === 0) return { zh: '未能从文本中拆分出技术特征', en: 'no technical features could be read from the text' };
  if (documents.length === 0) return { zh: '未检索到对比文献', en: 'no prior art was found' };
  const { minDocuments, minFeatureShare } = PRE_EVALUATION_EVIDENCE;
  if (documents.length < minDocuments) {
    return {
      zh: `只检索到 ${documents.length} 篇对比文献`,
      en: `only ${documents.length} document${documents.length === 1 ? ' was' : 's were'} found`,
    };
  }
  // The closest by meaning: a calibrated band tells whether anything found beats unrelated patents.
  const banded = documents.filter((d) => d.band !== undefined);
  if (banded.length > 0 && banded.every((d) => d.band === 'weak')) {
    const best = Math.max(...banded.map((d) => d.similarity ?? 0));
    return {
      zh: `最接近的文献与本文的相似度（${best.toFixed(2)}）不高于无关专利的常见水平，库中可能缺少该领域的文献`,
      en: `the closest document's similarity (${best.toFixed(2)}) is no higher than unrelated patents typically score; the corpus may lack this field`,
    };
  }
  const touched = Math.max(...documents.map((d) => d.partial.size));
  const needed = Math.ceil(n * minFeatureShare);
  if (touched < needed) {
    return {
      zh: `任何一篇文献最多只部分公开 ${touched}/${n} 个技术特征，检索到的文献不足以代表该领域`,
      en: `no document even partly discloses more than ${touched} of ${n} features; what was found does not represent the field`,
    };
  }
  return undefined;
}

/** The `insufficient` verdict in place of a `low` one. */
function insufficient(low: Risk, why: { zh: string; en: string }): Risk {
  return {
    ...low,
    level: 'insufficient',
    reason: { zh: `证据不足，无法判断：${why.zh}`, en: `Too little evidence to judge: ${why.en}` },
  };
}

/** Both verdicts when the claim gives too few features to weigh any document against it. */
function tooCoarse(n: number): Risk {
  return {
    level: 'coarse',
    documents: [],
    missing: [],
    reason: {
      zh: `权利要求特征过少，无法判断：只拆分出 ${n} 个技术特征（至少需要 ${PRE_EVALUATION_MIN_FEATURES} 个），请给出更完整的权利要求或技术方案`,
      en: `Too coarse to judge: only ${n} technical feature${n === 1 ? ' was' : 's were'} read from the text (at least ${PRE_EVALUATION_MIN_FEATURES} needed); give a fuller claim or disclosure`,
    },
  };
}

export function judge(features: readonly TechnicalFeature[], documents: readonly DocumentCoverage[]): Judgement {
  const n = features.length;
  if (n < PRE_EVALUATION_MIN_FEATURES) {
    return {
      novelty: tooCoarse(n),
      inventiveness: tooCoarse(n),
      categories: new Map(documents.map((d) => [d.publicationNumber, 'A' as const])),
      ranked: [...documents].sort(compare),
    };
  }
  const thin = thinEvidence(features, documents);
  const ranked = [...documents].sort(compare);
  const top = ranked[0];
  const xDocuments = ranked.filter((d) => n > 0 && d.disclosed.size === n);

  // --- novelty ---
  let novelty: Risk;
  if (xDocuments.length > 0) {
    const names = xDocuments.map((d) => d.publicationNumber);
    novelty = {
      level: 'high',
      documents: names,
      missing: [],
      reason: {
        zh: `${names.join('、')} 单独公开了全部 ${n} 个技术特征（X 类文献），新颖性风险高`,
        en: `${names.join(', ')} alone disclose${names.length === 1 ? 's' : ''} all ${n} technical features (X document${names.length === 1 ? '' : 's'}): high novelty risk`,
      },
    };
  } else if (top && n >= 2 && top.disclosed.size === n - 1) {
    const missing = missingOf(n, top.disclosed);
    novelty = {
      level: 'medium',
      documents: [top.publicationNumber],
      missing,
      reason: {
        zh: `${top.publicationNumber} 公开了 ${n} 个技术特征中的 ${n - 1} 个，未公开 ${labelsOf(features, missing)}；新颖性取决于该特征`,
        en: `${top.publicationNumber} discloses ${n - 1} of the ${n} technical features but not ${labelsOf(features, missing)}; novelty rests on that feature`,
      },
    };
  } else {
    const missing = top ? missingOf(n, top.disclosed) : missingOf(n, new Set());
    novelty = {
      level: 'low',
      documents: top ? [top.publicationNumber] : [],
      missing,
      reason: top
        ? {
            zh: `没有单篇文献公开全部技术特征；最接近的 ${top.publicationNumber} 公开了 ${top.disclosed.size}/${n} 个`,
            en: `No single document discloses every feature; the closest, ${top.publicationNumber}, discloses ${top.disclosed.size} of ${n}`,
          }
        : { zh: '未检索到对比文献', en: 'No prior art was found' },
    };
  }

  // --- inventiveness ---
  const pair = bestPair(
    documents.filter((d) => !xDocuments.includes(d)),
    PAIR_POOL,
  );
  let inventiveness: Risk;
  if (xDocuments.length > 0) {
    inventiveness = {
      level: 'high',
      documents: [xDocuments[0]!.publicationNumber],
      missing: [],
      reason: {
        zh: `${xDocuments[0]!.publicationNumber} 单独公开了全部技术特征，创造性风险同样高`,
        en: `${xDocuments[0]!.publicationNumber} alone discloses every feature, so the inventiveness risk is high as well`,
      },
    };
  } else if (pair && pair.covered.size === n) {
    inventiveness = {
      level: 'high',
      documents: [pair.a.publicationNumber, pair.b.publicationNumber],
      missing: [],
      reason: {
        zh: `${pair.a.publicationNumber} 与 ${pair.b.publicationNumber} 结合公开了全部 ${n} 个技术特征（Y 类组合），创造性风险高`,
        en: `${pair.a.publicationNumber} and ${pair.b.publicationNumber} together disclose all ${n} technical features (a Y combination): high inventiveness risk`,
      },
    };
  } else if (pair && n >= 2 && pair.covered.size === n - 1) {
    const missing = missingOf(n, pair.covered);
    inventiveness = {
      level: 'medium',
      documents: [pair.a.publicationNumber, pair.b.publicationNumber],
      missing,
      reason: {
        zh: `${pair.a.publicationNumber} 与 ${pair.b.publicationNumber} 结合公开了 ${n - 1}/${n} 个技术特征，未公开 ${labelsOf(features, missing)}`,
        en: `${pair.a.publicationNumber} and ${pair.b.publicationNumber} together disclose ${n - 1} of ${n} features, not ${labelsOf(features, missing)}`,
      },
    };
  } else {
    const covered = pair?.covered ?? top?.disclosed ?? new Set<number>();
    const names = pair ? [pair.a.publicationNumber, pair.b.publicationNumber] : top ? [top.publicationNumber] : [];
    inventiveness = {
      level: 'low',
      documents: names,
      missing: missingOf(n, covered),
      reason:
        names.length > 0
          ? {
              zh: `任意两篇文献结合最多公开 ${covered.size}/${n} 个技术特征（${names.join(' + ')}），未公开 ${labelsOf(features, missingOf(n, covered))}`,
              en: `No two documents together disclose more than ${covered.size} of ${n} features (${names.join(' + ')}); not disclosed: ${labelsOf(features, missingOf(n, covered))}`,
            }
          : { zh: '未检索到对比文献', en: 'No prior art was found' },
    };
  }

  if (thin && novelty.level === 'low') novelty = insufficient(novelty, thin);
  if (thin && inventiveness.level === 'low') inventiveness = insufficient(inventiveness, thin);

  // --- suggested categories ---
  const categories = new Map<string, PriorArtCategory>();
  for (const d of documents) categories.set(d.publicationNumber, 'A');
  for (const d of xDocuments) categories.set(d.publicationNumber, 'X');
  const pool = ranked.filter((d) => !xDocuments.includes(d)).slice(0, PAIR_POOL);
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      if (n > 0 && union(pool[i]!.disclosed, pool[j]!.disclosed).size === n) {
        categories.set(pool[i]!.publicationNumber, 'Y');
        categories.set(pool[j]!.publicationNumber, 'Y');
      }
    }
  }
  return { novelty, inventiveness, categories, ranked };
}
