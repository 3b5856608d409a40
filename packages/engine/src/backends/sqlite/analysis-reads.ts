import { MAX_ANALYSIS_TOTAL, type AnalysisSpec } from '@patlas/contracts';
import type { QueryNode } from '@patlas/query';
import { sampleIndexes } from '../../linear-algebra/random.js';
import {
  EngineError,
  type AggregateEachResponse,
  type ConditionCount,
  type CountOptions,
  type FacetField,
  type Facets,
  type TextDoc,
  type TextSample,
  type TextSampleOptions,
} from '../../search-engine.js';
import { aggregateHits, unitCount } from './aggregate.js';
import { compileQuery } from './compile-query.js';
import { loadRows } from './doc-rows.js';
import { columnsOf, refresh } from './engine-columns.js';
import type { SqliteEngineState } from './engine-state.js';
import { intersect } from './id-sets.js';
import { evaluate, hitsOf } from './match-evaluation.js';
import { comparator, mergedByPd, mergeHits } from './result-order.js';
import { facetCounts } from './search-page.js';

// The reads over a whole result set: counts, facets, analyses and text samples.

/** Hits of a set to analyse (after scope and filters), refused above the analysis limit. */
function analysableHits(state: SqliteEngineState, ast: QueryNode, options: CountOptions): Int32Array {
  const { hits } = hitsOf(state, ast, options);
  const max = state.options.maxAnalysisTotal ?? MAX_ANALYSIS_TOTAL;
  if (hits.length > max) throw new EngineError('ANALYSIS_TOO_MANY', { total: hits.length, max });
  return hits;
}

export async function countHits(state: SqliteEngineState, ast: QueryNode, options: CountOptions = {}): Promise<number> {
  refresh(state);
  const { hits } = hitsOf(state, ast, options);
  if (!options.merge) return hits.length;
  return mergedByPd(state, hits, options.merge).length;
}

export async function countFacets(
  state: SqliteEngineState,
  ast: QueryNode,
  fields: readonly FacetField[],
  options: CountOptions & { limit?: number } = {},
): Promise<Facets> {
  refresh(state);
  const { hits } = hitsOf(state, ast, options);
  return facetCounts(state, hits, fields, options.limit ?? 50);
}

/** The analyses of one result set: its hits are found once, then counted per spec. */
export async function aggregateEach(
  state: SqliteEngineState,
  ast: QueryNode,
  specs: readonly AnalysisSpec[],
  options: CountOptions = {},
): Promise<AggregateEachResponse> {
  refresh(state);
  const hits = analysableHits(state, ast, options);
  const merge = options.merge ?? 0;
  const rowsOf = (ids: number[]) => {
    const rows = loadRows(state, ids, false);
    return new Map(
      [...rows].map(([id, r]) => [
        id,
        { publicationNumber: r.publicationNumber, ...(r.title ? { title: r.title } : {}) },
      ]),
    );
  };
  const answers = specs.map((spec) => aggregateHits(columnsOf(state), hits, merge, spec, rowsOf));
  const total = answers[0]?.total ?? unitCount(columnsOf(state), hits, merge);
  return { total, results: answers.map((a) => a.result) };
}

/** Texts of an analysed set (after scope, filters and merge), sampled down to `sample.limit`. */
export async function sampleTexts(
  state: SqliteEngineState,
  ast: QueryNode,
  options: CountOptions,
  sample: TextSampleOptions,
): Promise<TextSample> {
  refresh(state);
  const hits = analysableHits(state, ast, options);
  const merged = options.merge ? mergedByPd(state, hits, options.merge) : hits;
  const picked =
    merged.length > sample.limit
      ? Int32Array.from(sampleIndexes(merged.length, sample.limit, sample.seed ?? 1), (i) => merged[i] as number).sort()
      : merged;
  const docs: TextDoc[] = [];
  for (let i = 0; i < picked.length; i += 500) {
    const rows = loadRows(state, Array.from(picked.subarray(i, i + 500)));
    for (const id of picked.subarray(i, i + 500)) {
      const row = rows.get(id);
      if (!row) continue;
      docs.push({
        publicationNumber: row.publicationNumber,
        ...(row.title ? { title: row.title } : {}),
        ...(row.abstract ? { abstract: row.abstract } : {}),
        applicants: row.applicants,
        ...(row.ipcMain ? { ipcMain: row.ipcMain } : {}),
        ...(row.applicationDate ? { applicationDate: row.applicationDate } : {}),
        ...(row.publicationDate ? { publicationDate: row.publicationDate } : {}),
      });
    }
  }
  return { total: merged.length, sampled: picked.length < merged.length, docs };
}

/** How many of the set and of the whole index meet each condition. */
export async function countEach(
  state: SqliteEngineState,
  ast: QueryNode,
  conditions: readonly QueryNode[],
  options: CountOptions = {},
): Promise<ConditionCount[]> {
  refresh(state);
  // Unmerged hits: each condition's share is merged on its own below.
  const hits = analysableHits(state, ast, options);
  const byPd = comparator(state, { field: 'PD' }, undefined);
  return conditions.map((condition) => {
    // The condition's own hits give both numbers: one FTS evaluation per condition, read
    // from the live index (so document frequencies follow every index change).
    const matching = evaluate(state, compileQuery(condition, state.ctx));
    const inSet = intersect(hits, matching);
    return {
      set: options.merge ? mergeHits(state, inSet, options.merge, byPd).length : inSet.length,
      corpus: matching.length,
    };
  });
}
