import { createSqliteEngine } from '../../src/index.js';
import { runConformance } from './run-conformance.js';

runConformance('sqlite (own postings)', () => createSqliteEngine({ file: ':memory:', postings: 'own' }));
// Until FTS5's postings go: every MATCH answered by both, and a difference fails the query (issue 44).
runConformance('sqlite (own postings and FTS5 compared)', () =>
  createSqliteEngine({ file: ':memory:', postings: 'both' }),
);
// A file keeping only the engine's own postings: no FTS5 row is written, nothing falls back to FTS5.
runConformance('sqlite (own postings only)', () => createSqliteEngine({ file: ':memory:', postings: 'only' }));
runConformance('sqlite (FTS5 postings)', () => createSqliteEngine({ file: ':memory:', postings: 'fts5' }));
