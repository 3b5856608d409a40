import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, OperateHistoryTable } from '../../db/schema.js';
import { keysetBatches } from '../../db/keyset-batches.js';

export type OperateHistory = Selectable<OperateHistoryTable>;

export interface NewOperateHistory {
  userId: string;
  recordType: number;
  title: string;
  router: string | null;
  resultTotal: string | null;
  /** JSON object text */
  data: string;
  createdAt: string;
}

/** Which of one user's rows: all filters optional; `from` inclusive, `to` exclusive (ISO instants). */
export interface OperateHistoryFilter {
  userId: string;
  recordType?: number | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  ids?: readonly string[] | undefined;
}

const INSERT_CHUNK = 500;

/** What makes two rows the same operation: its user and the file's columns, as stored. */
const operationKey = (row: Pick<NewOperateHistory, 'userId' | 'createdAt' | 'recordType' | 'title' | 'data'>) =>
  `${row.userId}\n${row.createdAt}\n${row.recordType}\n${row.title}\n${row.data}`;

/** The rows their users do not hold yet (the user_id + created_at index answers each chunk). */
async function notStored(trx: Kysely<Database>, rows: readonly NewOperateHistory[]): Promise<NewOperateHistory[]> {
  const held = new Set<string>();
  for (const userId of new Set(rows.map((r) => r.userId))) {
    const times = [...new Set(rows.filter((r) => r.userId === userId).map((r) => r.createdAt))];
    for (let start = 0; start < times.length; start += INSERT_CHUNK) {
      const found = await trx
        .selectFrom('operate_history')
        .select(['user_id', 'created_at', 'record_type', 'title', 'data'])
        .where('user_id', '=', userId)
        .where('created_at', 'in', times.slice(start, start + INSERT_CHUNK))
        .execute();
      for (const row of found) {
        held.add(
          operationKey({
            userId: row.user_id,
            createdAt: row.created_at,
            recordType: row.record_type,
            title: row.title,
            data: row.data,
          }),
        );
      }
    }
  }
  const kept: NewOperateHistory[] = [];
  for (const r of rows) {
    const key = operationKey(r);
    // Twice in one file is once too.
    if (held.has(key)) continue;
    held.add(key);
    kept.push(r);
  }
  return kept;
}

/** Operation history rows (table operate_history); every query is scoped to one owner. */
export class OperateHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: OperateHistoryFilter): SelectQueryBuilder<Database, 'operate_history', object> {
    let query = this.db.selectFrom('operate_history').where('user_id', '=', filter.userId);
    if (filter.recordType !== undefined) query = query.where('record_type', '=', filter.recordType);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.ids) query = query.where('id', 'in', filter.ids.length > 0 ? [...filter.ids] : ['']);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`.toLowerCase();
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
      query = query.where(sql<boolean>`lower(title) like ${pattern} escape '\\'`);
    }
    return query;
  }

  /**
   * Adds rows, all in one transaction (an import cut short adds none of its rows).
   *
   * @param options.skipStored - leave out rows the user already holds (same time, kind, title and
   *   data), read in the same transaction: a file imported again adds nothing twice.
   */
  async insertMany(rows: readonly NewOperateHistory[], options: { skipStored?: boolean } = {}): Promise<string[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      if (options.skipStored) rows = await notStored(trx, rows);
      const ids: string[] = [];
      // Chunks keep each statement well under SQLite's bound-parameter limit.
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const values = rows.slice(start, start + INSERT_CHUNK).map((row) => {
          const id = randomUUID();
          ids.push(id);
          return {
            id,
            user_id: row.userId,
            record_type: row.recordType,
            title: row.title,
            router: row.router,
            result_total: row.resultTotal,
            data: row.data,
            created_at: row.createdAt,
          };
        });
        await trx.insertInto('operate_history').values(values).execute();
      }
      return ids;
    });
  }

  /** One page, newest first, and the number of matching rows. */
  async page(
    filter: OperateHistoryFilter,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: OperateHistory[] }> {
    const query = this.filtered(filter);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }

  /** Matching rows newest first, at most `limit`, read `batchSize` at a time (keyset on time and id; exports). */
  async *batches(filter: OperateHistoryFilter, limit: number, batchSize = 1000): AsyncGenerator<OperateHistory[]> {
    yield* keysetBatches(
      limit,
      batchSize,
      (after: { createdAt: string; id: string } | undefined, size) => {
        let query = this.filtered(filter).selectAll();
        if (after) {
          const { createdAt, id } = after;
          query = query.where((eb) =>
            eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
          );
        }
        return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).execute();
      },
      (row) => ({ createdAt: row.created_at, id: row.id }),
    );
  }

  async findOwn(userId: string, id: string): Promise<OperateHistory | undefined> {
    return this.db
      .selectFrom('operate_history')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Deletes the owner's rows among `ids`, or all of them; another user's ids are left alone. */
  async deleteOwn(userId: string, ids: readonly string[] | 'all'): Promise<number> {
    let query = this.db.deleteFrom('operate_history').where('user_id', '=', userId);
    if (ids !== 'all') query = query.where('id', 'in', [...ids]);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
