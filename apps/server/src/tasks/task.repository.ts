import { TASK_ERROR_CODES, type TaskError, type TaskKindName, type TaskState } from '@patlas/contracts';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Database, TaskColumns } from '../db/schema.js';
import type { Clock } from '../kernel/clock.js';
import { CLAIMABLE, FINISHED, UNFINISHED } from './task-states.js';

/** The table of each kind of document task. */
export const TASK_TABLES = {
  export: 'download_tasks',
  report: 'reports',
  duplicate: 'duplicate_checks',
  preEvaluation: 'pre_evaluations',
  rewrite: 'rewrites',
} as const satisfies Record<TaskKindName, keyof Database>;

type TableOf<K extends TaskKindName> = (typeof TASK_TABLES)[K];
/** The shared columns of a task just made: waiting, no failure, not started. */
export const NEW_TASK = {
  state: 'waiting',
  error: null,
  error_code: null,
  error_params: null,
  started_at: null,
  finished_at: null,
} as const satisfies Omit<TaskColumns, 'id'>;

/** The columns every task's list shows: its id, state, failure and times. */
export const TASK_COLUMNS = [
  'id',
  'state',
  'error',
  'error_code',
  'error_params',
  'started_at',
  'finished_at',
] as const;

/** A kind's whole row. */
export type TaskRow<K extends TaskKindName> = Selectable<Database[TableOf<K>]>;
/** A patch of a kind's own row, shared columns included. */
export type TaskPatch<K extends TaskKindName> = Updateable<Database[TableOf<K>]>;

/** Columns that hold a task's files and their expiry (download tasks, reports). */
interface ExpiringColumns {
  expires_at: string | null;
  [file: string]: string | number | null;
}

/**
 * Every kind's table seen through its shared columns: the lifecycle's queries are the same SQL for
 * every kind, so one alias types them and the kind's real table name is what runs.
 */
type TaskDb = { task: TaskColumns & ExpiringColumns };

/**
 * The lifecycle of one kind of document task (issue 40): claim, progress, finish, fail with a
 * catalogue code, cancel, reset for "again"/redraw, fail what a stopped process left running, and
 * the files past their days. Each transition is one conditional UPDATE (`where state in …`), so a
 * task cancelled, deleted or failed meanwhile is never overwritten; each answers whether it applied.
 * A kind's own repository keeps only its own columns and queries.
 */
export class TaskRepository<K extends TaskKindName = TaskKindName> {
  private readonly tasks: Kysely<TaskDb>;
  private readonly table: 'task';

  constructor(
    db: Kysely<Database>,
    readonly kind: K,
    private readonly now: Clock,
  ) {
    this.tasks = db as unknown as Kysely<TaskDb>;
    this.table = TASK_TABLES[kind] as unknown as 'task';
  }

  private nowIso(): string {
    return this.now().toISOString();
  }

  async insert(row: Insertable<Database[TableOf<K>]>): Promise<void> {
    await this.tasks
      .insertInto(this.table)
      .values(row as unknown as Insertable<TaskDb['task']>)
      .execute();
  }

  async find(id: string): Promise<TaskRow<K> | undefined> {
    const row = await this.tasks.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
    return row as TaskRow<K> | undefined;
  }

  /** The tasks among `ids` that exist, in one query (the progress sockets' shared poll). */
  async findMany(ids: readonly string[]): Promise<TaskRow<K>[]> {
    if (ids.length === 0) return [];
    const rows = await this.tasks
      .selectFrom(this.table)
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows as TaskRow<K>[];
  }

