import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createCpuPool, type CpuPool } from './cpu/cpu-pool.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { ImportRunner } from './domains/data-import/data-import.service.js';
import { ImageEmbedder } from './domains/image-search/image-features.js';
import { IMAGE_INDEX_KIND } from './domains/image-search/image-index.job.js';
import { runImport, withIndexWrites } from './domains/patent/import/import.service.js';
import { SemanticModelKeeper } from './domains/semantic-search/semantic-model.js';
import type { Delay } from './domains/translation/translation.service.js';
import { createSheetReader, type SheetReader } from './files/sheet-reader.js';
import { createJobs, type Jobs } from './jobs/worker.js';
import type { Clock } from './kernel/clock.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { MailSendRepository } from './mail/mail-send.repository.js';
import { MailThrottle } from './mail/mail-throttle.js';
import { failInterruptedTasks } from './tasks/task.repository.js';
import { accountEntries, accountServices, type AccountServices } from './composition/account.js';
import type { DomainRoutes, Infrastructure } from './composition/area.js';
import {
  collectionsEntries,
  collectionsRepositories,
  collectionsServices,
  type CollectionsRepositories,
  type CollectionsServices,
} from './composition/collections.js';
import {
  documentsEntries,
  documentsRepositories,
  documentsServices,
  type DocumentsRepositories,
  type DocumentsServices,
} from './composition/documents.js';
import {
  identityEntries,
  identityRepositories,
  identityServices,
  type IdentityRepositories,
  type IdentityServices,
} from './composition/identity.js';
import {
  operationsEntries,
  operationsRepositories,
  operationsServices,
  type OperationsRepositories,
  type OperationsServices,
} from './composition/operations.js';
import {
  searchEntries,
  searchRepositories,
  searchServices,
  type SearchRepositories,
  type SearchServices,
} from './composition/search.js';
import { openSearchEngine, type SearchEngineOptions } from './composition/search-engine.js';

export type { DocumentTasks } from './composition/documents.js';

/**
 * The composition root: opens the database, the engine and the workers, then builds the areas in
 * order (composition/*.ts), each listing its domains' repositories, services, jobs and routes.
 * Each service receives what it uses at construction, from the areas built before it; nothing else
 * constructs a repository. The order:
 *
 * 1. identity: auth, the account rows, quota limits;
 * 2. search: the patent store, the set sources read from their owners' tables, the search service
 *    over them, everything that searches;
 * 3. collections: libraries, messages, groups, shares;
 * 4. documents: exports, reports, checks, pre-evaluations, rewrites, disclosures;
 * 5. operations: alerts, imports, files, jobs, health;
 * 6. account: the own account, which shows what the others count against the quotas.
 */

/** Every repository of the app, one instance each, over one database; built before any service. */
export type Repositories = IdentityRepositories &
  SearchRepositories &
  CollectionsRepositories &
  DocumentsRepositories &
  OperationsRepositories & {
    /** Mails sent per address and user: the caps on re-sends (issue 41, mail/mail-throttle.ts) */
    mailSends: MailSendRepository;
  };

/** Every service of the app; a domain's routes receive their own services and those of other domains they use. */
export type Services = IdentityServices &
  SearchServices &
  CollectionsServices &
  DocumentsServices &
  OperationsServices &
  AccountServices;

/** Every repository, by area (phase 1: they need nothing but the database and the clock). */
export function createRepositories(database: DatabaseHandle, now: Clock): Repositories {
  return {
    ...identityRepositories(database, now),
    ...searchRepositories(database),
    ...collectionsRepositories(database),
    ...documentsRepositories(database, now),
    ...operationsRepositories(database),
    mailSends: new MailSendRepository(database.db),
  };
}

