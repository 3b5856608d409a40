import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../domains/auth/tokens.js';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { JobQueue, type JobRow } from './queue.js';

/** How one claimed job ended in this worker. */
export interface JobOutcome {
  id: string;
  kind: string;
  /** 'queued': failed, will be retried; null: the lock was lost to another worker meanwhile */
  status: 'done' | 'queued' | 'failed' | null;
  result?: unknown;
  error?: string;
}

export interface JobWorkerOptions {
  /** Poll interval; 0 leaves polling off (tests call runDueJobs themselves). */
  pollMs: number;
  now: Clock;
  log?: FastifyBaseLogger;
}

/**
 * Runs due jobs of a JobQueue, one at a time: polls every `pollMs` once started, or on an explicit
 * runDueJobs(). stop() stops polling and waits for the job in hand to finish (graceful shutdown).
 */
export class JobWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<JobOutcome[]> = Promise.resolve([]);
  private isStopped = false;
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly options: JobWorkerOptions,
  ) {
    this.log = options.log;
  }

  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Starts polling (first run at once); does nothing when pollMs is 0 or after stop(). */
  start(): void {
    if (this.options.pollMs <= 0 || this.isStopped || this.timer) return;
    const tick = () => {
      this.runDueJobs()
        .catch((err: unknown) => this.log?.error({ err }, 'job polling failed'))
        .finally(() => {
          if (!this.isStopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Claims and runs due jobs until none is due. Calls queue behind each other, so a tick and a
   * test's call never run the same worker twice at once. Answers what happened to each job.
   */
  runDueJobs(): Promise<JobOutcome[]> {
    const run = this.current.catch(() => []).then(() => this.drain());
    this.current = run;
    return run;
  }

  /** Stops polling and waits for the running job (and the queued runDueJobs calls) to finish. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current.catch(() => undefined);
  }

  private async drain(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    while (!this.isStopped) {
      const [job] = await this.queue.claim(this.id, 1);
      if (!job) break;
      outcomes.push(await this.runOne(job));
    }
    return outcomes;
  }

  private async runOne(job: JobRow): Promise<JobOutcome> {
    const definition = this.queue.definitionOf(job.kind);
    const base = { id: job.id, kind: job.kind };
    if (!definition) return { ...base, status: null }; // claim() only takes known kinds
    let payload: unknown;
    try {
      payload = definition.payloadSchema.parse(JSON.parse(job.payload));
    } catch (err) {
      // A payload that no longer validates will not validate on a retry either.
      const status = await this.queue.fail(job, this.id, err, { permanent: true });
      this.log?.error({ err, jobId: job.id, kind: job.kind }, 'job payload invalid');
      return { ...base, status, error: String(err) };
    }
    // Keep the lock while a long handler works, so no other worker takes the job over.
    const heartbeat = setInterval(
      () => {
        this.queue.extendLock(job, this.id).catch((err: unknown) => this.log?.warn({ err }, 'job lock renewal failed'));
      },
      Math.max(1000, (definition.lockSeconds * 1000) / 3),
    );
    heartbeat.unref();
    const startedAt = this.options.now();
    try {
      const result = await definition.handler(payload, {
        jobId: job.id,
        attempt: job.attempts,
        now: this.options.now,
      });
      clearInterval(heartbeat);
      const isOurs = await this.queue.complete(job, this.id, result);
      this.log?.info(
        { jobId: job.id, kind: job.kind, result, ms: this.options.now().getTime() - startedAt.getTime() },
        'job done',
      );
      return { ...base, status: isOurs ? 'done' : null, result };
    } catch (err) {
      clearInterval(heartbeat);
      const status = await this.queue.fail(job, this.id, err);
      this.log?.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts, status }, 'job failed');
      return { ...base, status, error: err instanceof Error ? err.message : String(err) };
    }
  }
}

/** The app's queue and its worker (AppContext.jobs). */
export interface Jobs {
  queue: JobQueue;
  worker: JobWorker;
}

export function createJobs(options: { db: Kysely<Database>; dialect: Dialect; now: Clock; pollMs: number }): Jobs {
  const queue = new JobQueue(options.db, options.dialect, options.now);
  return { queue, worker: new JobWorker(queue, { pollMs: options.pollMs, now: options.now }) };
}
