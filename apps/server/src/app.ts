import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createSqliteEngine, type SearchEngine } from '@patlas/engine';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { patentRoutes } from './domains/patent/patent.routes.js';
import { PatentRepository } from './domains/patent/patent.repository.js';
import { PatentService } from './domains/patent/patent.service.js';
import { SearchStateRepository } from './domains/search/search-state.repository.js';
import { searchPlatformRoutes, searchProductRoutes } from './domains/search/search.routes.js';
import { dashboardsRoutes, patentMapRoutes } from './domains/dashboards/dashboards.routes.js';
import { DashboardsService } from './domains/dashboards/dashboards.service.js';
import { SearchService } from './domains/search/search.service.js';
import { analysisRoutes } from './domains/analysis/analysis.routes.js';
import { AnalysisService } from './domains/analysis/analysis.service.js';
import { textMiningRoutes } from './domains/analysis/text-mining.routes.js';
import { TextMiningService } from './domains/analysis/text-mining.service.js';
import { accountRoutes } from './domains/account/account.routes.js';
import { accessPlugin } from './domains/auth/access.plugin.js';
import { createAuthDomain, type AuthDomain } from './domains/auth/auth-domain.js';
import { authPlatformRoutes, authProductRoutes } from './domains/auth/auth.routes.js';
import { seedAccounts } from './domains/auth/seed.js';
import { systemClock, type Clock } from './domains/auth/tokens.js';
import { sysRoutes } from './domains/sys/sys.routes.js';
import { healthRoutes } from './domains/system/health.routes.js';
import { AppError, registerErrorHandler, sendRouteNotFound } from './errors.js';
import { historyRoutes } from './domains/history/history.routes.js';
import { SearchHistoryRepository } from './domains/history/search-history.repository.js';
import { SearchHistoryService } from './domains/history/search-history.service.js';
import { operateHistoryRoutes } from './domains/operate-history/operate-history.routes.js';
import { trackingRoutes } from './domains/tracking/tracking.routes.js';
import { chartRoutes } from './domains/chart/chart.routes.js';
import { classificationRoutes } from './domains/classification/classification.routes.js';
import { ClassificationService } from './domains/classification/classification.service.js';
import { SchemeStore } from './domains/classification/scheme.js';
import { advancedSearchRoutes } from './domains/advanced-search/advanced-search.routes.js';
import { AdvancedSearchRepository } from './domains/advanced-search/advanced-search.repository.js';
import { AdvancedSearchService } from './domains/advanced-search/advanced-search.service.js';
import { batchSearchPlatformRoutes, batchSearchProductRoutes } from './domains/batch-search/batch-search.routes.js';
import { BatchRecordRepository } from './domains/batch-search/batch-record.repository.js';
import { BatchSearchService } from './domains/batch-search/batch-search.service.js';
import { historyRetentionJob } from './jobs/history-retention.job.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { translationRoutes } from './domains/translation/translation.routes.js';
import { createTranslationProvider } from './domains/translation/translation.provider.js';
import { TranslationService } from './domains/translation/translation.service.js';
import { createJobs, type Jobs } from './jobs/worker.js';
import { createImageSearchDomain } from './domains/image-search/image-search.domain.js';
import { imageSearchRoutes } from './domains/image-search/image-search.routes.js';
import { AccountRepository } from './domains/account/account.repository.js';
import { customConfigOf } from './domains/account/account.service.js';
import { semanticSearchRoutes } from './domains/semantic-search/semantic-search.routes.js';
import { SemanticSearchService } from './domains/semantic-search/semantic-search.service.js';
import { SemanticModelKeeper } from './domains/semantic-search/semantic-model.js';
import { SemanticQueryRepository } from './domains/semantic-search/semantic-query.repository.js';
import { loadOnnxEmbedder } from './domains/semantic-search/onnx-embedder.js';

