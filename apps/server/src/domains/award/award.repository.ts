import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PatentAwardsTable } from '../../db/schema.js';

export type PatentAwardRow = Selectable<PatentAwardsTable>;

export interface NewAward {
  number: string;
  numberKey: string;
  publicationNumber: string | null;
  award: string;
  /** 0: no year */
  year: number;
}

/** Rows per statement (PostgreSQL binds at most 65,535 parameters; 7 a row). */
const CHUNK = 500;

/** The imported award lists (patent_awards). */
export class AwardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the rows not already held (same number key, award and year); answers how many were new. */
  async insertMany(rows: readonly NewAward[], createdAt: string): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const result = await this.db
        .insertInto('patent_awards')
        .values(
          chunk.map((r) => ({
            id: randomUUID(),
            number: r.number,
            number_key: r.numberKey,
            publication_number: r.publicationNumber,
            award: r.award,
            year: r.year,
            created_at: createdAt,
          })),
        )
        .onConflict((oc) => oc.columns(['number_key', 'award', 'year']).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return inserted;
  }

  /** Every row whose patent the corpus holds (what the index carries). */
  listHeld(): Promise<PatentAwardRow[]> {
    return this.db
      .selectFrom('patent_awards')
      .selectAll()
      .where('publication_number', 'is not', null)
      .orderBy('year')
      .orderBy('award')
      .execute();
  }

  /** Rows not yet matched to a stored record: number and key. */
  listUnresolved(): Promise<Pick<PatentAwardRow, 'id' | 'number'>[]> {
    return this.db
      .selectFrom('patent_awards')
      .select(['id', 'number'])
      .where('publication_number', 'is', null)
      .execute();
  }

  async setPublicationNumber(id: string, publicationNumber: string): Promise<void> {
    await this.db
      .updateTable('patent_awards')
      .set({ publication_number: publicationNumber })
      .where('id', '=', id)
      .execute();
  }

  /** Rows of these stored publication numbers or number keys. */
  findByNumbers(publicationNumbers: readonly string[], keys: readonly string[]): Promise<PatentAwardRow[]> {
    if (publicationNumbers.length === 0 && keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('patent_awards')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(publicationNumbers.length > 0 ? [eb('publication_number', 'in', [...publicationNumbers])] : []),
          ...(keys.length > 0 ? [eb('number_key', 'in', [...keys])] : []),
        ]),
      )
      .orderBy('year', 'desc')
      .orderBy('award')
      .execute();
  }

  /** A page of the list, newest import first; `q` is part of a number or an award. */
  async page(page: number, pageSize: number, q?: string): Promise<{ total: number; rows: PatentAwardRow[] }> {
    // `%` and `_` typed by an operator act as LIKE wildcards: harmless in a filter box.
    const like = q ? `%${q}%` : undefined;
    let base = this.db.selectFrom('patent_awards');
    if (like) {
      base = base.where((eb) =>
        eb.or([
          eb('number', 'like', like),
          eb('publication_number', 'like', like),
          eb('award', 'like', like),
          eb(eb.cast('year', 'text'), 'like', like),
        ]),
      );
    }
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('year', 'desc')
      .orderBy('number')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(total.n), rows };
  }

  async names(): Promise<string[]> {
    const rows = await this.db.selectFrom('patent_awards').select('award').distinct().orderBy('award').execute();
    return rows.map((r) => r.award);
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('patent_awards').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async removeAll(): Promise<number> {
    const result = await this.db.deleteFrom('patent_awards').executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
