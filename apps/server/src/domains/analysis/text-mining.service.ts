import {
  MAX_EXPRESSION_LENGTH,
  type AnalysisResultSetSchema,
  type ClusteringRequestSchema,
  type ClusteringResponse,
  type ClusterJumpRequestSchema,
  type Language,
  type LandscapeDetailRequestSchema,
  type LandscapeRegion,
  type LandscapeRegionRequestSchema,
  type LandscapeRequestSchema,
  type LandscapeResponse,
  type LandscapeTopInfoResponse,
  type PatentClusterRequestSchema,
  type TextMiningJumpResponse,
  type TextMiningPageResponse,
  type WordCloudDetailRequestSchema,
  type WordCloudJumpRequestSchema,
  type WordCloudRequestSchema,
  type WordCloudResponse,
  type AnalysisJumpResponse,
  type TermAdjustments,
} from '@patlas/contracts';
import {
  inThreadTextMining,
  LANDSCAPE_EXTENT,
  mergeExpression,
  PEAK_RADIUS,
  termExpression,
  topTermsOf,
  type Clustering,
  type CountOptions,
  type PatentLandscape,
  type SearchEngine,
  type SearchHit,
  type TextMiningRunner,
} from '@patlas/engine';
import { makeAnd, type QueryNode } from '@patlas/query';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { toAppError, type SearchService } from '../search/index.js';
import { SharedResults } from '../../plugins/shared-results.js';

type ResultSet = z.output<typeof AnalysisResultSetSchema>;
export type WordCloudBody = z.output<typeof WordCloudRequestSchema>;
export type WordCloudDetailBody = z.output<typeof WordCloudDetailRequestSchema>;
export type WordCloudJumpBody = z.output<typeof WordCloudJumpRequestSchema>;
export type ClusteringBody = z.output<typeof ClusteringRequestSchema>;
export type PatentClusterBody = z.output<typeof PatentClusterRequestSchema>;
export type ClusterJumpBody = z.output<typeof ClusterJumpRequestSchema>;
export type LandscapeBody = z.output<typeof LandscapeRequestSchema>;
export type LandscapeRegionBody = z.output<typeof LandscapeRegionRequestSchema>;
export type LandscapeDetailBody = z.output<typeof LandscapeDetailRequestSchema>;

/**
 * `PN=(a OR b …)` of the first numbers that fit, beside the user's own "search within results", in
 * the expression limit (spec 1 §9: MAX_EXPRESSION_LENGTH characters for the combined secondExpre).
 */
export function patentListCondition(
  publicationNumbers: readonly string[],
  userSecondExpre: string | undefined,
): { condition: string; listed: number } {
  const budget =
    MAX_EXPRESSION_LENGTH - (userSecondExpre ? `() AND `.length + userSecondExpre.length : 0) - 'PN=()'.length;
  const listed: string[] = [];
  let length = 0;
  for (const pn of publicationNumbers) {
    const add = pn.length + (listed.length > 0 ? ' OR '.length : 0);
    if (length + add > budget) break;
    listed.push(pn);
    length += add;
  }
  return { condition: `PN=(${listed.join(' OR ')})`, listed: listed.length };
}

/** Computed clusterings and landscapes kept for their detail, summary and jump calls. */
const CACHE_SIZE = 16;
const CACHE_TTL_MS = 15 * 60_000;

/**
 * Word cloud, topic clusters and the patent landscape of a result set (docs/analysis.md "Word
 * cloud, clustering, landscape"). The set is read as the result page reads it; the algorithms are
 * the engine's text-mining/ over the SearchEngine interface. A clustering or landscape is computed
 * once per set and options and kept a while, so that a click on a cluster or a region (detail,
 * summary, jump) reads the very map the user sees.
 */
export class TextMiningService {
  private readonly cache = new SharedResults<Clustering | PatentLandscape>({
    size: CACHE_SIZE,
    ttlMs: CACHE_TTL_MS,
    now: () => this.now(),
  });

  private readonly textMining: TextMiningRunner;

  /** The caller's merges and removals of terms for a set (WordMergeService, given by the composition root). */
  private readonly termAdjustments: (set: ResultSet) => Promise<TermAdjustments | undefined>;
  private readonly now: () => number;

