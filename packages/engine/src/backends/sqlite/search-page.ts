import { MAX_PAGE, MAX_PAGE_SIZE, MAX_SORT_TOTAL } from '@patlas/contracts';
import type { QueryNode, TermNode } from '@patlas/query';
import type { LegalStatusClass } from '../../aggregation/dimensions.js';
import { highlightText } from '../../analysis/highlight.js';
import { analyseTerm, type AnalysedTerm } from '../../analysis/query-terms.js';
import { selectPage, type Compare } from '../../ranking/top-k.js';
import {
  EngineError,
  MAX_RANKED_NUMBERS,
  type CountOptions,
  type FacetField,
  type Facets,
  type RankedNumbers,
  type RankedNumbersRequest,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
  type SortSpec,
} from '../../search-engine.js';
import { compileQuery } from './compile-query.js';
import { loadRows } from './doc-rows.js';
import { columnsOf } from './engine-columns.js';
import type { SqliteEngineState } from './engine-state.js';
import { filterIds } from './id-sets.js';
import type { DocRow } from './index-tokens.js';
import { hitsOf } from './match-evaluation.js';
import { WITHIN_CHUNK, rankedSetScores } from './ranked-set.js';
import { ftsPage, rankHits } from './relevance.js';
import { comparator, mergeHits } from './result-order.js';

/**
 * The page under `cmp`. With relevance scores every scored hit sorts before every unscored one, so
 * when the page lies within the scored hits (a few thousand at most, see rankHits) only those are
 * selected from, instead of quickselecting over every hit.
 */
function selectRankedPage(
  hits: Int32Array,
  scores: Float64Array | undefined,
  from: number,
  to: number,
  cmp: Compare,
): Int32Array {
  if (scores) {
    const scored = filterIds(hits, (id) => (scores[id] as number) > 0);
    if (scored.length >= to) return selectPage(scored, from, to, cmp);
  }
  return selectPage(hits.slice(), from, to, cmp);
}

/** Terms whose matches are marked in titles and abstracts (positive text conditions only). */
function highlightTerms(node: QueryNode, negated = false, out: AnalysedTerm[] = []): AnalysedTerm[] {
  const isTitleOrAbstract = (t: TermNode): boolean =>
    ['TI', 'AB', 'TIAB', 'TIABC', 'FT'].includes((t.field ?? 'TIABC').toUpperCase());
  switch (node.kind) {
    case 'Term':
      if (!negated && isTitleOrAbstract(node)) out.push(analyseTerm(node.value, node.phrase));
      break;
    case 'Near':
      if (!negated) {
        for (const t of [node.left, node.right])
          if (isTitleOrAbstract({ ...t, field: node.field ?? t.field })) out.push(analyseTerm(t.value, t.phrase));
      }
      break;
    case 'And':
    case 'Or':
      for (const c of node.children) highlightTerms(c, negated, out);
      break;
    case 'Not':
      highlightTerms(node.child, !negated, out);
      break;
    default:
      break;
  }
  return out;
}

function pageItems(
  state: SqliteEngineState,
  pageIds: Int32Array,
  rows: Map<number, DocRow>,
  scores: Float64Array | undefined,
  terms: AnalysedTerm[],
  highlight: boolean | undefined,
): SearchHit[] {
  const items: SearchHit[] = [];
  for (const id of pageIds) {
    const row = rows.get(id);
    if (!row) continue;
    let highlights: SearchHit['highlights'];
    if (highlight) {
      const title = row.title ? highlightText(row.title, terms) : undefined;
      const abstract = row.abstract ? highlightText(row.abstract, terms) : undefined;
      highlights = { ...(title ? { title } : {}), ...(abstract ? { abstract } : {}) };
    }
    // Read from the in-memory columns, so indexes written before these fields existed show them too.
    const provinces = columnsOf(state).valuesOf('applicantProvince', id);
    const statusClass = columnsOf(state).valueOf('legalStatusClass', id) as LegalStatusClass | undefined;
    const valueScore = columnsOf(state).ranges.pv[id] as number;
    items.push({
      ...row,
      ...(statusClass ? { legalStatusClass: statusClass } : {}),
      ...(Number.isNaN(valueScore) ? {} : { valueScore }),
      ...(provinces.length > 0 ? { applicantProvinces: provinces } : {}),
      score: scores ? (scores[id] as number) : 0,
      ...(highlights ? { highlights } : {}),
    });
  }
  return items;
}

