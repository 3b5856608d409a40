import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** Where an import came from (data_versions.origin). */
export type DataVersionOrigin = 'demo' | 'cli' | 'upload' | 'other';

/**
 * Data versions (issue 19): one per import, and per record it added or changed a patent_changes
 * row with what changed. An alert run reports the changes of the versions after its watermark.
 */
export class DataVersionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new version, numbered after every other one (a concurrent start retries with the next number). */
  async begin(origin: DataVersionOrigin, startedAt: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const row = await this.db
        .selectFrom('data_versions')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const id = Number(row?.id ?? 0) + 1;
      try {
        await this.db
          .insertInto('data_versions')
          .values({ id, origin, started_at: startedAt, finished_at: null, inserted: 0, updated: 0 })
          .execute();
        return id;
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  async finish(id: number, finishedAt: string, counts: { inserted: number; updated: number }): Promise<void> {
    await this.db
      .updateTable('data_versions')
      .set({ finished_at: finishedAt, ...counts })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Versions a previous process left running (it died mid-import): what they stored stays, and is
   * reported from now on. Called at start, like the interrupted import runs (data-import recover).
   */
  async closeUnfinished(finishedAt: string): Promise<number> {
    const result = await this.db
      .updateTable('data_versions')
      .set({ finished_at: finishedAt })
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * The newest version whose changes are all visible: every version up to it has finished (an
   * import still running holds back the versions after it, so none of its changes is skipped).
   */
  async watermark(): Promise<number> {
    const running = await this.db
      .selectFrom('data_versions')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    if (running?.id !== null && running?.id !== undefined) return Number(running.id) - 1;
    const last = await this.db
      .selectFrom('data_versions')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(last?.id ?? 0);
  }

  /** The newest version, running or not (0 before the first import). */
  async latest(): Promise<number> {
    const last = await this.db
      .selectFrom('data_versions')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(last?.id ?? 0);
  }

  /** Records changed by the versions in (after, upTo], each with the union of what changed. */
  async changesBetween(after: number, upTo: number): Promise<Map<string, number>> {
    const changes = new Map<string, number>();
    if (upTo <= after) return changes;
    const rows = await this.db
      .selectFrom('patent_changes')
      .select(['publication_number', 'fields'])
      .where('version_id', '>', after)
      .where('version_id', '<=', upTo)
      .execute();
    for (const row of rows) {
      changes.set(row.publication_number, (changes.get(row.publication_number) ?? 0) | Number(row.fields));
    }
    return changes;
  }

  /** The records one version added or changed, by publication number (at most `limit`). */
  async publicationNumbersOf(version: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('patent_changes')
      .select('publication_number')
      .where('version_id', '=', version)
      .orderBy('publication_number')
      .limit(limit)
      .execute();
    return rows.map((r) => r.publication_number);
  }

  /**
   * Issue 48 item 5: the records the versions after `version` added (the `new` bit of
   * patent-changes.ts), or only changed (`added: false`): what a search as of `version` leaves out,
   * and what it matches on a later text.
   */
  async recordsAfter(version: number, added: boolean): Promise<string[]> {
    const rows = await this.db
      .selectFrom('patent_changes')
      .select('publication_number')
      .distinct()
      .where('version_id', '>', version)
      .where(sql<number>`(fields & 1)`, '=', added ? 1 : 0)
      .execute();
    return rows.map((r) => r.publication_number);
  }

  async list(limit = 50) {
    return this.db.selectFrom('data_versions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