/** Every service, area after area (phase 2): each area receives the services of those before it. */
export function createServices(r: Repositories, infra: Infrastructure): Services {
  const identity = identityServices(r, infra);
  const search = searchServices(r, infra, identity);
  const collections = collectionsServices(r, infra, { ...identity, ...search });
  const documents = documentsServices(r, infra, { ...identity, ...search });
  const operations = operationsServices(r, infra, { ...identity, ...search, ...collections, ...documents });
  const account = accountServices(r, infra, { ...identity, ...search, ...collections, ...documents });
  return { ...identity, ...search, ...collections, ...documents, ...operations, ...account };
}

/** Every area's jobs and routes (phase 3, once every service exists), in area order. */
function createEntries(s: Services, r: Repositories, infra: Infrastructure) {
  const areas = [
    identityEntries(s, infra),
    searchEntries(s, infra),
    collectionsEntries(s, infra),
    documentsEntries(s, infra),
    operationsEntries(s, r, infra),
    accountEntries(s, infra),
  ];
  return { jobs: areas.flatMap((area) => area.jobs), routes: areas.flatMap((area) => area.routes) };
}

/** Image search's background indexing of drawings; imports schedule it. */
export interface ImageIndexing {
  /** Queues the background indexing (one queued/running run at a time). */
  scheduleIndexing(): Promise<void>;
  /** Stops a running indexing between two drawings (graceful shutdown). */
  stop(): void;
  /** Ends the CNN's worker thread (the app's close, once the jobs have stopped). */
  close(): Promise<void>;
}

/** What the app holds besides Fastify: the database, the engine, the jobs, every repository and service. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** The patent search index (embedded SQLite FTS5 file in DATA_DIR, whatever the app database). */
  engine: SearchEngine;
  /**
   * Resolves once the search workers have opened the index (SEARCH_WORKERS > 0; seconds per 100k
   * patents): searches meanwhile wait within their budget.
   */
  searchReady: () => Promise<void>;
  /**
   * Pooled searches waiting for a worker (for the start, a free worker or their user's turn; 0
   * without a pool): background work can give way while it is above 0 (issue 40).
   */
  searchPending: () => number;
  drawingsDir: string;
  /** True while the demo corpus loads or the search index is rebuilt from the store. */
  demo: { loading: boolean };
  /**
   * True while the server's start (main.ts) checks the search index against the store and the search
   * workers open it: the server answers meanwhile, and /api/health says it is still starting.
   */
  startup: { running: boolean };
  /** The clock of every repository and service; tests move it instead of sleeping. */
  now: Clock;
  /** The durable job queue and this process's worker (main.ts starts it polling). */
  jobs: Jobs;
  imageIndex: ImageIndexing;
  /** Relearns the semantic space when the corpus outgrows it (domains/semantic-search). */
  semanticModel: SemanticModelKeeper;
  /** Account mails (SMTP, or .eml files in DATA_DIR/outbox). */
  mailer: Mailer;
  /** The CPU workers (CPU_WORKERS; docs/cpu-workers.md), closed with the app. */
  cpu: CpuPool;
  /** The spreadsheet imports' worker thread (closed with the app). */
  sheets: SheetReader;
  repositories: Repositories;
  services: Services;
  /** Every domain's routes plugin with its options, in area order: app.ts registers them. */
  routes: DomainRoutes[];
}

export interface ComposeOptions extends SearchEngineOptions {
  now: Clock;
  /** The app's logger (mail, jobs and the semantic keeper log through it). */
  log: FastifyBaseLogger;
  translationDelay?: Delay | undefined;
}

/**
 * Opens the database, runs migrations, opens the search engine and builds every repository,
 * service, job definition and route list. app.ts's buildApp (the server, the CLI, the tests) starts here.
 */
