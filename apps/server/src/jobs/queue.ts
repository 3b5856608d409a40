import { randomUUID } from 'node:crypto';
import type { JobStatus, SysJob } from '@patlas/contracts';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { Clock } from '../kernel/clock.js';
import { AppError } from '../errors.js';
import { backoffSecondsFor, type JobDefinition } from './define-job.js';
import type { JobLane } from './lanes.js';

export type JobRow = Selectable<JobsTable>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued or running job per key; enqueueing again answers the existing job. */
  uniqueKey?: string;
  /**
   * The user the job works for: counted against the kind's userLimit (TASK_USER_LIMIT past it)
   * and served round-robin with other users' jobs of its lane.
   */
  userId?: string;
}

export interface EnqueueResult {
  job: JobRow;
  /** false when a queued/running job with the same unique key already existed */
  created: boolean;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Statuses under which a unique key is taken. */
const ACTIVE: JobStatus[] = ['queued', 'running'];

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}

export function sysJobOf(row: JobRow): SysJob {
  let result: unknown = null;
  if (row.result !== null) {
    try {
      result = JSON.parse(row.result);
    } catch {
      result = row.result;
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    result,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * The durable job queue on the `jobs` table (DESIGN.md: jobs survive a restart; on PostgreSQL
 * several workers share the table with FOR UPDATE SKIP LOCKED). Holds the job definitions, so it
 * validates payloads on enqueue and only claims kinds this process can run.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly enqueueListeners = new Set<(lane: JobLane) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly now: Clock,
  ) {}

  define<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.kind)) throw new Error(`Job kind ${definition.kind} is defined twice`);
    this.definitions.set(definition.kind, definition as JobDefinition);
  }

  definitionOf(kind: string): JobDefinition | undefined {
    return this.definitions.get(kind);
  }

  /** The lanes of the kinds defined here, each with its kinds. */
  lanes(): Map<JobLane, string[]> {
    const lanes = new Map<JobLane, string[]>();
    for (const definition of this.definitions.values()) {
      lanes.set(definition.lane, [...(lanes.get(definition.lane) ?? []), definition.kind]);
    }
    return lanes;
  }

  private requireDefinition(kind: string): JobDefinition {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`Unknown job kind ${kind}`);
    return definition;
  }

  /**
   * A transaction that holds the write lock from its first statement. SQLite: BEGIN IMMEDIATE on
   * the one connection (a deferred transaction could fail to upgrade if another process wrote in
   * between); PostgreSQL: an ordinary transaction, the statements take their own row locks.
   */
  private async writeTransaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.db.transaction().execute(work);
    return this.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (err) {
        await sql`rollback`.execute(connection);
        throw err;
      }
    });
  }

  /** Queues a job; with a unique key, answers the queued/running job of that key instead of adding one. */
  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    const definition = this.requireDefinition(kind);
    const parsed = definition.payloadSchema.parse(payload);
    const result = await this.writeTransaction(async (db) => {
      if (options.userId !== undefined) await this.checkUserLimit(db, definition, options.userId);
      return this.insertJob(db, definition, parsed, options);
    });
    if (result.created) this.notify(definition.lane);
    return result;
  }

  /**
   * Queues the job of a user's task whose row `record` writes: the user's cap is checked, and the
   * job reserved, in one write transaction BEFORE `record` runs, so a refused submit
   * (TASK_USER_LIMIT) writes nothing, and a `record` that throws takes its job back. Until
   * `record` has stored the task, the job is held (running, locked by the submitter): no worker
   * runs it before its row exists. If the process dies meanwhile, the hold runs out like any lock
   * and the job runs then, finding its task (or nothing to do).
   */
  async enqueueFor(userId: string, kind: string, payload: unknown, record: () => Promise<unknown>): Promise<JobRow> {
    const definition = this.requireDefinition(kind);
    const parsed = definition.payloadSchema.parse(payload);
    const holder = `submit:${randomUUID()}`;
    const { job } = await this.writeTransaction(async (db) => {
      await this.checkUserLimit(db, definition, userId);
      return this.insertJob(db, definition, parsed, { userId }, holder);
    });
    try {
      await record();
    } catch (err) {
      await this.db.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', holder).execute();
      throw err;
    }
    const released = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: this.now().toISOString(), locked_by: null, locked_until: null })
      .where('id', '=', job.id)
      .where('locked_by', '=', holder)
      .returningAll()
      .executeTakeFirst();
    this.notify(definition.lane);
    return released ?? job;
  }

  /**
   * Refuses a user's job past the kind's cap of waiting and running jobs. Called in the write
   * transaction that inserts the job; on PostgreSQL a lock per user and kind serialises concurrent
   * submits across processes (SQLite's BEGIN IMMEDIATE already does).
   */
  private async checkUserLimit(db: Db, definition: JobDefinition, userId: string): Promise<void> {
    if (this.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext(${`patlas-job-user:${definition.kind}:${userId}`}))`.execute(db);
    }
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', definition.kind)
      .where('status', 'in', ACTIVE)
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (count >= definition.userLimit) {
      throw new AppError('TASK_USER_LIMIT', { count, limit: definition.userLimit });
    }
  }

  /** Calls `listener` with the lane of each job queued here (the worker starts it without waiting for its poll). */
  onEnqueued(listener: (lane: JobLane) => void): void {
    this.enqueueListeners.add(listener);
  }

  private notify(lane: JobLane): void {
    for (const listener of this.enqueueListeners) listener(lane);
  }

  private async insertJob(
    db: Db,
    definition: JobDefinition,
    payload: unknown,
    options: EnqueueOptions,
    /** Inserts the job held by this submitter (enqueueFor) rather than queued. */
    holder?: string,
  ): Promise<EnqueueResult> {
    const uniqueKey = options.uniqueKey ?? null;
    if (uniqueKey !== null) {
      if (this.dialect === 'postgres') {
        // Serialises enqueuers of one key across processes until this transaction ends.
        await sql`select pg_advisory_xact_lock(hashtext(${`patlas-job:${uniqueKey}`}))`.execute(db);
      }
      const existing = await db
        .selectFrom('jobs')
        .selectAll()
        .where('unique_key', '=', uniqueKey)
        .where('status', 'in', ACTIVE)
        .orderBy('created_at')
        .executeTakeFirst();
      if (existing) return { job: existing, created: false };
    }
    const now = this.now().toISOString();
    const job = await db
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind: definition.kind,
        unique_key: uniqueKey,
        payload: JSON.stringify(payload),
        status: holder ? 'running' : 'queued',
        run_at: (options.runAt ?? this.now()).toISOString(),
        attempts: 0,
        max_attempts: definition.maxAttempts,
        locked_by: holder ?? null,
        locked_until: holder ? new Date(this.now().getTime() + definition.lockSeconds * 1000).toISOString() : null,
        last_error: null,
        result: null,
        created_at: now,
        finished_at: null,
        user_id: options.userId ?? null,
        claim_seq: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { job, created: true };
  }

  /** Makes sure every recurring job has its one queued (or running) run; called at every start. */
  async ensureScheduled(): Promise<JobRow[]> {
    const jobs: JobRow[] = [];
    for (const definition of this.definitions.values()) {
      if (!definition.schedule) continue;
      const runAt = definition.schedule(this.now());
      jobs.push((await this.enqueue(definition.kind, {}, { uniqueKey: definition.kind, runAt })).job);
    }
    return jobs;
  }

  /**
   * Claims up to `limit` due jobs of `lane` (default: every lane) for `workerId`: queued ones whose
   * time has come, and running ones whose lock ran out (their worker died). A dead worker's last
   * attempt is not retried: it fails. Round-robin by user: the next job is the oldest of the user
   * with the fewest jobs running in the lane, then of the one served least recently (system jobs
   * count as one more user), not the oldest overall, so one user's long queue does not hold up
   * another's single task. On PostgreSQL, rows another claimer holds are skipped (SKIP LOCKED),
   * so no job is claimed twice.
   */
  async claim(workerId: string, limit = 1, lane?: JobLane): Promise<JobRow[]> {
    const kinds = [...this.definitions.values()]
      .filter((d) => lane === undefined || d.lane === lane)
      .map((d) => d.kind);
    if (kinds.length === 0) return [];
    return this.writeTransaction(async (db) => {
      const nowDate = this.now();
      const now = nowDate.toISOString();
      await db
        .updateTable('jobs')
        .set({
          status: 'failed',
          last_error: 'the worker stopped during the last attempt (lock expired)',
          finished_at: now,
          locked_by: null,
          locked_until: null,
        })
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .where('kind', 'in', kinds)
        .execute();
      const isDue = (eb: ExpressionBuilder<Database, 'jobs'>) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]);
      const isUser = (eb: ExpressionBuilder<Database, 'jobs'>, userId: string | null) =>
        userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId);

      // Who waits, with their oldest due job; then each one's running jobs and last turn in the lane.
      const waiting = await db
        .selectFrom('jobs')
        .select((eb) => ['user_id', eb.fn.min('run_at').as('first_due')])
        .where('kind', 'in', kinds)
        .where(isDue)
        .groupBy('user_id')
        .execute();
      if (waiting.length === 0) return [];
      const userIds = waiting.flatMap((w) => (w.user_id === null ? [] : [w.user_id]));
      const turns = await db
        .selectFrom('jobs')
        .select((eb) => [
          'user_id',
          sql<number | string>`sum(case when status = 'running' and locked_until >= ${now} then 1 else 0 end)`.as(
            'running',
          ),
          eb.fn.max('claim_seq').as('last_seq'),
        ])
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([eb('user_id', 'is', null), ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : [])]),
        )
        .groupBy('user_id')
        .execute();
      const turnOf = new Map(turns.map((t) => [t.user_id, t]));
      const order = waiting
        .map((w) => {
          const turn = turnOf.get(w.user_id);
          return {
            userId: w.user_id,
            running: Number(turn?.running ?? 0),
            lastSeq: turn?.last_seq === null || turn?.last_seq === undefined ? -1 : Number(turn.last_seq),
            firstDue: w.first_due,
          };
        })
        .sort(
          (a, b) =>
            a.running - b.running ||
            a.lastSeq - b.lastSeq ||
            (a.firstDue < b.firstDue ? -1 : a.firstDue > b.firstDue ? 1 : 0) ||
            String(a.userId).localeCompare(String(b.userId)),
        );

      const last = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.max('claim_seq').as('seq'))
        .executeTakeFirst();
      let seq = Number(last?.seq ?? 0);
      const claimed: JobRow[] = [];
      const done = new Set<string | null>();
      // Rounds over the users in turn order, one job each, until `limit` or nobody has one left.
      while (claimed.length < limit && done.size < order.length) {
        for (const { userId } of order) {
          if (claimed.length >= limit) break;
          if (done.has(userId)) continue;
          let next = db
            .selectFrom('jobs')
            .select(['id', 'kind'])
            .where('kind', 'in', kinds)
            .where(isDue)
            .where((eb) => isUser(eb, userId))
            .orderBy('run_at')
            .orderBy('id')
            .limit(1);
          if (this.dialect === 'postgres') next = next.forUpdate().skipLocked();
          const row = await next.executeTakeFirst();
          if (!row) {
            done.add(userId);
            continue;
          }
          seq += 1;
          const lockSeconds = this.requireDefinition(row.kind).lockSeconds;
          const job = await db
            .updateTable('jobs')
            .set((eb) => ({
              status: 'running',
              attempts: eb('attempts', '+', 1),
              locked_by: workerId,
              locked_until: new Date(nowDate.getTime() + lockSeconds * 1000).toISOString(),
              claim_seq: seq,
            }))
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          claimed.push(job);
        }
      }
      return claimed;
    });
  }

  /** Pushes a running job's lock further while its handler works. False when the job is no longer ours. */
  async extendLock(job: JobRow, workerId: string): Promise<boolean> {
    const lockSeconds = this.requireDefinition(job.kind).lockSeconds;
    const result = await this.db
      .updateTable('jobs')
      .set({ locked_until: new Date(this.now().getTime() + lockSeconds * 1000).toISOString() })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Marks a claimed job done with the handler's result; a recurring job queues its next run in the
   * same transaction. False (nothing written) when the lock was lost to another worker meanwhile.
   */
  async complete(job: JobRow, workerId: string, result: unknown): Promise<boolean> {
    const definition = this.requireDefinition(job.kind);
    return this.writeTransaction(async (db) => {
      const updated = await db
        .updateTable('jobs')
        .set({
          status: 'done',
          result: result === undefined ? null : JSON.stringify(result),
          last_error: null,
          finished_at: this.now().toISOString(),
          locked_by: null,
          locked_until: null,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await this.queueNextRun(db, definition, job);
      return true;
    });
  }

  /**
   * Records a failed attempt: back to 'queued' after the backoff while attempts remain, else
   * 'failed' (a recurring job then still queues its next run). `permanent` skips the retries (a
   * payload that can never run). Answers the status written, or null when the lock was lost.
   */
  async fail(
    job: JobRow,
    workerId: string,
    error: unknown,
    options: { permanent?: boolean } = {},
  ): Promise<'queued' | 'failed' | null> {
    const definition = this.requireDefinition(job.kind);
    return this.writeTransaction(async (db) => {
      const now = this.now();
      const isFinal = options.permanent === true || job.attempts >= job.max_attempts;
      const retryAt = new Date(now.getTime() + backoffSecondsFor(definition, job.attempts) * 1000);
      const updated = await db
        .updateTable('jobs')
        .set({
          status: isFinal ? 'failed' : 'queued',
          last_error: errorText(error),
          run_at: isFinal ? job.run_at : retryAt.toISOString(),
          finished_at: isFinal ? now.toISOString() : null,
          locked_by: null,
          locked_until: null,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      if (isFinal) await this.queueNextRun(db, definition, job);
      return isFinal ? 'failed' : 'queued';
    });
  }

  private async queueNextRun(db: Db, definition: JobDefinition, job: JobRow): Promise<void> {
    if (!definition.schedule) return;
    await this.insertJob(
      db,
      definition,
      {},
      { uniqueKey: job.unique_key ?? definition.kind, runAt: definition.schedule(this.now()) },
    );
  }

  async find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The most recent jobs first, for the operators. */
  async list(filter: { kind?: string | undefined; status?: JobStatus | undefined; limit: number }): Promise<JobRow[]> {
    let query = this.db.selectFrom('jobs').selectAll();
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.status) query = query.where('status', '=', filter.status);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }
}
