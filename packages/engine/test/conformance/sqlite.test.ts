import { createSqliteEngine } from '../../src/index.js';
import { runConformance } from './run-conformance.js';

runConformance('sqlite (own postings)', () => createSqliteEngine({ file: ':memory:', postings: 'own' }));
// Until FTS5's postings go: every MATCH answered by both, and a difference fails the query (issue 44).
runConformance('sqlite (own postings and FTS5 compared)', () =>
  createSqliteEngine({ file: ':memory:', postings: 'both' }),
);
runConformance('sqlite (FTS5 postings)', () => createSqliteEngine({ file: ':memory:', postings: 'fts5' }));
