import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import {
  loadDemoCorpusIfNeeded,
  syncSearchIndex,
} from '../../apps/server/dist/domains/patent/import/import.service.js';
import { outFile } from './paths.js';

type AppContext = Awaited<ReturnType<typeof buildApp>>['context'];

export interface BenchServer {
  app: FastifyInstance;
  context: AppContext;
  /** http://127.0.0.1:<port> */
  address: string;
  dataDir: string;
  /** The seeded operator's bearer token and a JSON content type. */
  headers: Record<string, string>;
  /** POST over HTTP as the operator: the envelope's data, or an Error with the answer. */
  post: <T>(url: string, body: unknown) => Promise<{ ms: number; data: T }>;
}

/**
 * The product over real HTTP for a benchmark: DATA_DIR `dataDir` (a directory with an index, e.g. the
 * 1M `full` corpus) or, without it, the demo corpus loaded once into bench/out/load-demo/; the search
 * index synced with the store, search workers ready, signed in as the seeded operator.
 */
export async function startBenchServer(options: {
  dataDir: string | undefined;
  workers: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? outFile('load-demo');
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DEMO_CORPUS: options.dataDir ? 'false' : 'true',
      LOG_LEVEL: 'warn',
      PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
      SEARCH_WORKERS: options.workers,
      // What is timed is the work, not the budget.
      SEARCH_TIMEOUT_MS: '60000',
      ...options.env,
    },
    'bench',
  );
  const { app, context } = await buildApp(config, { announce: () => undefined });
  const { repaired: reindexed } = await syncSearchIndex(context);
  if (reindexed > 0) console.log(`search index repaired from the store: ${reindexed} patents`);
  if (!options.dataDir) await loadDemoCorpusIfNeeded(context);
  await context.searchReady();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await context.repositories.users.findByEmail('admin@patlas.local');
  if (!admin) throw new Error('no seeded operator');
  const tokens = await context.services.sessions.open({
    userId: admin.id,
    tenantId: admin.tenant_id,
    loginType: 'password',
    ip: null,
  });
  const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' };
  const post = async <T>(url: string, body: unknown): Promise<{ ms: number; data: T }> => {
    const started = performance.now();
    const res = await fetch(`${address}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await res.json()) as { status: number; data: T };
    const ms = performance.now() - started;
    if (answer.status !== 1) throw new Error(`${url}: ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms, data: answer.data };
  };
  return { app, context, address, dataDir, headers, post };
}
