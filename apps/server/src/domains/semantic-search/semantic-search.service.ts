import {
  DEFAULT_SEMANTIC_WEIGHTS,
  MAX_SEMANTIC_RESULTS,
  MAX_SEMANTIC_TEXT_LENGTH,
  MIN_SEMANTIC_TEXT_LENGTH,
  semanticBand,
  type SemanticQuery,
  type SemanticNearTerms,
  type SemanticSearchResponse,
} from '@patlas/contracts';
import { nearestTerms, type SearchEngine, type WordVectors } from '@patlas/engine';
import { sourceFilterOf } from '@patlas/contracts';
import { applyLeadingNotRule, parseExpression, type QueryNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import { toAppError, type ResolvedSet, type SemanticClauseSource } from '../search/index.js';
import { SharedResults } from '../../plugins/shared-results.js';
import type { SemanticModelKeeper } from './semantic-model.js';
import type { SemanticQueryRepository } from './semantic-query.repository.js';

/** Offices of the `cn` scope (DataScope in the engine). */
const CN_OFFICES = ['CN', 'TW', 'HK', 'MO'];

export interface SemanticSearchInput extends Partial<SemanticQuery> {
  key?: string | undefined;
  page: number;
  pageSize: number;
}

function compactDate(day: string): string {
  return day.replace(/-/g, '');
}

/** The candidate restriction of a query: offices, patent types and a date range, as an expression. */
export function semanticFilter(query: SemanticQuery): { filter?: QueryNode; scope?: 'cn' | 'uncn' } {
  const parts: string[] = [];
  let scope: 'cn' | 'uncn' | undefined;
  const sources = query.ss_dataSources ?? [];
  const offices = new Set<string>();
  let uncn = false;
  for (const s of sources) {
    if (s === 'cn') CN_OFFICES.forEach((o) => offices.add(o));
    else if (s === 'uncn') uncn = true;
    else offices.add(s.toUpperCase());
  }
  if (uncn && offices.size === 0) scope = 'uncn';
  else if (uncn) {
    // Every non-Chinese office plus the chosen ones: all but the Chinese offices not chosen.
    const excluded = CN_OFFICES.filter((o) => !offices.has(o));
    if (excluded.length > 0) parts.push(`NOT CC=(${excluded.join(' OR ')})`);
  } else if (offices.size > 0) parts.push(`CC=(${[...offices].join(' OR ')})`);
  if (query.ss_patentType?.length) parts.push(`PT=(${query.ss_patentType.join(' OR ')})`);
  const field = query.ss_dateType ?? 'AD';
  if (query.ss_dateFrom && query.ss_dateTo) {
    parts.push(`${field}=[${compactDate(query.ss_dateFrom)} TO ${compactDate(query.ss_dateTo)}]`);
  } else if (query.ss_dateFrom) parts.push(`${field}>=${compactDate(query.ss_dateFrom)}`);
  else if (query.ss_dateTo) parts.push(`${field}<=${compactDate(query.ss_dateTo)}`);
  if (parts.length === 0) return scope ? { scope } : {};
  // A leading NOT (the office exclusion) needs the "every document" condition in front of it.
  const ordered = [...parts.filter((p) => !p.startsWith('NOT')), ...parts.filter((p) => p.startsWith('NOT'))];
  const parsed = parseExpression(ordered.join(' AND '));
  if (!parsed.ok) throw new Error(`semantic filter does not parse: ${ordered.join(' AND ')}`);
  return { filter: applyLeadingNotRule(parsed.ast), ...(scope ? { scope } : {}) };
}

/** Spec 1 §5 rules on the query, each with its own message. */
export function checkSemanticQuery(query: SemanticQuery): void {
  const length = query.searchContext.length;
  if (length > MAX_SEMANTIC_TEXT_LENGTH) {
    throw new AppError('SEMANTIC_TEXT_TOO_LONG', { max: MAX_SEMANTIC_TEXT_LENGTH, length });
  }
  if (query.searchContext.trim().length < MIN_SEMANTIC_TEXT_LENGTH) {
    throw new AppError('SEMANTIC_TEXT_TOO_SHORT', { min: MIN_SEMANTIC_TEXT_LENGTH });
  }
  const seen = new Set<string>();
  for (const source of query.ss_dataSources ?? []) {
    const code = source.length === 2 ? source.toUpperCase() : source;
    if (seen.has(code)) throw new AppError('SEMANTIC_DUPLICATE_SOURCE', { code });
    seen.add(code);
  }
  if (query.ss_dateFrom && query.ss_dateTo && query.ss_dateFrom > query.ss_dateTo) {
    throw new AppError('SEMANTIC_DATE_RANGE_INVALID');
  }
  if (query.ss_weights && query.ss_weights.split(',').every((w) => Number(w) === 0)) {
    throw new AppError('SEMANTIC_WEIGHTS_ALL_ZERO');
  }
}

/** Ranked sets kept for the result page's and analysis's calls on the same search (pages, facets, charts). */
const RANKING_CACHE_SIZE = 32;
const RANKING_CACHE_TTL_MS = 10 * 60_000;
/** The start of the text that names a semantic set on the result page. */
const SET_LABEL_LENGTH = 200;

function weightsOf(query: SemanticQuery): [number, number, number, number] {
  return (query.ss_weights ?? DEFAULT_SEMANTIC_WEIGHTS).split(',').map(Number) as [number, number, number, number];
}

export class SemanticSearchService implements SemanticClauseSource {
  private readonly rankings: SharedResults<ResolvedSet>;
  private readonly clauses: SharedResults<readonly string[]>;

  constructor(
    private readonly engine: SearchEngine,
    private readonly queries: SemanticQueryRepository,
    private readonly keeper: SemanticModelKeeper,
    /** The shipped word vectors; undefined with SEMANTIC_VECTORS_PATH=off (no nearest terms then). */
    private readonly vectors?: WordVectors,
    now: () => number = Date.now,
  ) {
    this.rankings = new SharedResults({ size: RANKING_CACHE_SIZE, ttlMs: RANKING_CACHE_TTL_MS, now });
    this.clauses = new SharedResults({ size: RANKING_CACHE_SIZE, ttlMs: RANKING_CACHE_TTL_MS, now });
  }

  /**
   * What `SEM=(text)` of an expression stands for (issue 48): the publication numbers of the `top`
   * patents most similar to the text within the data sources, best first, ranked as a semantic
   * search ranks (hybrid, the default weights) on the search workers. Kept a while per text, N,
   * sources and space, so the result page, its facets, analyses, exports and alert runs of the same
   * expression rank it once; a relearned space or an import ranks it again.
   */
  async membersOf(text: string, top: number, source: string | undefined): Promise<readonly string[]> {
    const status = this.engine.semanticStatus();
    const id = JSON.stringify([text, top, source ?? '', status.model, status.vectors, await this.engine.size()]);
    return this.clauses.get(id, async () => {
      // A space learned from too few patents, or none yet: relearned in the background.
      void this.keeper.refresh();
      const scope = sourceFilterOf(source);
      const result = await this.engine.semanticSearch({
        text,
        weights: weightsOf({ searchContext: text }),
        mode: 'hybrid',
        ...(scope ? { scope } : {}),
        limit: Math.min(top, MAX_SEMANTIC_RESULTS),
        page: 1,
        pageSize: 1,
        withRanking: true,
      });
      return (result.ranking ?? []).map((r) => r.publicationNumber);
    });
  }

  /**
   * The terms nearest a term in the shipped vectors (the expression editor's `TI=(… OR …)`
   * suggestions): words the training saw at least 5 times, cosine 0.5 or more, best first.
   */
  nearTerms(term: string, limit: number): SemanticNearTerms {
    const trimmed = term.trim();
    if (!this.vectors || trimmed === '') return { term: trimmed, terms: [] };
    const terms = nearestTerms(this.vectors, trimmed, { k: limit }).map((n) => ({
      term: n.term,
      similarity: Math.round(n.similarity * 1000) / 1000,
    }));
    return { term: trimmed, terms };
  }

  /**
   * The whole ranking of a stored semantic search (its top MAX_SEMANTIC_RESULTS, best first), as
   * the result page's set source. Kept a while per key and space, so paging, filtering and
   * analysing the set rank it once; a relearned space or an import ranks it again.
   */
  async rankedSet(key: string): Promise<ResolvedSet> {
    const status = this.engine.semanticStatus();
    const id = JSON.stringify([key, status.model, status.vectors, await this.engine.size()]);
    return this.rankings.get(id, () => this.rank(key));
  }

  private async rank(key: string): Promise<ResolvedSet> {
    const query = await this.queries.find(key);
    if (!query) throw new AppError('SEMANTIC_KEY_NOT_FOUND');
    const result = await this.engine.semanticSearch({
      text: query.searchContext,
      weights: weightsOf(query),
      mode: query.mode ?? 'hybrid',
      ...semanticFilter(query),
      ...(query.excludeExpansions ? { excludeExpansions: query.excludeExpansions } : {}),
      limit: MAX_SEMANTIC_RESULTS,
      page: 1,
      pageSize: 1,
      withRanking: true,
    });
    return {
      label: query.searchContext.replace(/\s+/g, ' ').trim().slice(0, SET_LABEL_LENGTH),
      limit: MAX_SEMANTIC_RESULTS,
      ranking: (result.ranking ?? []).map((r) => {
        const band = semanticBand(r.similarity, result.model);
        return {
          publicationNumber: r.publicationNumber,
          relevance: r.relevance,
          ...(band ? { band, similarity: r.similarity } : {}),
        };
      }),
    };
  }

  /** `savedWeights`: the caller's saved weights (user custom config), used when the request names none. */
  async search(input: SemanticSearchInput, savedWeights: () => Promise<string>): Promise<SemanticSearchResponse> {
    const started = performance.now();
    let query: SemanticQuery;
    if (input.key) {
      const stored = await this.queries.find(input.key);
      if (!stored) throw new AppError('SEMANTIC_KEY_NOT_FOUND');
      query = stored;
    } else {
      const { key: _key, page: _page, pageSize: _size, ...fields } = input;
      query = { ...fields, searchContext: fields.searchContext ?? '' };
      checkSemanticQuery(query);
      query = {
        ...query,
        ss_weights: query.ss_weights ?? (await savedWeights()) ?? DEFAULT_SEMANTIC_WEIGHTS,
        mode: query.mode ?? 'hybrid',
      };
    }
    const key = input.key ?? (await this.queries.save(query));
    // A space learned from too few patents, or none yet: relearned in the background.
    void this.keeper.refresh();
    const weights = weightsOf(query);
    const mode = query.mode ?? 'hybrid';
    try {
      const result = await this.engine.semanticSearch({
        text: query.searchContext,
        weights,
        mode,
        ...semanticFilter(query),
        ...(query.excludeExpansions ? { excludeExpansions: query.excludeExpansions } : {}),
        limit: MAX_SEMANTIC_RESULTS,
        page: input.page,
        pageSize: input.pageSize,
      });
      return {
        key,
        query: { ...query, ss_weights: query.ss_weights ?? DEFAULT_SEMANTIC_WEIGHTS, mode },
        total: result.total,
        page: input.page,
        pageSize: input.pageSize,
        // The calibrated band of each hit's similarity (relevance-bands.ts), when the model has one.
        items: result.items.map((hit) => {
          const band = semanticBand(hit.similarity, result.model);
          return band ? { ...hit, band } : hit;
        }),
        model: result.model ?? 'bm25',
        keyTerms: result.keyTerms,
        expansions: result.expansions,
        tookMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      throw toAppError(err);
    }
  }
}
