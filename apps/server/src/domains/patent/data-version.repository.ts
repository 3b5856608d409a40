import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** Records whose earlier content is read in one statement (revisionsAsOf). */
const REVISION_READ_PART = 100;

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

  /**
   * Issue 48 item 5: the records the versions after `version` changed (not added), each with its
   * content as of `version` when it is kept: the revision written by the first of those versions
   * (patent_revisions). Past `limit` records none is read: `changed` is then `limit + 1` ("more").
   */
  async revisionsAsOf(
    version: number,
    limit: number,
  ): Promise<{ changed: number; revisions: Map<string, string>; notKept: string[] }> {
    // A record added after `version` is left out of the search whatever changed it later. DISTINCT
    // with LIMIT stops reading at limit + 1 records.
    const changed = await this.db
      .selectFrom('patent_changes')
      .select('publication_number')
      .distinct()
      .where('version_id', '>', version)
      .where(sql<number>`(fields & 1)`, '=', 0)
      .where(({ eb, selectFrom }) =>
        eb(
          'publication_number',
          'not in',
          selectFrom('patent_changes as added')
            .select('added.publication_number')
            .where('added.version_id', '>', version)
            .where(sql<number>`(added.fields & 1)`, '=', 1),
        ),
      )
      .limit(limit + 1)
      .execute();
    const revisions = new Map<string, string>();
    if (changed.length > limit) return { changed: changed.length, revisions, notKept: [] };
    const numbers = changed.map((r) => r.publication_number).sort();
    const firstOf = new Map<string, number>();
    // In parts of 100, yielding to the event loop between them: SQLite reads are synchronous, and
    // 1,000 documents read at once held the HTTP thread for 80–100 ms.
    for (let at = 0; at < numbers.length; at += REVISION_READ_PART) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      const part = numbers.slice(at, at + REVISION_READ_PART);
      const firsts = await this.db
        .selectFrom('patent_changes')
        .select(['publication_number', (eb) => eb.fn.min('version_id').as('first')])
        .where('version_id', '>', version)
        .where('publication_number', 'in', part)
        .groupBy('publication_number')
        .execute();
      for (const row of firsts) firstOf.set(row.publication_number, Number(row.first));
      // By the primary key (publication_number, version_id).
      const rows = await this.db
        .selectFrom('patent_revisions')
        .select(['publication_number', 'version_id', 'doc'])
        .where('publication_number', 'in', part)
        .where('version_id', '>', version)
        .execute();
      for (const row of rows) {
        if (Number(row.version_id) === firstOf.get(row.publication_number))
          revisions.set(row.publication_number, row.doc);
      }
    }
    return { changed: numbers.length, revisions, notKept: numbers.filter((n) => !revisions.has(n)) };
  }

  async list(limit = 50) {
    return this.db.selectFrom('data_versions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
