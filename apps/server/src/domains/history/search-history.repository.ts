import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, SearchHistoryTable } from '../../db/schema.js';
import { keysetBatches } from '../../db/keyset-batches.js';

export type SearchHistory = Selectable<SearchHistoryTable>;

/** One entry to store; its running number is assigned by the repository. */
export interface NewSearchHistory {
  operationName: string;
  searchExpression: string;
  resultTotal: string;
  /** The whole spec 1 §3 entry as JSON text. */
  content: string;
  createdAt: string;
}

/** Which of one user's entries: every filter optional; `from` inclusive, `to` exclusive (ISO instants). */
export interface SearchHistoryFilter {
  userId: string;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  ids?: readonly string[] | undefined;
}

/** Rows per INSERT: well under SQLite's bound-parameter limit (8 columns each). */
const INSERT_CHUNK = 500;

/** The rows of `rows` the user does not hold yet: none with the same time and the same entry. */
async function notStored(
  trx: Kysely<Database>,
  userId: string,
  rows: readonly NewSearchHistory[],
): Promise<NewSearchHistory[]> {
  const held = new Set<string>();
  const times = [...new Set(rows.map((r) => r.createdAt))];
  for (let start = 0; start < times.length; start += INSERT_CHUNK) {
    const found = await trx
      .selectFrom('search_history')
      .select(['created_at', 'content'])
      .where('user_id', '=', userId)
      .where('created_at', 'in', times.slice(start, start + INSERT_CHUNK))
      .execute();
    for (const row of found) held.add(`${row.created_at}\n${row.content}`);
  }
  return rows.filter((r) => !held.has(`${r.createdAt}\n${r.content}`));
}

/** Search history rows (table search_history); every query is scoped to one owner. */
export class SearchHistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private filtered(filter: SearchHistoryFilter): SelectQueryBuilder<Database, 'search_history', object> {
    let query = this.db.selectFrom('search_history').where('user_id', '=', filter.userId);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.ids) query = query.where('id', 'in', filter.ids.length > 0 ? [...filter.ids] : ['']);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      // The user's text is a substring, not a pattern: %, _ and \ are escaped.
      const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's only for ASCII.
      query = query.where(sql<boolean>`lower(search_expression) like ${pattern} escape '\\'`);
    }
    return query;
  }

  /**
   * Stores entries under the user's next running numbers (max + 1, in the order given) and
   * returns their ids. One transaction: on PostgreSQL the user's row is locked first, so two
   * concurrent saves of one user cannot read the same max; SQLite has one writer at a time and a
   * transaction whose read went stale fails instead of writing a duplicate number.
   *
   * @param options.skipStored - leave out rows the user already holds (same time and same entry), in
   *   the same transaction: an import run again — after a crash, or a lost answer — adds nothing twice.
   */
  async insertNumbered(
    userId: string,
    rows: readonly NewSearchHistory[],
    options: { skipStored?: boolean } = {},
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      }
      if (options.skipStored) rows = await notStored(trx, userId, rows);
      if (rows.length === 0) return [];
      const top = await trx
        .selectFrom('search_history')
        .select((eb) => eb.fn.max('no').as('max'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      let next = Number(top?.max ?? 0) + 1;
      const ids: string[] = [];
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const values = rows.slice(start, start + INSERT_CHUNK).map((row) => {
          const id = randomUUID();
          ids.push(id);
          return {
            id,
            user_id: userId,
            no: next++,
            operation_name: row.operationName,
            search_expression: row.searchExpression,
            result_total: row.resultTotal,
            content: row.content,
            created_at: row.createdAt,
          };
        });
        await trx.insertInto('search_history').values(values).execute();
      }
      return ids;
    });
  }

  /** One page, newest first (ties: the higher number first), and the number of matching rows. */
  async page(
    filter: SearchHistoryFilter,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: SearchHistory[] }> {
    const query = this.filtered(filter);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('no', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }

  /**
   * Matching rows newest first, at most `limit`, read `batchSize` at a time (keyset on time and
   * number, unique per owner): an export of 300,000 rows never holds more than one batch.
   */
  async *batches(filter: SearchHistoryFilter, limit: number, batchSize = 1000): AsyncGenerator<SearchHistory[]> {
    yield* keysetBatches(
      limit,
      batchSize,
      (after: { createdAt: string; no: number } | undefined, size) => {
        let query = this.filtered(filter).selectAll();
        if (after) {
          const { createdAt, no } = after;
          query = query.where((eb) =>
            eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('no', '<', no)])]),
          );
        }
        return query.orderBy('created_at', 'desc').orderBy('no', 'desc').limit(size).execute();
      },
      (row) => ({ createdAt: row.created_at, no: Number(row.no) }),
    );
  }

  /** The owner's rows among `ids` (another user's ids are simply not found). */
  async findOwn(userId: string, ids: readonly string[]): Promise<SearchHistory[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('search_history')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The owner's entry numbered `no` (the `#n` of expressions), if any. */
  async findByNo(userId: string, no: number): Promise<SearchHistory | undefined> {
    return this.db
      .selectFrom('search_history')
      .selectAll()
      .where('user_id', '=', userId)
      .where('no', '=', no)
      .executeTakeFirst();
  }

  /** The owner's latest rows (highest number first) whose expression is exactly `expression`. */
  async latestOfExpression(userId: string, expression: string, limit: number): Promise<SearchHistory[]> {
    return this.db
      .selectFrom('search_history')
      .selectAll()
      .where('user_id', '=', userId)
      .where('search_expression', '=', expression)
      .orderBy('no', 'desc')
      .limit(limit)
      .execute();
  }

  /** Replaces what an owner's row holds (its number and id stay). */
  async updateEntry(userId: string, id: string, row: NewSearchHistory): Promise<void> {
    await this.db
      .updateTable('search_history')
      .set({
        operation_name: row.operationName,
        search_expression: row.searchExpression,
        result_total: row.resultTotal,
        content: row.content,
        created_at: row.createdAt,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the owner's rows among `ids`, or all of them; another user's ids are left alone. */
  async deleteOwn(userId: string, ids: readonly string[] | 'all'): Promise<number> {
    let query = this.db.deleteFrom('search_history').where('user_id', '=', userId);
    if (ids !== 'all') query = query.where('id', 'in', [...ids]);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
