import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../kernel/clock.js';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { BACKGROUND_LANES, DEFAULT_LANE_CONCURRENCY, type JobLane } from './lanes.js';
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
  /** Jobs each lane runs at once (default DEFAULT_LANE_CONCURRENCY). */
  lanes?: Partial<Record<JobLane, number>>;
  /** Lanes that pause while `shouldYield` answers true (default BACKGROUND_LANES). */
  background?: ReadonlySet<JobLane>;
  /**
   * True while people's searches wait for a search worker: background lanes then start no new
   * job (the ones running go on). Asked before each claim of a background lane; default never.
   */
  shouldYield?: () => boolean;
}

/** One lane's slots in this worker: claims its jobs while a slot is free. */
class LaneSlots {
  readonly running = new Set<Promise<void>>();
  /** The claim loop under way, if any (one per lane at a time, so slots are never overfilled). */
  filling: Promise<void> | undefined;
  private again = false;

  constructor(
    readonly lane: JobLane,
    readonly slots: number,
    readonly isBackground: boolean,
  ) {}

  /**
   * Claims into the free slots until they are full or nothing is due; `run` runs a claimed job
   * (not awaited here), `onFree` is called once its slot is free again. A call during a fill makes
   * that fill look once more.
   */
  fill(steps: {
    canClaim: () => boolean;
    claim: () => Promise<JobRow | undefined>;
    run: (job: JobRow) => Promise<void>;
    onFree: () => void;
  }): Promise<void> {
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    const loop = async () => {
      do {
        this.again = false;
        while (this.running.size < this.slots && steps.canClaim()) {
          const job = await steps.claim();
          if (!job) break;
          const running: Promise<void> = steps.run(job).finally(() => {
            this.running.delete(running);
            steps.onFree();
          });
          this.running.add(running);
        }
      } while (this.again && this.running.size < this.slots && steps.canClaim());
    };
    this.filling = loop().finally(() => {
      this.filling = undefined;
    });
    return this.filling;
  }
}

/**
 * Runs due jobs of a JobQueue in lanes (jobs/lanes.ts): each lane has its own slots and claims
 * on its own, so one lane's long job never blocks another; within a lane the queue claims
 * round-robin by user. Polls every `pollMs` once started (and starts a job queued in this
 * process at once), or runs on an explicit runDueJobs(). stop() stops claiming and waits for the
 * jobs in hand to finish (graceful shutdown).
 */
export class JobWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private isStopped = false;
  private isStarted = false;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly lanes = new Map<JobLane, LaneSlots>();
  /** Each runDueJobs call under way collects the outcomes of the jobs that end meanwhile. */
  private readonly collectors = new Set<JobOutcome[]>();
  /**
   * The async context the worker was made in (no request). A job started because a request
   * queued one must not run inside that request: its signal would cancel the job's searches
   * when the response is sent, and its caller would be taken for the job's user.
   */
  private readonly outsideRequests = new AsyncResource('JobWorker');

  constructor(
    private readonly queue: JobQueue,
    private readonly options: JobWorkerOptions,
  ) {
    this.log = options.log;
    queue.onEnqueued((lane) => {
      // Only a polling worker picks work up by itself; tests with pollMs 0 run jobs when they say.
      if (this.isStarted && !this.isStopped) this.outsideRequests.runInAsyncScope(() => this.fillLane(lane));
    });
  }

  /** Starts polling (first run at once); does nothing when pollMs is 0 or after stop(). */
  start(): void {
    if (this.options.pollMs <= 0 || this.isStopped || this.timer) return;
    this.isStarted = true;
    const tick = () => {
      for (const lane of this.queue.lanes().keys()) this.fillLane(lane);
      if (!this.isStopped) this.timer = setTimeout(tick, this.options.pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Claims and runs due jobs in every lane until none is due and none of this worker's jobs runs
   * any more; answers what happened to each job that ended meanwhile, in the order they ended.
   */
  async runDueJobs(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    this.collectors.add(outcomes);
    try {
      for (;;) {
        await Promise.all([...this.queue.lanes().keys()].map((lane) => this.fillLane(lane)));
        const busy = [...this.lanes.values()].flatMap((l) => [...l.running, ...(l.filling ? [l.filling] : [])]);
        if (busy.length === 0) break;
        await Promise.allSettled(busy);
      }
    } finally {
      this.collectors.delete(outcomes);
    }
    return outcomes;
  }

  /** Stops polling and claiming, and waits for the running jobs to finish. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (;;) {
      const busy = [...this.lanes.values()].flatMap((l) => [...l.running, ...(l.filling ? [l.filling] : [])]);
      if (busy.length === 0) return;
      await Promise.allSettled(busy);
    }
  }

  private slotsOf(lane: JobLane): LaneSlots {
    let slots = this.lanes.get(lane);
    if (!slots) {
      slots = new LaneSlots(
        lane,
        this.options.lanes?.[lane] ?? DEFAULT_LANE_CONCURRENCY[lane],
        (this.options.background ?? BACKGROUND_LANES).has(lane),
      );
      this.lanes.set(lane, slots);
    }
    return slots;
  }

  /** Fills the lane's free slots; a failed claim (database gone) is logged, the next poll tries again. */
  private fillLane(lane: JobLane): Promise<void> {
    const slots = this.slotsOf(lane);
    const { shouldYield } = this.options;
    return slots
      .fill({
        canClaim: () => !this.isStopped && !(slots.isBackground && shouldYield !== undefined && shouldYield()),
        claim: async () => (await this.queue.claim(this.id, 1, lane))[0],
        run: async (job) => {
          let outcome: JobOutcome;
          try {
            outcome = await this.runOne(job);
          } catch (err) {
            // The job's end could not be written (database gone): its lock runs out and it is claimed again.
            this.log?.error({ err, jobId: job.id, kind: job.kind }, 'job end not recorded');
            outcome = { id: job.id, kind: job.kind, status: null, error: String(err) };
          }
          for (const collected of this.collectors) collected.push(outcome);
        },
        // The lane's next job starts now, not at the next poll.
        onFree: () => {
          if (!this.isStopped) void this.fillLane(lane);
        },
      })
      .catch((err: unknown) => this.log?.error({ err, lane }, 'job polling failed'));
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

export function createJobs(options: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  pollMs: number;
  lanes?: Partial<Record<JobLane, number>>;
  shouldYield?: () => boolean;
  /** Where the worker logs failed jobs (default: nowhere). */
  log?: FastifyBaseLogger;
}): Jobs {
  const queue = new JobQueue(options.db, options.dialect, options.now);
  const worker = new JobWorker(queue, {
    pollMs: options.pollMs,
    now: options.now,
    ...(options.lanes ? { lanes: options.lanes } : {}),
    ...(options.shouldYield ? { shouldYield: options.shouldYield } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return { queue, worker };
}
