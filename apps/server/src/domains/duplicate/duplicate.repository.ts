import type { Kysely, Selectable } from 'kysely';
import type { Database, DuplicateChecksTable } from '../../db/schema.js';
import { pageOf, TASK_COLUMNS } from '../../tasks/task.repository.js';

export type DuplicateCheckRow = Selectable<DuplicateChecksTable>;

/** Columns of the list: everything but the text and the report, which can be large. */
const LIST_COLUMNS = [
  ...TASK_COLUMNS,
  'user_id',
  'title',
  'source',
  'filename',
  'chars',
  'lang',
  'similarity',
  'patents',
  'created_at',
] as const;
export type DuplicateCheckListRow = Pick<DuplicateCheckRow, (typeof LIST_COLUMNS)[number]>;

/** The duplicate checks of every user (domains/duplicate); their states are the task kit's (TaskRepository). */
export class DuplicateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The check without its text and report (answers a state cheaply). */
  findListRow(id: string): Promise<DuplicateCheckListRow | undefined> {
    return this.db.selectFrom('duplicate_checks').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** A user's checks, newest first. */
  page(userId: string, page: number, pageSize: number): Promise<{ total: number; rows: DuplicateCheckListRow[] }> {
    return pageOf(
      this.db.selectFrom('duplicate_checks').where('user_id', '=', userId),
      (q) => q.select(LIST_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      pageSize,
    );
  }

  /** Deletes checks of the user; answers the ids deleted. */
  async delete(userId: string, ids: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('duplicate_checks')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