/** Largest uploaded file (history imports and the like). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What the app holds besides Fastify: the database and the services jobs and the CLI share. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  patents: PatentRepository;
  /** The patent search index (embedded SQLite FTS5 file in DATA_DIR, whatever the app database). */
  engine: SearchEngine;
  drawingsDir: string;
  /** True while the demo corpus loads or the search index is rebuilt from the store. */
  demo: { loading: boolean };
  /** Accounts, roles, tenants, sessions, audit (domains/auth). */
  auth: AuthDomain;
  /** The durable job queue and this process's worker (main.ts starts it polling). */
  jobs: Jobs;
  /** Image search's background indexing of drawings (domains/image-search); imports schedule it. */
  imageIndex?: { scheduleIndexing(): Promise<void> };
  /** Relearns the semantic space when the corpus outgrows it (domains/semantic-search). */
  semanticModel: SemanticModelKeeper;
}

export interface BuildOptions {
  /** The clock of the auth services; tests move it instead of sleeping. */
  now?: Clock;
  /** Where the generated admin password is shown once (default: stdout). */
  announce?: (line: string) => void;
  /** Most patents an analysis may cover (default 1,000,000, spec 2 §9); tests lower it to reach the limit. */
  maxAnalysisTotal?: number;
  /** The pause between translation batches (default: a real 1000 ms timer); tests record it instead. */
  translationDelay?: (ms: number) => Promise<void>;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
}

