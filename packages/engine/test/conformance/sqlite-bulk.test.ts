import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Patent } from '@patlas/contracts';
import { createSqliteEngine, type SearchEngine } from '../../src/index.js';
import { runConformance } from './run-conformance.js';

/**
 * The same suite over the import path: every index() is a bulk load (analysis and writes on worker
 * threads) of records whose texts the index does not keep but reads from a store, as the server's
 * imports do. Batches of 7 so a load spans several writer transactions.
 */
function bulkEngine(): SearchEngine {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-bulk-'));
  const store = new Map<string, Patent>();
  const engine = createSqliteEngine({
    file: path.join(dir, 'index.db'),
    // Every MATCH answered by FTS5 and by the engine's own postings, compared (issue 44).
    postings: 'both',
    textSource: (pns) => new Map(pns.flatMap((pn) => (store.has(pn) ? [[pn, store.get(pn) as Patent]] : []))),
  });
  return {
    ...engine,
    async index(docs) {
      for (const doc of docs) store.set(doc.publicationNumber, doc);
      const bulk = engine.bulkLoad({ textsInStore: true });
      for (let i = 0; i < docs.length; i += 7) await bulk.index(docs.slice(i, i + 7));
      await bulk.finish();
    },
    async close() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

runConformance('sqlite (FTS5) through a bulk load, texts read from the store', bulkEngine);