export function facetCounts(
  state: SqliteEngineState,
  hits: Int32Array,
  fields: readonly FacetField[],
  limit: number,
  limits: Readonly<Partial<Record<FacetField, number>>> = {},
): Facets {
  const facets: Facets = {};
  for (const f of fields) facets[f] = columnsOf(state).countFacet(f, hits, limits[f] ?? limit);
  return facets;
}

/**
 * Ranks [from, to) of a search's ordered result set: FTS5's own top-k when it applies (a plain
 * ranked text query), else every hit scored or sorted and the window selected.
 */
function rankedWindow(
  state: SqliteEngineState,
  request: CountOptions & {
    ast: QueryNode;
    sort?: SortSpec;
    facets?: readonly FacetField[];
    facetLimit?: number;
    facetLimits?: Readonly<Partial<Record<FacetField, number>>>;
  },
  from: number,
  to: number,
): { total: number; pageIds: Int32Array; scores: Float64Array | undefined; facets: Facets } {
  const sort = request.sort ?? { field: 'relevance' };
  const compiled = compileQuery(request.ast, state.ctx);
  const fast = sort.field === 'relevance' ? ftsPage(state, compiled, request, from, to) : undefined;
  if (fast) return { ...fast, facets: {} };
  const { plan, hits, scores: termScores } = hitsOf(state, request.ast, request, sort.field === 'relevance', compiled);
  if (sort.field !== 'relevance' && hits.length > MAX_SORT_TOTAL) {
    throw new EngineError('SORT_TOO_MANY_HITS', { total: hits.length, max: MAX_SORT_TOTAL });
  }
  const facets = request.facets?.length
    ? facetCounts(state, hits, request.facets, request.facetLimit ?? 50, request.facetLimits)
    : {};
  let scores: Float64Array | undefined;
  if (sort.field === 'relevance')
    scores = request.within
      ? rankedSetScores(state, request.within)
      : // Without a family merge (which picks each family's best by score) only the page's order needs exact scores.
        (termScores ?? rankHits(state, plan, hits, request.merge ? undefined : to));
  const cmp = comparator(state, sort, scores);
  const merged = mergeHits(state, hits, request.merge ?? 0, cmp);
  const pageIds = selectRankedPage(merged, scores, from, to, cmp);
  return { total: merged.length, pageIds, scores, facets };
}

/** One page of a search (call between refresh and releaseScores). */
export function searchPage(state: SqliteEngineState, request: SearchRequest): SearchResponse {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  if (!Number.isInteger(page) || page < 1) throw new EngineError('PAGE_TOO_DEEP', { page });
  if (page > MAX_PAGE) throw new EngineError('PAGE_TOO_DEEP', { page, max: MAX_PAGE });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new EngineError('PAGE_SIZE_INVALID', { pageSize, max: MAX_PAGE_SIZE });
  }
  const { total, pageIds, scores, facets } = rankedWindow(state, request, (page - 1) * pageSize, page * pageSize);
  const rows = loadRows(state, Array.from(pageIds));
  const terms = request.highlight ? highlightTerms(request.ast) : [];
  return { total, items: pageItems(state, pageIds, rows, scores, terms, request.highlight), facets };
}

/** A window of a search's publication numbers in result order (call between refresh and releaseScores). */
export function rankedNumbers(state: SqliteEngineState, request: RankedNumbersRequest): RankedNumbers {
  const { offset, limit } = request;
  if (!Number.isInteger(offset) || offset < 0) throw new EngineError('PAGE_TOO_DEEP', { page: offset });
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RANKED_NUMBERS) {
    throw new EngineError('PAGE_SIZE_INVALID', { pageSize: limit, max: MAX_RANKED_NUMBERS });
  }
  const { total, pageIds } = rankedWindow(state, request, offset, offset + limit);
  // The numbers as the records write them, read in SQLite (json_extract), not parsed in JS.
  const numberOf = new Map<number, string>();
  for (let at = 0; at < pageIds.length; at += WITHIN_CHUNK) {
    const chunk = JSON.stringify(Array.from(pageIds.subarray(at, at + WITHIN_CHUNK)));
    for (const [id, pn] of state.stmt.numbersOfIds.all(chunk) as [number, string][]) numberOf.set(id, pn);
  }
  const publicationNumbers: string[] = [];
  for (const id of pageIds) {
    const pn = numberOf.get(id);
    if (pn !== undefined) publicationNumbers.push(pn);
  }
  return { total, publicationNumbers };
}