  /**
   * @param options.textMining - where the analyses run (the search workers when pooled); default:
   *   this thread, over `engine`.
   * @param options.termAdjustments - the caller's merged and removed words of a set; default: none.
   */
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
    options: {
      textMining?: TextMiningRunner | undefined;
      termAdjustments?: ((set: ResultSet) => Promise<TermAdjustments | undefined>) | undefined;
      now?: () => number;
    } = {},
  ) {
    this.textMining = options.textMining ?? inThreadTextMining(engine);
    this.termAdjustments = options.termAdjustments ?? (() => Promise.resolve(undefined));
    this.now = options.now ?? Date.now;
  }

  /** The caller's adjustments of this set, or undefined when there are none. */
  private async adjustmentsOf(set: ResultSet): Promise<TermAdjustments | undefined> {
    const adjustments = await this.termAdjustments(this.setOf(set));
    return adjustments && (adjustments.merges.length > 0 || adjustments.removed.length > 0) ? adjustments : undefined;
  }

  /** The set as the engine runs it (SearchService.scope: the result page's reading, set sources resolved). */
  private scope(set: ResultSet, lang: Language): Promise<{ ast: QueryNode; options: CountOptions }> {
    return this.search.scope(set, lang);
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** The set's own fields, for cache keys and jump answers. */
  private setOf(body: ResultSet): ResultSet {
    return {
      searchExpre: body.searchExpre,
      ...(body.set ? { set: body.set } : {}),
      ...(body.secondExpre?.trim() ? { secondExpre: body.secondExpre } : {}),
      filters: body.filters,
      mergeType: body.mergeType,
      ...(body.source ? { source: body.source } : {}),
    };
  }

  private async cached<T extends Clustering | PatentLandscape>(key: object, compute: () => Promise<T>): Promise<T> {
    const id = JSON.stringify({ ...key, size: await this.engine.size() });
    return this.cache.get(id, compute) as Promise<T>;
  }

  // ---- word cloud -----------------------------------------------------------------------------

  async wordCloud(body: WordCloudBody, lang: Language): Promise<WordCloudResponse> {
    const started = performance.now();
    const { ast, options } = await this.scope(body, lang);
    const adjustments = await this.adjustmentsOf(body);
    const cloud = await this.run(() =>
      this.textMining.wordCloud(ast, options, {
        limit: body.limit,
        sampleSize: body.sampleSize,
        seed: body.seed,
        ...(adjustments ? { adjustments } : {}),
      }),
    );
    return {
      ...cloud,
      words: cloud.words.map(({ members, ...w }) => ({ ...w, ...(members ? { members: [...members] } : {}) })),
      ...(adjustments ? { adjustments } : {}),
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** The set AND the word's condition, the same condition whose count the cloud shows. */
  private async wordQuery(
    body: ResultSet & { word: string },
    lang: Language,
  ): Promise<{ ast: QueryNode; options: CountOptions; condition: string }> {
    // A merged term (the caller's, for this set) finds any of its words, as the cloud counted it.
    const word = body.word.trim();
    const merge = (await this.adjustmentsOf(body))?.merges.find((m) => m.name === word);
    const condition = merge ? mergeExpression(merge.words) : termExpression(word);
    const { ast, options } = await this.scope(body, lang);
    return { ast: makeAnd([ast, this.search.parse(condition, lang)]), options, condition };
  }

  async wordCloudDetail(body: WordCloudDetailBody, lang: Language): Promise<TextMiningPageResponse> {
    const { ast, options } = await this.wordQuery(body, lang);
    const result = await this.run(() =>
      this.engine.search({ ast, ...options, page: body.page, pageSize: body.pageSize, highlight: true }),
    );
    return { total: result.total, page: body.page, pageSize: body.pageSize, items: result.items };
  }

  async wordCloudJump(body: WordCloudJumpBody, lang: Language): Promise<AnalysisJumpResponse> {
    const { condition } = await this.wordQuery(body, lang);
    return this.jumpWith(this.setOf(body), condition, lang);
  }

  /** The result page of the set with `condition` ANDed into "search within results", counted by the engine. */
  private async jumpWith(set: ResultSet, condition: string, lang: Language): Promise<AnalysisJumpResponse> {
    const secondExpre = set.secondExpre ? `(${set.secondExpre}) AND ${condition}` : condition;
    const response = { ...set, secondExpre };
    const { ast, options } = await this.scope(response, lang);
    const total = await this.run(() => this.engine.count(ast, options));
    return { ...response, filters: [...set.filters], total };
  }

  /**
   * A jump to listed patents: PN=(a OR b …), most typical first, as many as fit in the expression
   * limit beside the user's own "search within results" (about 2,500 numbers); the rest are left
   * out and `truncated` says so.
   */
  private async jumpToPatents(
    set: ResultSet,
    publicationNumbers: readonly string[],
    lang: Language,
  ): Promise<TextMiningJumpResponse> {
    const { condition, listed } = patentListCondition(publicationNumbers, set.secondExpre);
    if (listed === 0) throw new AppError('TEXT_MINING_EMPTY_SELECTION');
    const jump = await this.jumpWith(set, condition, lang);
    return { ...jump, elementCount: publicationNumbers.length, truncated: listed < publicationNumbers.length };
  }

  private async page(
    publicationNumbers: readonly string[],
    page: number,
    pageSize: number,
  ): Promise<{ total: number; page: number; pageSize: number; items: SearchHit[] }> {
    const slice = publicationNumbers.slice((page - 1) * pageSize, page * pageSize);
    const items = slice.length > 0 ? await this.engine.get(slice) : [];
    return { total: publicationNumbers.length, page, pageSize, items };
  }

  // ---- clustering -----------------------------------------------------------------------------

  private async clustering(body: ClusteringBody, lang: Language): Promise<Clustering> {
    const { ast, options } = await this.scope(body, lang);
    const adjustments = await this.adjustmentsOf(body);
    const params = {
      ...(body.k ? { k: body.k } : {}),
      sampleSize: body.sampleSize,
      seed: body.seed,
      ...(adjustments ? { adjustments } : {}),
    };
    return this.run(() =>
      this.cached({ kind: 'clusters', set: this.setOf(body), ...params }, () =>
        this.textMining.clusters(ast, options, params),
      ),
    );
  }

  async clusters(body: ClusteringBody, lang: Language): Promise<ClusteringResponse> {
    const started = performance.now();
    const result = await this.clustering(body, lang);
    const adjustments = await this.adjustmentsOf(body);
    const analysed = Math.max(1, result.sampleSize);
    return {
      total: result.total,
      sampled: result.sampled,
      sampleSize: result.sampleSize,
      k: result.k,
      unassigned: result.unassigned,
      clusters: result.clusters.map((c) => ({
        id: c.id,
        label: c.label,
        terms: c.terms,
        size: c.members.length,
        share: Math.round((c.members.length / analysed) * 10000) / 10000,
        members: c.members.slice(0, body.memberLimit),
      })),
      ...(adjustments ? { adjustments } : {}),
      tookMs: Math.round(performance.now() - started),
    };
  }

  private async clusterOf(body: ClusteringBody & { clusterId: number }, lang: Language) {
    const result = await this.clustering(body, lang);
    const cluster = result.clusters[body.clusterId];
    if (!cluster) throw new AppError('TEXT_MINING_CLUSTER_NOT_FOUND', { id: body.clusterId });
    return { result, cluster };
  }

  async patentCluster(body: PatentClusterBody, lang: Language) {
    const { result, cluster } = await this.clusterOf(body, lang);
    const members = cluster.members.map((m) => m.publicationNumber);
    const page = await this.run(() => this.page(members, body.page, body.pageSize));
    const { members: _members, ...summary } = cluster;
    return {
      ...page,
      cluster: {
        ...summary,
        size: members.length,
        share: Math.round((members.length / Math.max(1, result.sampleSize)) * 10000) / 10000,
      },
    };
  }

  async clusterJump(body: ClusterJumpBody, lang: Language): Promise<TextMiningJumpResponse> {
    const { cluster } = await this.clusterOf(body, lang);
    return this.jumpToPatents(
      this.setOf(body),
      cluster.members.map((m) => m.publicationNumber),
      lang,
    );
  }

  // ---- landscape ------------------------------------------------------------------------------

  private async landscapeOf(body: LandscapeBody, lang: Language): Promise<PatentLandscape> {
    const { ast, options } = await this.scope(body, lang);
    const adjustments = await this.adjustmentsOf(body);
    const params = {
      gridSize: body.gridSize,
      sampleSize: body.sampleSize,
      seed: body.seed,
      ...(adjustments ? { adjustments } : {}),
    };
    return this.run(() =>
      this.cached({ kind: 'landscape', set: this.setOf(body), ...params }, () =>
        this.textMining.landscape(ast, options, params),
      ),
    );
  }

  async landscape(body: LandscapeBody, lang: Language): Promise<LandscapeResponse> {
    const started = performance.now();
    const map = await this.landscapeOf(body, lang);
    return {
      total: map.total,
      sampled: map.sampled,
      sampleSize: map.sampleSize,
      extent: LANDSCAPE_EXTENT,
      peakRadius: PEAK_RADIUS,
      unplaced: map.unplaced,
      points: map.points,
      grid: map.grid,
      peaks: map.peaks,
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** Indexes of the mapped points in a region, nearest its centre first. */
  private async region(body: LandscapeRegionBody, lang: Language): Promise<{ map: PatentLandscape; inside: number[] }> {
    const map = await this.landscapeOf(body, lang);
    const r: LandscapeRegion = body.region;
    const [cx, cy] = r.kind === 'circle' ? [r.x, r.y] : [(r.xMin + r.xMax) / 2, (r.yMin + r.yMax) / 2];
    const isInside = (x: number, y: number): boolean =>
      r.kind === 'circle'
        ? Math.hypot(x - r.x, y - r.y) <= r.radius
        : x >= Math.min(r.xMin, r.xMax) &&
          x <= Math.max(r.xMin, r.xMax) &&
          y >= Math.min(r.yMin, r.yMax) &&
          y <= Math.max(r.yMin, r.yMax);
    const inside: number[] = [];
    map.points.forEach((p, i) => isInside(p.x, p.y) && inside.push(i));
    const distance = (i: number): number => Math.hypot(map.points[i]!.x - cx, map.points[i]!.y - cy);
    inside.sort((a, b) => distance(a) - distance(b) || a - b);
    return { map, inside };
  }

  async landscapeTopInfo(body: LandscapeRegionBody, lang: Language): Promise<LandscapeTopInfoResponse> {
    const { map, inside } = await this.region(body, lang);
    const docs = inside.map((i) => map.docs[i]!);
    const tally = (values: (string | undefined)[][], limit: number) => {
      const counts = new Map<string, number>();
      for (const vs of values) for (const v of new Set(vs)) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, limit)
        .map(([key, count]) => ({ key, count }));
    };
    const years = tally(
      docs.map((d) => [(d.applicationDate ?? d.publicationDate)?.slice(0, 4)]),
      200,
    ).sort((a, b) => (a.key < b.key ? -1 : 1));
    return {
      count: docs.length,
      sampled: map.sampled,
      terms: topTermsOf(docs, 10).map((t) => ({ key: t.word, count: t.count })),
      applicants: tally(
        docs.map((d) => d.applicants),
        10,
      ),
      ipc: tally(
        docs.map((d) => [d.ipcMain?.replace(/\s+/g, '').slice(0, 4).toUpperCase()]),
        10,
      ),
      years,
    };
  }

  async landscapeDetail(body: LandscapeDetailBody, lang: Language): Promise<TextMiningPageResponse> {
    const { map, inside } = await this.region(body, lang);
    return this.run(() =>
      this.page(
        inside.map((i) => map.points[i]!.publicationNumber),
        body.page,
        body.pageSize,
      ),
    );
  }

  async landscapeJump(body: LandscapeRegionBody, lang: Language): Promise<TextMiningJumpResponse> {
    const { map, inside } = await this.region(body, lang);
    return this.jumpToPatents(
      this.setOf(body),
      inside.map((i) => map.points[i]!.publicationNumber),
      lang,
    );
  }
}