  /** Updates a task when it is in one of `from` (any state when absent); false when it was not. */
  async update(id: string, patch: TaskPatch<K>, from?: readonly TaskState[]): Promise<boolean> {
    let query = this.tasks
      .updateTable(this.table)
      .set(patch as Updateable<TaskDb['task']>)
      .where('id', '=', id);
    if (from) query = query.where('state', 'in', [...from]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async stateOf(id: string): Promise<TaskState | undefined> {
    const row = await this.tasks.selectFrom(this.table).select('state').where('id', '=', id).executeTakeFirst();
    return row?.state;
  }

  /** waiting → running: false when the task is not waiting (cancelled, deleted, failed at start-up, or claimed). */
  claim(id: string, patch: TaskPatch<K> = {}): Promise<boolean> {
    return this.update(
      id,
      { ...patch, state: 'running', started_at: this.nowIso() } as unknown as TaskPatch<K>,
      CLAIMABLE,
    );
  }

  /** A running task's progress; false when it is no longer running (the work stops there). */
  progress(id: string, patch: TaskPatch<K>): Promise<boolean> {
    return this.update(id, patch, ['running']);
  }

  /** running → done with its results; false when it was cancelled or failed meanwhile. */
  finish(id: string, patch: TaskPatch<K>): Promise<boolean> {
    return this.update(id, { ...patch, state: 'done', finished_at: this.nowIso() } as unknown as TaskPatch<K>, [
      'running',
    ]);
  }

  /** waiting/running → failed with a catalogue code, translated whenever the task is shown. */
  fail(id: string, error: TaskError, patch: TaskPatch<K> = {}): Promise<boolean> {
    return this.update(
      id,
      {
        ...patch,
        state: 'failed',
        error: null,
        error_code: error.code,
        error_params: Object.keys(error.params).length > 0 ? JSON.stringify(error.params) : null,
        finished_at: this.nowIso(),
      } as unknown as TaskPatch<K>,
      UNFINISHED,
    );
  }

  /** waiting/running → cancelled; a running task notices at its next progress. */
  cancel(id: string): Promise<boolean> {
    return this.update(id, { state: 'cancelled', finished_at: this.nowIso() } as unknown as TaskPatch<K>, UNFINISHED);
  }

  /**
   * A finished task back to waiting, as the same task ("again", redraw, regenerate): its failure and
   * times are cleared, `patch` clears the kind's results. False when it was not in one of `from`.
   */
  reset(id: string, patch: TaskPatch<K>, from: readonly TaskState[] = FINISHED): Promise<boolean> {
    return this.update(id, { ...patch, ...NEW_TASK } as unknown as TaskPatch<K>, from);
  }

  /**
   * At start-up: a task still running lost the process that ran it (kill -9, power loss); it fails
   * with its kind's "interrupted" code. Answers the ids failed (their partial files are the kind's).
   */
  async failInterrupted(): Promise<string[]> {
    const rows = await this.tasks.selectFrom(this.table).select('id').where('state', '=', 'running').execute();
    const code = TASK_ERROR_CODES[this.kind].interrupted;
    const failed: string[] = [];
    for (const { id } of rows) {
      if (await this.fail(id, { code, params: {} })) failed.push(id);
    }
    return failed;
  }

  /** Tasks past their expiry that still hold a file in one of `fileColumns` (the expiry job deletes them). */
  async filesPastExpiry<C extends string>(
    fileColumns: readonly C[],
  ): Promise<({ id: string } & Record<C, string | null>)[]> {
    const rows = await this.tasks
      .selectFrom(this.table)
      .select(['id', ...(fileColumns as unknown as 'expires_at'[])])
      .where('expires_at', '<=', this.nowIso())
      .where((eb) => eb.or(fileColumns.map((c) => eb(c as 'expires_at', 'is not', null))))
      .execute();
    return rows as unknown as ({ id: string } & Record<C, string | null>)[];
  }
}

/**
 * At start-up, for every kind at once: what a stopped process left running fails as interrupted.
 * Answers the ids failed per kind.
 */
export async function failInterruptedTasks(
  repositories: readonly TaskRepository[],
): Promise<Partial<Record<TaskKindName, string[]>>> {
  const failed: Partial<Record<TaskKindName, string[]>> = {};
  for (const repository of repositories) failed[repository.kind] = await repository.failInterrupted();
  return failed;
}

/**
 * One page of a list query, newest first by `order` (the kind's ordering and columns), with the
 * total of the unpaged query.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: O[] }> {
  const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(query)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number((count as { n: string | number }).n), rows };
}
