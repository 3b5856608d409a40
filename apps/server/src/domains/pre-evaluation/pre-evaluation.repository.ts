import type { Kysely, Selectable } from 'kysely';
import type { Database, PreEvaluationsTable } from '../../db/schema.js';
import { pageOf, TASK_COLUMNS } from '../../tasks/task.repository.js';

export type PreEvaluationRow = Selectable<PreEvaluationsTable>;
export type PreEvaluationOriginValue = PreEvaluationsTable['origin'];

/** Columns of the list: everything but the text and the result, which can be large. */
const LIST_COLUMNS = [
  ...TASK_COLUMNS,
  'user_id',
  'title',
  'kind',
  'origin',
  'chars',
  'priority_date',
  'publication_number',
  'lang',
  'stage',
  'progress',
  'novelty',
  'inventiveness',
  'features',
  'documents',
  'created_at',
] as const;
export type PreEvaluationListRow = Pick<PreEvaluationRow, (typeof LIST_COLUMNS)[number]>;

/** The pre-evaluations and novelty searches of every user (domains/pre-evaluation); their states are the task kit's. */
export class PreEvaluationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findListRow(id: string): Promise<PreEvaluationListRow | undefined> {
    return this.db.selectFrom('pre_evaluations').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** A user's evaluations (of one origin when given), newest first. */
  page(
    userId: string,
    page: number,
    pageSize: number,
    origin?: PreEvaluationOriginValue,
  ): Promise<{ total: number; rows: PreEvaluationListRow[] }> {
    let query = this.db.selectFrom('pre_evaluations').where('user_id', '=', userId);
    if (origin) query = query.where('origin', '=', origin);
    return pageOf(
      query,
      (q) => q.select(LIST_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      pageSize,
    );
  }

  /** Deletes evaluations of the user; answers the ids deleted. */
  async delete(userId: string, ids: readonly string[]): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('pre_evaluations')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