/** Opens the database, runs migrations and wires every domain. Never listens (main.ts does). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = openDatabase(config.db);
  await migrateToLatest(database.db);
  const patents = new PatentRepository(database.db);
  const auth = createAuthDomain(database.db, {
    accessTtlSeconds: config.auth.accessTtlSeconds,
    now: options.now ?? systemClock,
  });
  await seedAccounts({
    users: auth.users,
    roles: auth.roles,
    tenants: auth.tenants,
    adminPassword: config.auth.adminPassword,
    demoPassword: config.auth.demoPassword,
    announce: options.announce ?? ((line) => process.stdout.write(line)),
  });
  mkdirSync(config.dataDir, { recursive: true });
  // An operator's sentence-embedding model replaces the corpus-learned vectors; a bad path stops the start.
  const embedder = config.semantic.modelPath ? await loadOnnxEmbedder(config.semantic.modelPath) : undefined;
  const engine = createSqliteEngine({
    file: path.join(config.dataDir, 'index.db'),
    ...(embedder ? { embedder } : {}),
    ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
  });
  const context: AppContext = {
    config,
    database,
    patents,
    engine,
    drawingsDir: path.join(config.dataDir, 'drawings'),
    demo: { loading: false },
    auth,
    jobs: createJobs({ db: database.db, dialect: database.dialect, now: auth.now, pollMs: config.jobs.pollMs }),
    semanticModel: new SemanticModelKeeper(engine, embedder !== undefined),
  };

  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.password'] },
    genReqId: () => `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    bodyLimit: 10 * 1024 * 1024,
    return503OnClosing: true,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  context.semanticModel.log = app.log;
  // Before any route: the access plugin's onRoute hook refuses /api routes without a declared access.
  await app.register(accessPlugin, { authenticate: (token) => auth.sessions.authenticate(token) });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  // Imports (history .xlsx files…): one file per request, 10 MB at most; larger answers PAYLOAD_TOO_LARGE.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Patlas API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, {
    prefix: '/api',
    patents,
    version: config.version,
    isDemoLoading: () => context.demo.loading,
    semantic: () => {
      const { model, vectors, building } = engine.semanticStatus();
      return { model, vectors, building };
    },
  });
  await app.register(patentRoutes, {
    prefix: '/api/product',
    service: new PatentService(patents),
    drawingsDir: context.drawingsDir,
  });

  await app.register(authPlatformRoutes, {
    prefix: '/api/platform',
    auth,
    rateLimitPerMinute: config.auth.rateLimitPerMinute,
    isTestMode: config.mode === 'test',
  });
  await app.register(authProductRoutes, { prefix: '/api/product', auth });
  await app.register(sysRoutes, { prefix: '/api/product', auth, db: database.db });
  await app.register(accountRoutes, {
    prefix: '/api',
    db: database.db,
    config,
    sessions: auth.sessions,
    log: app.log,
    now: auth.now,
  });

  const search = new SearchService(engine, new SearchStateRepository(database.db));
  await app.register(searchPlatformRoutes, { prefix: '/api/platform', service: search });
  await app.register(searchProductRoutes, { prefix: '/api/product', service: search });
  await app.register(analysisRoutes, { prefix: '/api/product', service: new AnalysisService(engine, search) });
  await app.register(textMiningRoutes, { prefix: '/api/product', service: new TextMiningService(engine, search) });

  // --- semantic search (domains/semantic-search): vectors kept in step with the corpus by the keeper ---
  const accountRows = new AccountRepository(database.db);
  await app.register(semanticSearchRoutes, {
    prefix: '/api/product',
    service: new SemanticSearchService(engine, new SemanticQueryRepository(database.db), context.semanticModel),
    savedWeights: async (caller) => {
      const user = caller.userId ? await accountRows.findUserById(caller.userId) : undefined;
      return customConfigOf(user?.custom_config ?? '{}').semanticsSearchWeightInfo;
    },
  });

  // --- region, university and company dashboards, /patentMap (domains/dashboards) ---
  const dashboards = new DashboardsService(engine, search);
  await app.register(dashboardsRoutes, { prefix: '/api/product', service: dashboards });
  await app.register(patentMapRoutes, { prefix: '/api/product', service: dashboards });

  // --- search history (domains/history) ---
  await app.register(historyRoutes, {
    prefix: '/api/product',
    service: new SearchHistoryService(new SearchHistoryRepository(database.db, database.dialect), search, auth.now),
  });

  // --- image search (domains/image-search): drawing features computed by the image-index job ---
  const imageSearch = createImageSearchDomain({
    db: database.db,
    patents,
    drawingsDir: context.drawingsDir,
    queue: context.jobs.queue,
    now: auth.now,
  });
  context.imageIndex = imageSearch;
  // Registered before the worker's preClose below, so a running indexing stops before the worker waits for it.
  app.addHook('preClose', async () => imageSearch.stop());
  await app.register(imageSearchRoutes, { prefix: '/api/product', service: imageSearch.service });

  // --- jobs, operation history, event tracking (jobs/, domains/operate-history, domains/tracking) ---
  context.jobs.worker.useLogger(app.log.child({ module: 'jobs' }));
  context.jobs.queue.define(historyRetentionJob(database.db));
  // The recurring jobs' next runs are rows of the jobs table: queued once, kept across restarts.
  await context.jobs.queue.ensureScheduled();
  // Before the database closes: stop polling and let the job in hand finish.
  app.addHook('preClose', async () => context.jobs.worker.stop());
  await app.register(jobsRoutes, { prefix: '/api/product', queue: context.jobs.queue });
  await app.register(operateHistoryRoutes, { prefix: '/api/product', db: database.db, now: auth.now });
  await app.register(trackingRoutes, { prefix: '/api/product', db: database.db, now: auth.now });
  // --- chart palettes, sizes and custom charts (domains/chart) ---
  await app.register(chartRoutes, { prefix: '/api/product', db: database.db, now: auth.now });
  // --- IPC / CPC scheme browser (domains/classification); the scheme files load on first use ---
  await app.register(classificationRoutes, {
    prefix: '/api/product',
    service: new ClassificationService(new SchemeStore(), engine),
  });
  // --- advanced-search templates and batch search (domains/advanced-search, domains/batch-search) ---
  await app.register(advancedSearchRoutes, {
    prefix: '/api/product',
    service: new AdvancedSearchService(new AdvancedSearchRepository(database.db), auth.now),
  });
  const batchSearch = new BatchSearchService(patents, search, new BatchRecordRepository(database.db), auth.now);
  await app.register(batchSearchProductRoutes, { prefix: '/api/product', service: batchSearch });
  await app.register(batchSearchPlatformRoutes, { prefix: '/api/platform', service: batchSearch });
  // --- translation (domains/translation): an external service named by TRANSLATE_URL ---
  await app.register(translationRoutes, {
    prefix: '/api/product',
    service: new TranslationService(createTranslationProvider(config.translate), options.translationDelay),
  });

  // The built web app and its client-side routes: unknown non-API GETs answer index.html.
  const hasWeb = existsSync(path.join(config.web.dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.web.dist, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    // A missing script or image must fail as such; answering index.html would hide a stale build.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });

  app.addHook('onClose', async () => {
    await engine.close();
    await database.close();
  });
  await app.ready();
  return { app, context };
}
