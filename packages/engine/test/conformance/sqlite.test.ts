import { createSqliteEngine } from '../../src/index.js';
import { runConformance } from './run-conformance.js';

runConformance('sqlite (FTS5)', () => createSqliteEngine({ file: ':memory:' }));
