import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RewritesTable } from '../../db/schema.js';
import { pageOf } from '../../tasks/task.repository.js';

export type RewriteRow = Selectable<RewritesTable>;
export type RewriteRowState = RewritesTable['state'];

export interface RewriteFilter {
  keyword?: string | undefined;
  mode?: RewritesTable['mode'] | undefined;
  state?: RewriteRowState | undefined;
}

/** The user's text as a LIKE substring (%, _ and \ escaped), lower-cased. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Rewrites of every user (domains/rewrite); their states are the task kit's (TaskRepository).
 * Deleted rows stay (deleted_at): they were used.
 */
export class RewriteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Removes a row outright: only a rewrite refused before it started (over the day's limit). */
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('rewrites').where('id', '=', id).execute();
  }

  /** A user's rewrites not deleted, newest first, filtered by words, mode and state. */
  page(
    userId: string,
    filter: RewriteFilter,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: RewriteRow[] }> {
    let query = this.db.selectFrom('rewrites').where('user_id', '=', userId).where('deleted_at', 'is', null);
    if (filter.mode) query = query.where('mode', '=', filter.mode);
    if (filter.state) query = query.where('state', '=', filter.state);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where(
        sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(original) like ${pattern} escape '\\' or lower(coalesce(result, '')) like ${pattern} escape '\\')`,
      );
    }
    return pageOf(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page, pageSize);
  }

  /** Rewrites of the user among `ids`, not deleted, in the order asked. */
  async owned(userId: string, ids: readonly string[]): Promise<RewriteRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('rewrites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Characters of the user's rewrites created from `sinceIso` on that did not fail (deleted ones included). */
  async charsSince(userId: string, sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('rewrites')
      .select((eb) => eb.fn.sum<string | number | null>('chars').as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', sinceIso)
      .where('state', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  }

  /** Rewrites the user has made that did not fail (deleted ones included): the writing quota's use. */
  async countOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('rewrites')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks rewrites of the user deleted; answers the ids marked. */
  async markDeleted(userId: string, ids: readonly string[], atIso: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('rewrites')
      .set({ deleted_at: atIso })
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
