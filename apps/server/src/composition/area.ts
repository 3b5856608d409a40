import type { SearchEngine, TextMiningRunner, WordVectors } from '@patlas/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { CpuPool } from '../cpu/cpu-pool.js';
import type { ImportRunner } from '../domains/data-import/data-import.service.js';
import type { ImageEmbedder } from '../domains/image-search/image-features.js';
import type { SemanticModelKeeper } from '../domains/semantic-search/semantic-model.js';
import type { Delay } from '../domains/translation/translation.service.js';
import type { SheetReader } from '../files/sheet-reader.js';
import type { JobDefinition } from '../jobs/define-job.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Clock } from '../kernel/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailThrottle } from '../mail/mail-throttle.js';

/**
 * What every area is built from besides repositories and services: the engine, the queue, the
 * workers, the mailer, the clock, and the few process states some routes read.
 */
export interface Infrastructure {
  config: Config;
  engine: SearchEngine;
  /** Text mining on the search workers (undefined: on this thread, over `engine`). */
  textMining?: TextMiningRunner | undefined;
  semanticModel: SemanticModelKeeper;
  /** The shipped word vectors (nearest terms of a term), unless SEMANTIC_VECTORS_PATH=off. */
  wordVectors?: WordVectors | undefined;
  mailer: Mailer;
  /** The caps on re-sent mails (issue 41), shared by every domain that mails. */
  mailThrottle: MailThrottle;
  log: FastifyBaseLogger;
  now: Clock;
  drawingsDir: string;
  imageEmbedder: ImageEmbedder;
  /** The pause between translation batches (default: a real timer). */
  translationDelay?: Delay | undefined;
  /** The patent import pipeline into this installation's store and index (domains/patent runImport). */
  runImport: ImportRunner;
  /** Runs a task between this installation's imports and index repairs (import.service withIndexWrites). */
  indexWrites: <T>(task: () => Promise<T>) => Promise<T>;
  /** The durable job queue (download tasks are its `export` jobs). */
  jobs: JobQueue;
  /** The CPU workers: document rendering, the duplicate check's alignment, the formal review. */
  cpu: CpuPool;
  /** Reads spreadsheet imports in a worker thread (files/sheet-reader.ts). */
  sheets: SheetReader;
  /** Stops long background jobs between two steps at shutdown (drawings, rescoring, rewritten documents). */
  shutdown: AbortSignal;
  /** True while the demo corpus loads or the search index is rebuilt from the store. */
  demo: { loading: boolean };
  /** True while the server's start checks the search index and the search workers open it. */
  startup: { running: boolean };
}

/** The product prefix most domains' routes live under; the others are under `/api` itself. */
export const PRODUCT = '/api/product';
export const API = '/api';

/** One domain's routes plugin with its options (its prefix first), registered by app.ts in area order. */
export interface DomainRoutes {
  register(app: FastifyInstance): Promise<void>;
}

/**
 * A domain's `*.domain.ts` plugin and the options it declares; typed here, so a missing service is
 * a compile error in the area that lists the domain.
 */
export function routesOf<O extends object>(
  plugin: (app: never, options: O) => Promise<void>,
  options: O & { prefix: string },
): DomainRoutes {
  // The plugins are typed for the zod type provider app.ts builds; the cast only erases that.
  return {
    register: async (app) => {
      await app.register(plugin as never, options as never);
    },
  };
}

/** What an area contributes once all services exist: its domains' jobs and routes. */
export interface AreaEntries {
  jobs: JobDefinition[];
  routes: DomainRoutes[];
}
