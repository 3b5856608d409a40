import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DuplicateChecksTable } from '../../db/schema.js';

export type DuplicateCheckRow = Selectable<DuplicateChecksTable>;
export type DuplicateCheckUpdate = Updateable<DuplicateChecksTable>;
export type DuplicateCheckState = DuplicateChecksTable['state'];

/** Columns of the list: everything but the text and the report, which can be large. */
const LIST_COLUMNS = [
  'id',
  'user_id',
  'title',
  'source',
  'filename',
  'chars',
  'lang',
  'state',
  'similarity',
  'patents',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;
export type DuplicateCheckListRow = Pick<DuplicateCheckRow, (typeof LIST_COLUMNS)[number]>;

/** The duplicate checks of every user (domains/duplicate). */
export class DuplicateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DuplicateCheckRow): Promise<void> {
    await this.db.insertInto('duplicate_checks').values(row).execute();
  }

  find(id: string): Promise<DuplicateCheckRow | undefined> {
    return this.db.selectFrom('duplicate_checks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The check without its text and report (answers a state cheaply). */
  findListRow(id: string): Promise<DuplicateCheckListRow | undefined> {
    return this.db.selectFrom('duplicate_checks').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** A user's checks, newest first. */
  async page(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: DuplicateCheckListRow[] }> {
    const query = this.db.selectFrom('duplicate_checks').where('user_id', '=', userId);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(LIST_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  /** Updates a check when it is in one of `from` (any state when absent); false when it was not. */
  async update(id: string, patch: DuplicateCheckUpdate, from?: readonly DuplicateCheckState[]): Promise<boolean> {
    let query = this.db.updateTable('duplicate_checks').set(patch).where('id', '=', id);
    if (from) query = query.where('state', 'in', from);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  idsInState(state: DuplicateCheckState): Promise<{ id: string; lang: string }[]> {
    return this.db.selectFrom('duplicate_checks').select(['id', 'lang']).where('state', '=', state).execute();
  }
}
