import { randomUUID } from 'node:crypto';
import type { JobStatus, SysJob } from '@patlas/contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { Clock } from '../domains/auth/tokens.js';
import { backoffSecondsFor, type JobDefinition } from './define-job.js';

export type JobRow = Selectable<JobsTable>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued or running job per key; enqueueing again answers the existing job. */
  uniqueKey?: string;
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
    return this.writeTransaction((db) => this.insertJob(db, definition, parsed, options));
  }

  private async insertJob(
    db: Db,
    definition: JobDefinition,
    payload: unknown,
    options: EnqueueOptions,
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
        status: 'queued',
        run_at: (options.runAt ?? this.now()).toISOString(),
        attempts: 0,
        max_attempts: definition.maxAttempts,
        locked_by: null,
        locked_until: null,
        last_error: null,
        result: null,
        created_at: now,
        finished_at: null,
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
   * Claims up to `limit` due jobs for `workerId`: queued ones whose time has come, and running ones
   * whose lock ran out (their worker died). A dead worker's last attempt is not retried: it fails.
   * On PostgreSQL, rows another claimer holds are skipped (SKIP LOCKED), so no job is claimed twice.
   */
  async claim(workerId: string, limit = 1): Promise<JobRow[]> {
    const kinds = [...this.definitions.keys()];
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
      let due = db
        .selectFrom('jobs')
        .select(['id', 'kind'])
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await due.execute();
      const claimed: JobRow[] = [];
      for (const row of rows) {
        const lockSeconds = this.requireDefinition(row.kind).lockSeconds;
        const job = await db
          .updateTable('jobs')
          .set((eb) => ({
            status: 'running',
            attempts: eb('attempts', '+', 1),
            locked_by: workerId,
            locked_until: new Date(nowDate.getTime() + lockSeconds * 1000).toISOString(),
          }))
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        claimed.push(job);
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
