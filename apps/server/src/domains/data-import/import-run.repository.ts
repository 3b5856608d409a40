import type { ImportRunProgress, ImportRunReport, ImportRunStatus, ImportUpload } from '@patlas/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ImportRunsTable } from '../../db/schema.js';

/**
 * A refused line as stored: `code` for the reasons Patlas words itself (localised when answered),
 * `reason` for the format reader's own text.
 */
export interface StoredRefusal {
  file: string;
  line: number;
  reason?: string;
  code?: 'IMPORT_FORMAT_UNKNOWN';
}

/** An import run as the service works with it (the row with its JSON parsed). */
export interface ImportRunRecord {
  id: string;
  status: ImportRunStatus;
  createdBy: string | null;
  createdByEmail: string | null;
  files: ImportUpload[];
  progress: ImportRunProgress | null;
  report: ImportRunReport | null;
  refused: StoredRefusal[];
  refusedTotal: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type NewImportRun = Pick<ImportRunRecord, 'id' | 'createdBy' | 'createdByEmail' | 'files' | 'createdAt'>;
export type ImportRunUpdate = Partial<
  Pick<
    ImportRunRecord,
    'status' | 'progress' | 'report' | 'refused' | 'refusedTotal' | 'error' | 'startedAt' | 'finishedAt'
  >
>;

function parse<T>(text: string | null, fallback: T): T {
  return text === null ? fallback : (JSON.parse(text) as T);
}

function recordOf(row: Selectable<ImportRunsTable>): ImportRunRecord {
  return {
    id: row.id,
    status: row.status as ImportRunStatus,
    createdBy: row.created_by,
    createdByEmail: row.created_by_email,
    files: parse<ImportUpload[]>(row.files, []),
    progress: parse<ImportRunProgress | null>(row.progress, null),
    report: parse<ImportRunReport | null>(row.report, null),
    refused: parse<StoredRefusal[]>(row.refused, []),
    refusedTotal: Number(row.refused_total),
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** Import runs (table import_runs). */
export class ImportRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(run: NewImportRun): Promise<ImportRunRecord> {
    const row = await this.db
      .insertInto('import_runs')
      .values({
        id: run.id,
        status: 'queued',
        created_by: run.createdBy,
        created_by_email: run.createdByEmail,
        files: JSON.stringify(run.files),
        progress: null,
        report: null,
        refused: null,
        error: null,
        created_at: run.createdAt,
        started_at: null,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return recordOf(row);
  }

  async update(id: string, update: ImportRunUpdate): Promise<void> {
    await this.db
      .updateTable('import_runs')
      .set({
        ...(update.status !== undefined ? { status: update.status } : {}),
        ...(update.progress !== undefined ? { progress: json(update.progress) } : {}),
        ...(update.report !== undefined ? { report: json(update.report) } : {}),
        ...(update.refused !== undefined ? { refused: JSON.stringify(update.refused) } : {}),
        ...(update.refusedTotal !== undefined ? { refused_total: update.refusedTotal } : {}),
        ...(update.error !== undefined ? { error: update.error } : {}),
        ...(update.startedAt !== undefined ? { started_at: update.startedAt } : {}),
        ...(update.finishedAt !== undefined ? { finished_at: update.finishedAt } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async find(id: string): Promise<ImportRunRecord | undefined> {
    const row = await this.db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? recordOf(row) : undefined;
  }

  /** The newest runs first, without their refused lines (the list does not show them). */
  async listRecent(limit: number): Promise<ImportRunRecord[]> {
    const rows = await this.db
      .selectFrom('import_runs')
      .select([
        'id',
        'status',
        'created_by',
        'created_by_email',
        'files',
        'progress',
        'report',
        'refused_total',
        'error',
        'created_at',
        'started_at',
        'finished_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => recordOf({ ...row, refused: null }));
  }

  /** Runs a previous process left queued or running; answers them so their files can be removed. */
  async interruptUnfinished(finishedAt: string): Promise<ImportRunRecord[]> {
    const rows = await this.db
      .updateTable('import_runs')
      .set({ status: 'interrupted', finished_at: finishedAt })
      .where('status', 'in', ['queued', 'running'])
      .returningAll()
      .execute();
    return rows.map(recordOf);
  }
}