export async function compose(config: Config, options: ComposeOptions): Promise<AppContext> {
  const { now, log } = options;
  const database = openDatabase(config.db);
  await migrateToLatest(database.db);
  mkdirSync(config.dataDir, { recursive: true });
  const repositories = createRepositories(database, now);
  const search = await openSearchEngine(config, repositories.patents, options, log);
  const { engine, searchPending } = search;
  const drawingsDir = path.join(config.dataDir, 'drawings');
  const semanticModel = new SemanticModelKeeper(engine, search.usesExternalModel, log);
  const mailer = createMailer(
    { ...config.mail, outboxDir: path.join(config.dataDir, 'outbox') },
    log.child({ module: 'mail' }),
  );
  const jobs = createJobs({
    db: database.db,
    dialect: database.dialect,
    now,
    pollMs: config.jobs.pollMs,
    lanes: config.jobs.lanes,
    // Background lanes (checks, system) pause while people's searches wait for a search worker.
    shouldYield: () => searchPending() > 0,
    log: log.child({ module: 'jobs' }),
  });
  // Its workers start at the first task: started with the server, loading every task module
  // competed with the start itself (the index check, the search workers, the demo load) for the cores.
  const cpu = createCpuPool({ threads: config.cpu.workers, timeoutMs: config.cpu.taskTimeoutMs });
  // The CNN's worker thread: started on the first drawing or upload, ended with the app (imageIndex.close).
  const imageEmbedder = new ImageEmbedder();
  // Its worker thread starts at the first spreadsheet import.
  const sheets = createSheetReader();
  // Aborted at shutdown (context.imageIndex.stop): long background jobs stop between two steps (drawings, value rescoring, rewritten documents).
  const shutdown = new AbortController();

  // The one late binding: an import (and every index write, which waits for imports) runs over the
  // whole app context — the store, the index, every service an import updates (values, awards,
  // alerts, image index) — while the data-import, patent-value and award services are part of that
  // context. It is a cycle of data, not of construction: none starts before compose has answered.
  const composed: { context?: AppContext } = {};
  const lateContext = (what: string): AppContext => {
    if (!composed.context) throw new Error(`${what} was started before the app was composed`);
    return composed.context;
  };
  const runImportLater: ImportRunner = (files, importOptions) =>
    runImport(lateContext('an import'), files, importOptions);

  const infra: Infrastructure = {
    config,
    engine,
    textMining: search.textMining,
    semanticModel,
    wordVectors: search.wordVectors,
    mailer,
    mailThrottle: new MailThrottle(repositories.mailSends, now),
    log,
    now,
    drawingsDir,
    imageEmbedder,
    translationDelay: options.translationDelay,
    runImport: runImportLater,
    indexWrites: (task) => withIndexWrites(lateContext('an index write'), task),
    jobs: jobs.queue,
    cpu,
    sheets,
    shutdown: shutdown.signal,
    demo: { loading: false },
    startup: { running: false },
  };
  const services = createServices(repositories, infra);
  const entries = createEntries(services, repositories, infra);
  for (const job of entries.jobs) jobs.queue.define(job);

  // Chunked uploads abandoned while the server was down are removed now, not at the next hour.
  await services.files.cleanStaleUploads();
  // Every kind at once: a document task still running lost its process and fails as interrupted
  // (an export's partial file goes too); "again", redraw or regenerate runs it anew.
  const interrupted = await failInterruptedTasks(Object.values(repositories.tasks));
  await services.exports.discardInterrupted(interrupted.export ?? []);
  // The recurring jobs' next runs are rows of the jobs table: queued once, kept across restarts.
  await jobs.queue.ensureScheduled();
  // Records stored before value evaluation existed get their scores in the background.
  await services.patentValue.scheduleBackfillIfNeeded();

  const context: AppContext = {
    config,
    database,
    engine,
    searchReady: search.searchReady,
    searchPending,
    drawingsDir,
    demo: infra.demo,
    startup: infra.startup,
    now,
    jobs,
    imageIndex: {
      scheduleIndexing: async () => {
        await jobs.queue.enqueue(IMAGE_INDEX_KIND, {}, { uniqueKey: IMAGE_INDEX_KIND });
      },
      stop: () => shutdown.abort(),
      close: () => imageEmbedder.close(),
    },
    semanticModel,
    mailer,
    cpu,
    sheets,
    repositories,
    services,
    routes: entries.routes,
  };
  composed.context = context;
  return context;
}
