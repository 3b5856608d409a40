import type { SearchEngine } from '../../search-engine.js';
import { aggregateEach, countEach, countFacets, countHits, sampleTexts } from './analysis-reads.js';
import { clauseCounts } from './clause-counts.js';
import { setAwards, setValueScores } from './column-writes.js';
import { refresh, saveColumnsAtClose } from './engine-columns.js';
import type { SqliteEngineOptions } from './engine-options.js';
import { semanticIndexOf, type SqliteEngineState } from './engine-state.js';
import { indexIdOf } from './index-schema.js';
import { bulkLoadDocs, indexDocs, removeDocs, removeKeys } from './index-writes.js';
import { openEngineState } from './open-engine.js';
import { expandFamily, getRecords, indexSize, indexedVersions } from './record-reads.js';
import { releaseScores } from './relevance.js';
import { rankedNumbers, searchPage } from './search-page.js';
import { createSemanticHost } from './semantic-host.js';
import { prepareSemanticSearch, rankSemantic, semanticSearch } from './semantic-search.js';

export type { SqliteEngineOptions, TextSource } from './engine-options.js';

/**
 * The SQLite FTS5 back end of SearchEngine. Its parts share one SqliteEngineState (engine-state.ts):
 * - open-engine.ts: the connection, schema and prepared statements; engine-columns.ts: the in-memory columns
 * - fts-tables.ts, match-evaluation.ts: a query's hits; relevance.ts, result-order.ts: their scores and order
 * - search-page.ts: pages and ranked numbers; analysis-reads.ts: counts, facets, analyses, text samples
 * - record-reads.ts: records by number; semantic-host.ts: what semantic search reads
 * - index-writes.ts, column-writes.ts: records written and removed, value scores and awards
 */
export function createSqliteEngine(options: SqliteEngineOptions): SearchEngine {
  const state = openEngineState(options);
  const semanticHost = createSemanticHost(state);
  return {
    index: (docs, indexOptions) => indexDocs(state, docs, indexOptions),
    bulkLoad: (indexOptions) => bulkLoadDocs(state, indexOptions),
    remove: (publicationNumbers) => removeDocs(state, publicationNumbers),
    removeKeys: (keys) => removeKeys(state, keys),
    setValueScores: (scores) => setValueScores(state, scores),
    setAwards: (updates, awardOptions) => setAwards(state, updates, awardOptions),

    search: async (request) => withScores(state, () => searchPage(state, request)),
    rankedNumbers: async (request) => withScores(state, () => rankedNumbers(state, request)),
    count: (ast, countOptions) => countHits(state, ast, countOptions),
    aggregate: async (ast, spec, countOptions) => {
      const { total, results } = await aggregateEach(state, ast, [spec], countOptions);
      return { total, result: results[0]! };
    },
    aggregateEach: (ast, specs, countOptions) => aggregateEach(state, ast, specs, countOptions),
    texts: (ast, countOptions, sample) => sampleTexts(state, ast, countOptions, sample),
    countEach: (ast, conditions, countOptions) => countEach(state, ast, conditions, countOptions),
    clauseCounts: (clauses, countOptions) => clauseCounts(state, clauses, countOptions),
    facets: (ast, fields, facetOptions) => countFacets(state, ast, fields, facetOptions),
    get: (publicationNumbers) => getRecords(state, publicationNumbers),
    expandFamily: (publicationNumbers) => expandFamily(state, publicationNumbers),

    semanticSearch: async (request) => {
      refresh(state);
      return semanticSearch(semanticHost, request);
    },
    prepareSemantic: async (request) => prepareSemanticSearch(semanticIndexOf(state), request),
    rankSemantic: async (request, prepared) => {
      refresh(state);
      return rankSemantic(semanticHost, request, prepared);
    },
    buildSemanticModel: async (buildOptions) => semanticIndexOf(state).build(buildOptions),
    fillSemantic: async (signal) => semanticIndexOf(state).fill(signal),
    semanticStatus: () =>
      state.semanticIndex?.status() ?? { model: null, dims: 0, vectors: 0, trainedOn: 0, building: false },

    size: () => indexSize(state),
    catchUp: async () => {
      refresh(state);
      state.ownPostings?.catchUp();
    },
    versions: (request) => indexedVersions(state, request),
    // Read again: a rebuild by another connection gives the file a new id.
    identity: async () => ({ id: indexIdOf(state.db) ?? '', writes: state.changes.latest() }),
    close: async () => {
      saveColumnsAtClose(state);
      state.semanticIndex?.close();
      state.db.close();
    },
  };
}

/** A search from fresh columns, the scores it wrote cleared after (SqliteEngineState.scoreBuffer). */
function withScores<T>(state: SqliteEngineState, read: () => T): T {
  refresh(state);
  try {
    return read();
  } finally {
    releaseScores(state);
  }
}
