import type { Kysely, Selectable } from 'kysely';
import type { CompanyRelationsTable, Database } from '../../db/schema.js';

export type CompanyRelationRow = Selectable<CompanyRelationsTable>;

/** Insert batches small enough for SQLite's bound-parameter limit (9 columns a row). */
const BATCH = 500;

/** The imported parent/subsidiary relations (domains/business). */
export class BusinessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces every relation with these, in one transaction. */
  async replaceAll(rows: readonly CompanyRelationRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('company_relations').execute();
      for (let i = 0; i < rows.length; i += BATCH) {
        await trx
          .insertInto('company_relations')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    });
  }

  findByChild(childKey: string): Promise<CompanyRelationRow | undefined> {
    return this.db.selectFrom('company_relations').selectAll().where('child_key', '=', childKey).executeTakeFirst();
  }

  findChildren(parentKeys: readonly string[]): Promise<CompanyRelationRow[]> {
    if (parentKeys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('company_relations')
      .selectAll()
      .where('parent_key', 'in', [...parentKeys])
      .orderBy('line')
      .execute();
  }

  async countChildren(parentKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('company_relations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_key', '=', parentKey)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The imported file's name, time and size (every row of one import shares them). */
  async summary(): Promise<{ relations: number; source: string | null; importedAt: string | null }> {
    const row = await this.db
      .selectFrom('company_relations')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('source').as('source'),
        eb.fn.max('imported_at').as('imported_at'),
      ])
      .executeTakeFirst();
    return { relations: Number(row?.n ?? 0), source: row?.source ?? null, importedAt: row?.imported_at ?? null };
  }
}
