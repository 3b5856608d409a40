import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PreEvaluationsTable } from '../../db/schema.js';

export type PreEvaluationRow = Selectable<PreEvaluationsTable>;
export type PreEvaluationUpdate = Updateable<PreEvaluationsTable>;
export type PreEvaluationState = PreEvaluationsTable['state'];
export type PreEvaluationOriginValue = PreEvaluationsTable['origin'];

/** Columns of the list: everything but the text and the result, which can be large. */
const LIST_COLUMNS = [
  'id',
  'user_id',
  'title',
  'kind',
  'origin',
  'chars',
  'priority_date',
  'publication_number',
  'lang',
  'state',
  'stage',
  'progress',
  'novelty',
  'inventiveness',
  'features',
  'documents',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;
export type PreEvaluationListRow = Pick<PreEvaluationRow, (typeof LIST_COLUMNS)[number]>;

/** The pre-evaluations and novelty searches of every user (domains/pre-evaluation). */
export class PreEvaluationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: PreEvaluationRow): Promise<void> {
    await this.db.insertInto('pre_evaluations').values(row).execute();
  }

  find(id: string): Promise<PreEvaluationRow | undefined> {
    return this.db.selectFrom('pre_evaluations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findListRow(id: string): Promise<PreEvaluationListRow | undefined> {
    return this.db.selectFrom('pre_evaluations').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** A user's evaluations (of one origin when given), newest first. */
  async page(
    userId: string,
    page: number,
    pageSize: number,
    origin?: PreEvaluationOriginValue,
  ): Promise<{ total: number; rows: PreEvaluationListRow[] }> {
    let query = this.db.selectFrom('pre_evaluations').where('user_id', '=', userId);
    if (origin) query = query.where('origin', '=', origin);
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

  /** Updates an evaluation when it is in one of `from` (any state when absent); false when it was not. */
  async update(id: string, patch: PreEvaluationUpdate, from?: readonly PreEvaluationState[]): Promise<boolean> {
    let query = this.db.updateTable('pre_evaluations').set(patch).where('id', '=', id);
    if (from) query = query.where('state', 'in', from);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  idsInState(state: PreEvaluationState): Promise<{ id: string; lang: string }[]> {
    return this.db.selectFrom('pre_evaluations').select(['id', 'lang']).where('state', '=', state).execute();
  }
}
