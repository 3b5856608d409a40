import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';

export type ReportRow = Selectable<ReportsTable>;
export type ReportUpdate = Updateable<ReportsTable>;
export type ReportRowState = ReportsTable['state'];

/** Reports of every user (domains/report). Deleted rows stay (deleted_at) until their owner goes. */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ReportRow): Promise<void> {
    await this.db.insertInto('reports').values(row).execute();
  }

  find(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Reports not deleted, newest first: a user's (userId) or everybody's (operators). */
  async page(
    filter: { userId?: string; state?: ReportRowState },
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: (ReportRow & { user_email: string })[] }> {
    let query = this.db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.user_id')
      .where('reports.deleted_at', 'is', null);
    if (filter.userId) query = query.where('reports.user_id', '=', filter.userId);
    if (filter.state) query = query.where('reports.state', '=', filter.state);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('reports')
      .select('users.email as user_email')
      .orderBy('reports.created_at', 'desc')
      .orderBy('reports.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  /** Reports per user (deleted ones included: they were generated), most first. */
  async usage(): Promise<{ userId: string; userEmail: string; reports: number; done: number }[]> {
    const rows = await this.db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.user_id')
      .select((eb) => [
        'reports.user_id as userId',
        'users.email as userEmail',
        eb.fn.countAll<string | number>().as('reports'),
        eb.fn.sum<string | number>(eb.case().when('reports.state', '=', 'done').then(1).else(0).end()).as('done'),
      ])
      .groupBy(['reports.user_id', 'users.email'])
      .orderBy('reports', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, reports: Number(r.reports), done: Number(r.done ?? 0) }));
  }

  /** Reports a user has generated (each creation and regeneration counts against the quota). */
  async countOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Updates a report when it is in one of `from` (any state when absent); false when it was not. */
  async update(id: string, patch: ReportUpdate, from?: readonly ReportRowState[]): Promise<boolean> {
    let query = this.db.updateTable('reports').set(patch).where('id', '=', id);
    if (from) query = query.where('state', 'in', from);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  idsInState(state: ReportRowState): Promise<{ id: string; lang: string }[]> {
    return this.db
      .selectFrom('reports')
      .select(['id', 'lang'])
      .where('state', '=', state)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Done reports past their expiry whose files are still on disk. */
  expiredWithFiles(nowIso: string): Promise<Pick<ReportRow, 'id' | 'pdf_path' | 'docx_path'>[]> {
    return this.db
      .selectFrom('reports')
      .select(['id', 'pdf_path', 'docx_path'])
      .where('expires_at', '<', nowIso)
      .where((eb) => eb.or([eb('pdf_path', 'is not', null), eb('docx_path', 'is not', null)]))
      .execute();
  }
}
