import type { Kysely, Selectable } from 'kysely';
import type { CompanyInfoTable, Database } from '../../db/schema.js';

export type CompanyInfoRow = Selectable<CompanyInfoTable>;

/** Insert batches small enough for SQLite's bound-parameter limit (10 columns a row). */
const BATCH = 400;

/** The operators' imported company information (domains/business, docs/company-fields.md). */
export class CompanyInfoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces every company with these, in one transaction. */
  async replaceAll(rows: readonly CompanyInfoRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('company_info').execute();
      for (let i = 0; i < rows.length; i += BATCH) {
        await trx
          .insertInto('company_info')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    });
  }

  /** The companies of these keys (companyKey). */
  async byKeys(keys: readonly string[]): Promise<CompanyInfoRow[]> {
    if (keys.length === 0) return [];
    return this.db
      .selectFrom('company_info')
      .selectAll()
      .where('company_key', 'in', [...keys])
      .execute();
  }

  /** The names the file marks listed (true) or not listed (false), in file order. */
  async namesByListed(listed: boolean): Promise<string[]> {
    const rows = await this.db
      .selectFrom('company_info')
      .select('name')
      .where('listed', '=', listed ? 1 : 0)
      .orderBy('line')
      .execute();
    return rows.map((r) => r.name);
  }

  async summary(): Promise<{ companies: number; listed: number; source: string | null; importedAt: string | null }> {
    const row = await this.db
      .selectFrom('company_info')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('listed').as('listed'),
        eb.fn.max('source').as('source'),
        eb.fn.max('imported_at').as('imported_at'),
      ])
      .executeTakeFirst();
    return {
      companies: Number(row?.n ?? 0),
      listed: Number(row?.listed ?? 0),
      source: row?.source ?? null,
      importedAt: row?.imported_at ?? null,
    };
  }
}
