import type Database from 'better-sqlite3';
import { matchAllTerm, parseExpression } from '@patlas/query';
import type { SemanticRequest } from '../../search-engine.js';
import type { FieldWeights } from '../../semantic/hybrid.js';
import { BoundedCache } from './bounded-cache.js';
import { compileQuery, rankExpressions } from './compile-query.js';
import { loadRows } from './doc-rows.js';
import { semanticIndexOf, type SqliteEngineState } from './engine-state.js';
import { ownTopRows, rankArgs } from './fts-tables.js';
import { BM25_WEIGHTS, FTS_COLUMNS } from './index-schema.js';
import { hitsOf } from './match-evaluation.js';
import { rankMatchOf } from './relevance.js';
import { SELECT_VECTORS_SQL, type SemanticIndex, storedSimilarities } from './semantic-index.js';
import type { SemanticHost } from './semantic-search.js';

/**
 * Prepared keyword-ranking statements a connection keeps, one per field-weight combination (the
 * weights are written into the SQL): the default 3,3,3,3 and a user's few favourites stay, and a
 * caller cycling through combinations cannot grow the connection's memory (issue 41).
 */
export const KEYWORD_STATEMENTS_KEPT = 16;

/** What semantic search (semantic-search.ts) reads from the engine: hits, keyword ranks, vectors, rows. */
export function createSemanticHost(state: SqliteEngineState): SemanticHost & { readonly semantic: SemanticIndex } {
  const { db } = state;
  // One statement per field-weight combination asked (weights 0–99 each): the recent ones only.
  const keywordStatements = new BoundedCache<string, Database.Statement>(KEYWORD_STATEMENTS_KEPT);
  let vectorStatement: Database.Statement | undefined;
  return {
    get semantic(): SemanticIndex {
      return semanticIndexOf(state);
    },
    allowedIds(request: SemanticRequest): Int32Array | undefined {
      if (!request.filter && !request.scope) return undefined;
      const ast = request.filter ?? matchAllTerm();
      return hitsOf(state, ast, request.scope ? { scope: request.scope } : {}).hits;
    },
    keywordRanking(expression: string, weights: FieldWeights, limit: number): [number, number][] {
      const parsed = parseExpression(expression);
      if (!parsed.ok) return [];
      const exprs = rankExpressions(compileQuery(parsed.ast, state.ctx));
      if (exprs.length === 0) return [];
      // The field weights of bm25() scaled by the user's (3 is neutral); other columns are not matched.
      const factor: Partial<Record<string, number>> = {
        ti: weights[0] / 3,
        tiw: weights[0] / 3,
        ab: weights[1] / 3,
        clm: weights[2] / 3,
        desc: weights[3] / 3,
      };
      const scaled = FTS_COLUMNS.map((c, i) => (BM25_WEIGHTS[i] as number) * (factor[c] ?? 0));
      // On the engine's own postings: BM25F with the same weights (issue 44).
      const own = ownTopRows(state, rankMatchOf(exprs), scaled, limit);
      if (own) return own;
      const w = scaled.map((x) => x.toFixed(4)).join(', ');
      const statement = keywordStatements.getOrCreate(w, () =>
        db
          .prepare(`SELECT rowid, -patlas_bm25(fts, :m, :g, ${w}) FROM fts WHERE fts MATCH :m ORDER BY 2 DESC LIMIT :n`)
          .raw(),
      );
      return statement.all(rankArgs(state, rankMatchOf(exprs), limit)) as [number, number][];
    },
    similarities(query: Float32Array, ids: readonly number[], weights: FieldWeights, dims: number) {
      if (state.semanticIndex) return state.semanticIndex.similarities(query, ids, weights);
      // A search worker's read-only connection reads the vectors the writer stored.
      if (!vectorStatement) {
        const hasVectors = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sem_vecs'").get();
        if (!hasVectors) return new Map<number, number>();
        vectorStatement = db.prepare(SELECT_VECTORS_SQL).raw();
      }
      return storedSimilarities(vectorStatement, query, ids, weights, dims);
    },
    loadRows: (ids) => loadRows(state, ids),
  };
}
