import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';
import { pageOf } from '../../tasks/task.repository.js';

export type ReportRow = Selectable<ReportsTable>;
export type ReportUpdate = Updateable<ReportsTable>;

/**
 * Reports of every user (domains/report); their states are the task kit's (TaskRepository).
 * Deleted rows stay (deleted_at) until their owner goes.
 */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Reports not deleted, newest first: a user's (userId) or everybody's (operators). */
  page(
    filter: { userId?: string; states?: readonly ReportsTable['state'][] },
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: (ReportRow & { user_email: string })[] }> {
    let query = this.db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.user_id')
      .where('reports.deleted_at', 'is', null);
    if (filter.userId) query = query.where('reports.user_id', '=', filter.userId);
    if (filter.states) query = query.where('reports.state', 'in', [...filter.states]);
    return pageOf(
      query,
      (q) =>
        q
          .selectAll('reports')
          .select('users.email as user_email')
          .orderBy('reports.created_at', 'desc')
          .orderBy('reports.id', 'desc'),
      page,
      pageSize,
    );
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

  /** A report's own columns, whatever its state (deletion, files): its state changes go through the task kit. */
  async update(id: string, patch: Omit<ReportUpdate, 'state'>): Promise<void> {
    await this.db.updateTable('reports').set(patch).where('id', '=', id).execute();
  }
}
