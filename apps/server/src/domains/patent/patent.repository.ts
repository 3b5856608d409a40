import type { Patent } from '@patlas/contracts';
import {
  normalizeApplicationNumber,
  normalizePublicationNumber,
  numberKeysForLookup,
  numberKeysForRecord,
  parsePublicationNumber,
  recordVersion,
} from '@patlas/engine';
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database, NewPatentRow } from '../../db/schema.js';
import { mergePatent } from './merge-patent.js';
import { stableStringify } from '../../kernel/stable-stringify.js';
import { changeBitsOf } from './patent-changes.js';
import { patentTextReader, type PatentTextReader } from './patent-texts.repository.js';

export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The records as stored after merging, for the search index. */
  stored: Patent[];
  /** Kind-less rows folded into the record with the kind (US7130913 into US7130913B2), gone from the store. */
  removed: string[];
  /** Each written record with what changed (patent-changes.ts CHANGE_BITS). */
  changes: { publicationNumber: string; fields: number }[];
  /**
   * Each changed record that was stored before, as it was stored (JSON): written to
   * `patent_revisions` with the import's data version, so a search as of an earlier version
   * matches its earlier content (docs/search-as-of.md).
   */
  revisions: { publicationNumber: string; doc: string }[];
}

/** Canonical form of a record's own publication number (US07000000B2 → US7000000B2). */
export function canonicalPublicationNumber(pn: string): string {
  return normalizePublicationNumber(pn) ?? pn.trim().toUpperCase().replace(/\s+/g, '');
}

const CHUNK = 300;

/** Records written by one SQLite transaction of upsertMany (~100 ms of work for full records). */
const SQLITE_UPSERT_SLICE = 200;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Records cut into parts of about `size`, the versions of one publication (with or without its kind,
 * in any written form) kept in the same part: they merge into one stored record, counted once.
 */
function upsertSlices(records: readonly Patent[], size: number): Patent[][] {
  if (records.length <= size) return [records.slice()];
  const groups = new Map<string, Patent[]>();
  for (const record of records) {
    const key = canonicalPublicationNumber(record.publicationNumber).replace(/[A-Z]\d?$/, '');
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const parts: Patent[][] = [];
  let part: Patent[] = [];
  for (const group of groups.values()) {
    part.push(...group);
    if (part.length >= size) {
      parts.push(part);
      part = [];
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The patent store: whole records by publication number, found by any number form. */
export class PatentRepository {
  private statements: ReturnType<typeof prepareStatements> | undefined;
  /** Imports of this process in progress: while any runs, citation rows are staged (SQLite). */
  private importsRunning = 0;
  private lastStagedBatch = 0;
  /** The data version of the import running in this process: its writes are recorded in patent_changes. */
  private dataVersion: number | undefined;

  /**
   * @param sqlite - the SQLite connection under `db` (SQLite dialect only): imports write through
   *   prepared statements on it.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite?: SqliteHandle,
  ) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('patents')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async getByPublicationNumbers(pns: readonly string[]): Promise<Map<string, Patent>> {
    const found = new Map<string, Patent>();
    for (const part of chunks([...new Set(pns)])) {
      if (part.length === 0) continue;
      const rows = await this.db
        .selectFrom('patents')
        .select(['publication_number', 'doc'])
        .where('publication_number', 'in', part)
        .execute();
      for (const row of rows) found.set(row.publication_number, JSON.parse(row.doc) as Patent);
    }
    return found;
  }

  /**
   * Records as stored: their JSON's UTF-8 bytes, by publication number, for a CPU worker to parse
   * (parsing 500 whole records held the HTTP thread over 100 ms, and handing it their texts as
   * strings 110 ms more; bytes move to a worker without a copy). Read a few at a time, the event
   * loop turning between reads (the SQLite driver answers synchronously).
   */
  async storedDocBytes(pns: readonly string[], perRead = 10): Promise<Map<string, Uint8Array>> {
    const found = new Map<string, Uint8Array>();
    const bytes = this.sqlite ? sql<Uint8Array>`CAST(doc AS BLOB)` : sql<Uint8Array>`convert_to(doc, 'UTF8')`;
    for (const [i, part] of chunks([...new Set(pns)], perRead).entries()) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const rows = await this.db
        .selectFrom('patents')
        .select(['publication_number', bytes.as('bytes')])
        .where('publication_number', 'in', part)
        .execute();
      for (const row of rows) found.set(row.publication_number, row.bytes);
    }
    return found;
  }

  /**
   * Finds the record a user means by a number in any written form. When a number without kind
   * matches several publications (CN…A and CN…B of one application), the newest is answered.
   */
  async findByAnyNumber(input: string): Promise<Patent | undefined> {
    const keys = numberKeysForLookup(input);
    if (keys.length === 0) return undefined;
    const rows = await this.db
      .selectFrom('patent_numbers')
      .innerJoin('patents', 'patents.publication_number', 'patent_numbers.publication_number')
      .select(['patents.publication_number', 'patents.doc', 'patents.publication_date', 'patent_numbers.number_key'])
      .where('patent_numbers.number_key', 'in', keys)
      .execute();
    if (rows.length === 0) return undefined;
    // Prefer the most specific key (the first lookup key is the full number with kind), then the newest.
    rows.sort(
      (a, b) =>
        keys.indexOf(a.number_key) - keys.indexOf(b.number_key) ||
        (b.publication_date ?? '').localeCompare(a.publication_date ?? ''),
    );
    return JSON.parse(rows[0]!.doc) as Patent;
  }

  /**
   * For each written number, the publication number we hold for it (numbers we do not hold are
   * absent). As in findByAnyNumber the most specific key wins: EP1000000B1 must not resolve to
   * EP1000000A1 just because both share the kind-less key.
   */
  async resolveHeldNumbers(numbers: readonly string[]): Promise<Record<string, string>> {
    // key -> the inputs it came from, with the key's rank in each input's lookup list.
    const keyToInputs = new Map<string, { input: string; rank: number }[]>();
    for (const input of new Set(numbers)) {
      numberKeysForLookup(input).forEach((key, rank) => {
        keyToInputs.set(key, [...(keyToInputs.get(key) ?? []), { input, rank }]);
      });
    }
    const best = new Map<string, { rank: number; publicationNumber: string }>();
    for (const part of chunks([...keyToInputs.keys()])) {
      const rows = await this.db
        .selectFrom('patent_numbers')
        .select(['number_key', 'publication_number'])
        .where('number_key', 'in', part)
        .orderBy('publication_number')
        .execute();
      for (const row of rows) {
        for (const { input, rank } of keyToInputs.get(row.number_key) ?? []) {
          const current = best.get(input);
          if (!current || rank < current.rank) best.set(input, { rank, publicationNumber: row.publication_number });
        }
      }
    }
    return Object.fromEntries([...best].map(([input, found]) => [input, found.publicationNumber]));
  }

  /**
   * The records of one application (its publications: A, B, …), found by the application number
   * in any written form; a record counts only when its own application number is that number.
   */
  async findByApplicationNumber(input: string): Promise<Patent[]> {
    const wanted = normalizeApplicationNumber(input);
    if (!wanted) return [];
    const bare = (n: string) => n.replace(/^[A-Z]{2}(?=\d)/, '');
    const country = /^[A-Z]{2}(?=\d)/.exec(wanted)?.[0];
    const rows = await this.db
      .selectFrom('patent_numbers')
      .select('publication_number')
      .where('number_key', 'in', [...new Set([wanted, bare(wanted)])])
      .execute();
    const records = await this.getByPublicationNumbers(rows.map((r) => r.publication_number));
    return [...records.values()]
      .filter((r) => {
        const own = r.applicationNumber ? normalizeApplicationNumber(r.applicationNumber, r.country) : undefined;
        if (!own || bare(own) !== bare(wanted)) return false;
        return !country || !/^[A-Z]{2}(?=\d)/.test(own) || own.startsWith(country);
      })
      .sort(
        (a, b) =>
          (a.publicationDate ?? '').localeCompare(b.publicationDate ?? '') ||
          (a.publicationNumber < b.publicationNumber ? -1 : 1),
      );
  }

  /** Records citing any of these (citing number → the cited records' numbers); an alert's new citations. */
  async citingOf(records: readonly Patent[]): Promise<Map<string, Set<string>>> {
    const citedBy = new Map<string, string[]>();
    for (const record of records) {
      for (const key of numberKeysForRecord(record))
        citedBy.set(key, [...(citedBy.get(key) ?? []), record.publicationNumber]);
    }
    const citing = new Map<string, Set<string>>();
    for (const part of chunks([...citedBy.keys()])) {
      const rows = await this.db
        .selectFrom('patent_citations')
        .select(['citing_number', 'cited_key'])
        .where('cited_key', 'in', part)
        .execute();
      for (const row of rows) {
        const set = citing.get(row.citing_number) ?? new Set<string>();
        for (const pn of citedBy.get(row.cited_key) ?? []) if (pn !== row.citing_number) set.add(pn);
        if (set.size > 0) citing.set(row.citing_number, set);
      }
    }
    return citing;
  }

  /** Publication numbers of the records that cite this one (forward citations found in the corpus). */
  async findCitingNumbers(record: Patent): Promise<string[]> {
    const keys = numberKeysForRecord(record);
    const rows = await this.db
      .selectFrom('patent_citations')
      .select('citing_number')
      .where('cited_key', 'in', keys)
      .where('citing_number', '!=', record.publicationNumber)
      .execute();
    return [...new Set(rows.map((r) => r.citing_number))].sort();
  }

  /**
   * Inserts or merges records by publication number in one transaction. Records must already
   * carry their canonical publication number.
   */
  async upsertMany(records: readonly Patent[], sourceId?: string): Promise<UpsertResult> {
    if (this.sqlite) {
      const sqlite = this.sqlite;
      // A transaction of SQLITE_UPSERT_SLICE records at a time, with a turn of the event loop between:
      // an import's batch of 1,000 full records in one transaction held the HTTP thread 0.5–2.5 s.
      const parts = upsertSlices(records, SQLITE_UPSERT_SLICE);
      const results: UpsertResult[] = [];
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        // Holding Kysely's connection keeps every other query of this process out of the transaction.
        results.push(await this.db.connection().execute(async () => this.upsertSqlite(sqlite, part, sourceId)));
      }
      return {
        inserted: sum(results.map((r) => r.inserted)),
        updated: sum(results.map((r) => r.updated)),
        unchanged: sum(results.map((r) => r.unchanged)),
        stored: results.flatMap((r) => r.stored),
        removed: results.flatMap((r) => r.removed),
        changes: results.flatMap((r) => r.changes),
        revisions: results.flatMap((r) => r.revisions),
      };
    }
    const targets = await this.resolveKindlessTargets(records);
    const incoming = mergeIncoming(records, targets);
    const kindless = await this.findKindlessTwins([...incoming.keys()]);
    const existing = await this.getByPublicationNumbers([...incoming.keys(), ...kindless.values()]);
    const plan = planUpsert(incoming, kindless, existing, sourceId, this.dataVersion !== undefined);
    const { rows, numberRows, citationRows, result } = plan;

    // Every row is worked out first, then written in a few multi-row statements per table:
    // one statement per record made PostgreSQL imports ~5x slower than they need to be.
    await this.db.transaction().execute(async (trx) => {
      // Kind-less twins folded into the record with the kind disappear.
      for (const part of chunks(result.removed)) {
        await trx.deleteFrom('patent_numbers').where('publication_number', 'in', part).execute();
        await trx.deleteFrom('patent_citations').where('citing_number', 'in', part).execute();
        await trx.deleteFrom('patents').where('publication_number', 'in', part).execute();
      }
      // Rows of 12 columns: 80 per statement stays under every driver's parameter limit.
      for (const part of chunks(rows, 80)) {
        await trx
          .insertInto('patents')
          .values(part)
          .onConflict((oc) =>
            oc.column('publication_number').doUpdateSet((eb) => ({
              country: eb.ref('excluded.country'),
              kind: eb.ref('excluded.kind'),
              patent_type: eb.ref('excluded.patent_type'),
              application_number: eb.ref('excluded.application_number'),
              title: eb.ref('excluded.title'),
              application_date: eb.ref('excluded.application_date'),
              publication_date: eb.ref('excluded.publication_date'),
              source_id: eb.ref('excluded.source_id'),
              doc: eb.ref('excluded.doc'),
              updated_at: eb.ref('excluded.updated_at'),
              version: eb.ref('excluded.version'),
            })),
          )
          .execute();
      }
      for (const part of chunks(plan.rewritten)) {
        await trx.deleteFrom('patent_numbers').where('publication_number', 'in', part).execute();
        await trx.deleteFrom('patent_citations').where('citing_number', 'in', part).execute();
      }
      for (const part of chunks(numberRows, 400)) {
        await trx
          .insertInto('patent_numbers')
          .values(part)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      for (const part of chunks(citationRows, 400)) {
        await trx
          .insertInto('patent_citations')
          .values(part)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const version = this.dataVersion;
      if (version !== undefined) {
        for (const part of chunks(result.changes, 400)) {
          await trx
            .insertInto('patent_changes')
            .values(
              part.map((c) => ({ version_id: version, publication_number: c.publicationNumber, fields: c.fields })),
            )
            .execute();
        }
        // A record written twice by one import keeps the content from before the import.
        for (const part of chunks(result.revisions, 200)) {
          await trx
            .insertInto('patent_revisions')
            .values(part.map((r) => ({ version_id: version, publication_number: r.publicationNumber, doc: r.doc })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    });
    return result;
  }

  /**
   * upsertMany on SQLite: the same reads, plan and writes through prepared statements in one
   * synchronous transaction (Kysely builds and prepares every statement anew, which was a fifth
   * of an import's time).
   */
  private upsertSqlite(sqlite: SqliteHandle, records: readonly Patent[], sourceId?: string): UpsertResult {
    const s = (this.statements ??= prepareStatements(sqlite));
    return sqlite.transaction((): UpsertResult => {
      const targets = new Map<string, string>();
      for (const pn of kindlessNumbers(records)) {
        if (targets.has(pn)) continue;
        const target = (s.numberTargets.all(pn) as string[]).find((p) => p !== pn);
        if (target) targets.set(pn, target);
      }
      const incoming = mergeIncoming(records, targets);
      const kindless = new Map<string, string>();
      for (const [base, pn] of kindBases([...incoming.keys()])) {
        if (s.exists.get(base) !== undefined) kindless.set(pn, base);
      }
      const existing = new Map<string, Patent>();
      for (const pn of [...incoming.keys(), ...kindless.values()]) {
        const doc = s.doc.get(pn) as string | undefined;
        if (doc !== undefined) existing.set(pn, JSON.parse(doc) as Patent);
      }
      const plan = planUpsert(incoming, kindless, existing, sourceId, this.dataVersion !== undefined);
      // During an import, citation rows are appended to the staging table and merged at its end.
      const batch = this.importsRunning > 0 ? this.nextStagedBatch() : undefined;
      const dropCitations = (pn: string) => {
        s.deleteCitations.run(pn);
        // Rows this import staged for it before are superseded too.
        if (batch !== undefined) s.stageCitation.run(batch, pn, null);
      };
      for (const pn of plan.result.removed) {
        s.deleteNumbers.run(pn);
        dropCitations(pn);
        s.deletePatent.run(pn);
      }
      for (const row of plan.rows) s.upsertPatent.run(row);
      for (const pn of plan.rewritten) {
        s.deleteNumbers.run(pn);
        dropCitations(pn);
      }
      for (const row of plan.numberRows) s.insertNumber.run(row.number_key, row.publication_number);
      for (const row of plan.citationRows) {
        if (batch !== undefined) s.stageCitation.run(batch, row.citing_number, row.cited_key);
        else s.insertCitation.run(row.citing_number, row.cited_key);
      }
      const version = this.dataVersion;
      if (version !== undefined) {
        for (const change of plan.result.changes) s.insertChange.run(version, change.publicationNumber, change.fields);
        for (const revision of plan.result.revisions)
          s.insertRevision.run(version, revision.publicationNumber, revision.doc);
      }
      return plan.result;
    })();
  }

  /**
   * Marks an import as running: until `endImport`, citation rows go to the staging table (SQLite),
   * and citing records found through them (findCitingNumbers) appear once it ends.
   */
  beginImport(dataVersion?: number): void {
    if (this.sqlite) this.importsRunning++;
    this.dataVersion = dataVersion;
  }

  /** Ends an import started with `beginImport`; the last one of this process merges the staged citations. */
  async endImport(): Promise<void> {
    this.dataVersion = undefined;
    if (!this.sqlite) return;
    this.importsRunning = Math.max(0, this.importsRunning - 1);
    if (this.importsRunning === 0) await this.mergeStagedCitations();
  }

  /**
   * Moves staged citation rows into `patent_citations` (each record's last staged version), in key
   * order. Also run at start: an import cut short leaves its rows staged. Answers the rows merged.
   */
  async mergeStagedCitations(): Promise<number> {
    const sqlite = this.sqlite;
    if (!sqlite) return 0;
    // Each step on the one connection, between the app's own statements (none is inside a transaction).
    const step = <T>(work: () => T): Promise<T> => this.db.connection().execute(async () => work());
    const plan = await step(() => stagedMergePlan(sqlite));
    if (!plan) return 0;
    // A record written twice by the import (rewritten or removed): its last batch is sorted out over
    // every staged row, in one statement.
    if (plan.rewritten) return step(() => mergeStaged(sqlite));
    // Otherwise each record's rows come from one batch: merged STAGED_MERGE_SLICE rows at a time with
    // a turn of the event loop between (in one statement, 100k records held the HTTP thread 3.4 s).
    // Rows staged after the plan (an import started meanwhile) wait for their own import's end.
    let merged = 0;
    for (let after = 0; after < plan.lastRow;) {
      const from = after;
      const slice = await step(() => mergeStagedSlice(sqlite, from, plan.lastRow));
      merged += slice.merged;
      after = slice.through;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return merged;
  }

  /** Staged batches of every process in order: a clock reading, unique within this process. */
  private nextStagedBatch(): number {
    this.lastStagedBatch = Math.max(this.lastStagedBatch + 1, Date.now() * 1000);
    return this.lastStagedBatch;
  }

  /** For incoming numbers without kind: the stored publication with a kind that they belong to. */
  private async resolveKindlessTargets(records: readonly Patent[]): Promise<Map<string, string>> {
    const targets = new Map<string, string>();
    for (const part of chunks([...new Set(kindlessNumbers(records))])) {
      const rows = await this.db
        .selectFrom('patent_numbers')
        .select(['number_key', 'publication_number'])
        .where('number_key', 'in', part)
        .orderBy('publication_number')
        .execute();
      for (const row of rows) {
        if (row.publication_number !== row.number_key && !targets.has(row.number_key)) {
          targets.set(row.number_key, row.publication_number);
        }
      }
    }
    return targets;
  }

  /** For incoming numbers with kind: a stored kind-less record of the same publication, to fold in. */
  private async findKindlessTwins(pns: readonly string[]): Promise<Map<string, string>> {
    const baseOf = kindBases(pns);
    const twins = new Map<string, string>();
    for (const part of chunks([...baseOf.keys()])) {
      const rows = await this.db
        .selectFrom('patents')
        .select('publication_number')
        .where('publication_number', 'in', part)
        .execute();
      for (const row of rows) twins.set(baseOf.get(row.publication_number)!, row.publication_number);
    }
    return twins;
  }

  /**
   * A synchronous reader of stored titles, abstracts and claims by publication number, for the
   * search index (SqliteEngineOptions.textSource); undefined on PostgreSQL, whose reads are async.
   */
  textSource(): PatentTextReader | undefined {
    return this.sqlite ? patentTextReader(this.sqlite) : undefined;
  }

  /** Every stored record, in publication-number order, a batch at a time (keyset paging: constant cost per batch). */
  iterateAll(batchSize = 1000): AsyncGenerator<Patent[]> {
    return this.iterate(batchSize, false);
  }

  /**
   * The stored records that have drawings, as iterateAll pages them. The database keeps the rows
   * without a `"drawings"` key out (a text search, no JSON parse): a few hundred records out of a
   * million carry drawings, and parsing every record on the server's thread at each start blocked
   * requests for seconds.
   */
  iterateWithDrawings(batchSize = 1000): AsyncGenerator<Patent[]> {
    return this.iterate(batchSize, true);
  }

  private async *iterate(batchSize: number, withDrawings: boolean): AsyncGenerator<Patent[]> {
    let after = '';
    for (;;) {
      let query = this.db
        .selectFrom('patents')
        .select(['publication_number', 'doc'])
        .where('publication_number', '>', after);
      if (withDrawings) query = query.where('doc', 'like', '%"drawings"%');
      const rows = await query.orderBy('publication_number').limit(batchSize).execute();
      if (rows.length === 0) return;
      yield rows.map((r) => JSON.parse(r.doc) as Patent);
      after = rows[rows.length - 1]!.publication_number;
    }
  }

  /**
   * Publication numbers and versions of stored records in publication-number order after `after`,
   * at most `limit` (keyset paging: a verify pass reads the store in constant memory). Rows stored
   * before versions existed get theirs here, computed from `doc` and written back.
   */
  async versionPage(after: string, limit: number): Promise<{ publicationNumber: string; version: string }[]> {
    const rows = await this.db
      .selectFrom('patents')
      .select((eb) => [
        'publication_number',
        'version',
        eb.case().when('version', 'is', null).then(eb.ref('doc')).else(null).end().as('legacy_doc'),
      ])
      .where('publication_number', '>', after)
      .orderBy('publication_number')
      .limit(limit)
      .execute();
    const backfill: { publicationNumber: string; version: string }[] = [];
    const page = rows.map((row) => {
      if (row.version !== null) return { publicationNumber: row.publication_number, version: row.version };
      const filled = { publicationNumber: row.publication_number, version: recordVersion(row.legacy_doc ?? '') };
      backfill.push(filled);
      return filled;
    });
    if (backfill.length > 0) {
      await this.db.transaction().execute(async (trx) => {
        for (const { publicationNumber, version } of backfill) {
          // A record rewritten meanwhile has its own version already.
          await trx
            .updateTable('patents')
            .set({ version })
            .where('publication_number', '=', publicationNumber)
            .where('version', 'is', null)
            .execute();
        }
      });
    }
    return page;
  }

  /** Which of these publication numbers (exactly as stored) the store holds. */
  async heldPublicationNumbers(pns: readonly string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (const part of chunks([...new Set(pns)], 500)) {
      const rows = await this.db
        .selectFrom('patents')
        .select('publication_number')
        .where('publication_number', 'in', part)
        .execute();
      for (const row of rows) held.add(row.publication_number);
    }
    return held;
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

/** Numbers of records written without kind (US7130913): they may belong to a stored record with one. */
function kindlessNumbers(records: readonly Patent[]): string[] {
  return records
    .map((r) => r.publicationNumber)
    .filter((pn) => {
      const parsed = parsePublicationNumber(pn);
      return parsed !== undefined && parsed.kind === undefined;
    });
}

/** For numbers with kind: their kind-less form (a stored kind-less twin to fold in), mapped to the number. */
function kindBases(pns: readonly string[]): Map<string, string> {
  const baseOf = new Map<string, string>();
  for (const pn of pns) {
    const parsed = parsePublicationNumber(pn);
    if (parsed?.kind) baseOf.set(`${parsed.country}${parsed.serial}`, pn);
  }
  return baseOf;
}

/**
 * The batch by target publication number: kind-less records join the record that has the kind,
 * and the same publication twice in one batch (two sources in one file) merges in order.
 */
function mergeIncoming(records: readonly Patent[], targets: ReadonlyMap<string, string>): Map<string, Patent> {
  // A kind-less number whose twin with the kind is in the same batch joins it too (the store does not
  // hold the twin yet); the first number in order, as the store's lookup picks it.
  const inBatch = kindBases([...new Set(records.map((r) => r.publicationNumber))].sort().reverse());
  const incoming = new Map<string, Patent>();
  for (const original of records) {
    const pn =
      targets.get(original.publicationNumber) ?? inBatch.get(original.publicationNumber) ?? original.publicationNumber;
    const record = pn === original.publicationNumber ? original : { ...original, publicationNumber: pn };
    incoming.set(pn, mergePatent(incoming.get(pn), record));
  }
  return incoming;
}

interface UpsertPlan {
  result: UpsertResult;
  rows: NewPatentRow[];
  numberRows: { number_key: string; publication_number: string }[];
  citationRows: { citing_number: string; cited_key: string }[];
  /** Written records that were stored before: their old number and citation rows go first. */
  rewritten: string[];
}

/** Every row an upsert writes, worked out from the batch and what the store holds. */
function planUpsert(
  incoming: ReadonlyMap<string, Patent>,
  kindless: ReadonlyMap<string, string>,
  existing: ReadonlyMap<string, Patent>,
  sourceId: string | undefined,
  keepRevisions: boolean,
): UpsertPlan {
  const result: UpsertResult = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    stored: [],
    removed: [],
    changes: [],
    revisions: [],
  };
  const plan: UpsertPlan = { result, rows: [], numberRows: [], citationRows: [], rewritten: [] };
  const now = new Date().toISOString();
  for (const [pn, record] of incoming) {
    const twin = kindless.get(pn);
    const twinRecord = twin ? existing.get(twin) : undefined;
    if (twin && twinRecord) result.removed.push(twin);
    const stored = existing.get(pn);
    const before = twinRecord ? mergePatent(stored, { ...twinRecord, publicationNumber: pn }) : stored;
    const merged = mergePatent(before, record);
    // Key order is only compared, never stored: a new record skips the sorted serialisation.
    if (stored && !twinRecord && stableStringify(stored) === stableStringify(merged)) {
      result.unchanged += 1;
      continue;
    }
    const doc = JSON.stringify(merged);
    plan.rows.push({
      publication_number: pn,
      country: merged.country,
      kind: merged.kind ?? null,
      patent_type: merged.patentType ?? null,
      application_number: merged.applicationNumber ?? null,
      title: merged.title?.text ?? null,
      application_date: merged.applicationDate ?? null,
      publication_date: merged.publicationDate ?? null,
      source_id: merged.source?.id ?? sourceId ?? null,
      doc,
      updated_at: now,
      version: recordVersion(doc),
    });
    if (stored) plan.rewritten.push(pn);
    for (const number_key of numberKeysForRecord(merged)) plan.numberRows.push({ number_key, publication_number: pn });
    const citedKeys = new Set<string>();
    for (const citation of merged.citations ?? []) {
      const key = citedKeyOf(citation.number, citation.country, citation.kind);
      if (key) citedKeys.add(key);
    }
    for (const cited_key of citedKeys) plan.citationRows.push({ citing_number: pn, cited_key });
    if (stored || twinRecord) result.updated += 1;
    else result.inserted += 1;
    result.stored.push(merged);
    const fields = changeBitsOf(before, merged);
    if (fields !== 0) result.changes.push({ publicationNumber: pn, fields });
    // The content a search as of an earlier version matches (a kind-less twin folded in: both as one).
    if (keepRevisions && before && fields !== 0)
      result.revisions.push({ publicationNumber: pn, doc: JSON.stringify(before) });
  }
  return plan;
}

type SqliteHandle = BetterSqlite3.Database;

function prepareStatements(sqlite: SqliteHandle) {
  return {
    numberTargets: sqlite
      .prepare('SELECT publication_number FROM patent_numbers WHERE number_key = ? ORDER BY publication_number')
      .pluck(),
    exists: sqlite.prepare('SELECT 1 FROM patents WHERE publication_number = ?').pluck(),
    doc: sqlite.prepare('SELECT doc FROM patents WHERE publication_number = ?').pluck(),
    upsertPatent: sqlite.prepare(
      `INSERT INTO patents (publication_number, country, kind, patent_type, application_number, title,
         application_date, publication_date, source_id, doc, updated_at, version)
       VALUES (@publication_number, @country, @kind, @patent_type, @application_number, @title,
         @application_date, @publication_date, @source_id, @doc, @updated_at, @version)
       ON CONFLICT (publication_number) DO UPDATE SET country = excluded.country, kind = excluded.kind,
         patent_type = excluded.patent_type, application_number = excluded.application_number,
         title = excluded.title, application_date = excluded.application_date,
         publication_date = excluded.publication_date, source_id = excluded.source_id, doc = excluded.doc,
         updated_at = excluded.updated_at, version = excluded.version`,
    ),
    deletePatent: sqlite.prepare('DELETE FROM patents WHERE publication_number = ?'),
    deleteNumbers: sqlite.prepare('DELETE FROM patent_numbers WHERE publication_number = ?'),
    deleteCitations: sqlite.prepare('DELETE FROM patent_citations WHERE citing_number = ?'),
    insertNumber: sqlite.prepare(
      'INSERT INTO patent_numbers (number_key, publication_number) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    insertCitation: sqlite.prepare(
      'INSERT INTO patent_citations (citing_number, cited_key) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    insertChange: sqlite.prepare(
      'INSERT INTO patent_changes (version_id, publication_number, fields) VALUES (?, ?, ?)',
    ),
    insertRevision: sqlite.prepare(
      'INSERT INTO patent_revisions (version_id, publication_number, doc) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    stageCitation: sqlite.prepare(
      'INSERT INTO patent_citations_staged (batch, citing_number, cited_key) VALUES (?, ?, ?)',
    ),
  };
}

/**
 * Staged rows make at least this share of the rows already merged: the citing-number index is
 * dropped and built again after the merge (one sort instead of a random B-tree insert per row).
 */
const REBUILD_INDEX_SHARE = 0.25;

/** Staged citation rows merged by one transaction of an import's end (~30 ms of work). */
const STAGED_MERGE_SLICE = 5_000;

/** Whether rows are staged, the last one's rowid, and whether a record was written twice. */
function stagedMergePlan(sqlite: SqliteHandle): { lastRow: number; rewritten: boolean } | undefined {
  const lastRow = sqlite.prepare('SELECT max(rowid) FROM patent_citations_staged').pluck().get() as number | null;
  if (lastRow === null) return undefined;
  const rewritten =
    sqlite
      .prepare('SELECT 1 FROM patent_citations_staged WHERE cited_key IS NULL AND rowid <= ? LIMIT 1')
      .pluck()
      .get(lastRow) !== undefined;
  return { lastRow, rewritten };
}

/** The staged rows after `after` (rowid), STAGED_MERGE_SLICE of them up to `lastRow`, merged in one transaction. */
function mergeStagedSlice(sqlite: SqliteHandle, after: number, lastRow: number): { merged: number; through: number } {
  return sqlite.transaction(() => {
    const end = sqlite
      .prepare(
        'SELECT max(rowid) FROM (SELECT rowid FROM patent_citations_staged WHERE rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?)',
      )
      .pluck()
      .get(after, lastRow, STAGED_MERGE_SLICE) as number | null;
    if (end === null) return { merged: 0, through: lastRow };
    const { changes } = sqlite
      .prepare(
        `INSERT INTO patent_citations (citing_number, cited_key)
         SELECT citing_number, cited_key FROM patent_citations_staged WHERE rowid > ? AND rowid <= ?
         ORDER BY cited_key, citing_number
         ON CONFLICT DO NOTHING`,
      )
      .run(after, end);
    sqlite.prepare('DELETE FROM patent_citations_staged WHERE rowid > ? AND rowid <= ?').run(after, end);
    return { merged: changes, through: end };
  })();
}

function mergeStaged(sqlite: SqliteHandle): number {
  if (sqlite.prepare('SELECT 1 FROM patent_citations_staged LIMIT 1').pluck().get() === undefined) return 0;
  return sqlite.transaction((): number => {
    const staged = sqlite.prepare('SELECT count(*) FROM patent_citations_staged').pluck().get() as number;
    const merged = sqlite.prepare('SELECT count(*) FROM patent_citations').pluck().get() as number;
    const rebuild = staged >= merged * REBUILD_INDEX_SHARE;
    if (rebuild) sqlite.exec('DROP INDEX IF EXISTS patent_citations_citing_idx');
    // Every rewrite or removal stages a row without cited_key: without one, each record's rows
    // come from one batch and need no sorting out (100k records: 3.4 s instead of 5.7 s).
    const rewritten =
      sqlite.prepare('SELECT 1 FROM patent_citations_staged WHERE cited_key IS NULL LIMIT 1').pluck().get() !==
      undefined;
    // Per record, its last staged batch; rows in primary-key order append to that index.
    const { changes } = sqlite
      .prepare(
        rewritten
          ? `INSERT INTO patent_citations (citing_number, cited_key)
             SELECT s.citing_number, s.cited_key
             FROM patent_citations_staged s
             JOIN (SELECT citing_number, max(batch) AS batch FROM patent_citations_staged GROUP BY citing_number) last
               ON last.citing_number = s.citing_number AND last.batch = s.batch
             WHERE s.cited_key IS NOT NULL
             ORDER BY s.cited_key, s.citing_number
             ON CONFLICT DO NOTHING`
          : `INSERT INTO patent_citations (citing_number, cited_key)
             SELECT citing_number, cited_key FROM patent_citations_staged WHERE true
             ORDER BY cited_key, citing_number
             ON CONFLICT DO NOTHING`,
      )
      .run();
    if (rebuild) sqlite.exec('CREATE INDEX patent_citations_citing_idx ON patent_citations (citing_number)');
    sqlite.exec('DELETE FROM patent_citations_staged');
    return changes;
  })();
}

/**
 * The key a citation is indexed under: the cited publication number without kind
 * (citations often omit or differ in kind: US7000000 vs US7000000B2).
 */
function citedKeyOf(number: string, country?: string, kind?: string): string | undefined {
  const written = /^[A-Za-z]{2}/.test(number.trim()) ? number : `${country ?? ''}${number}`;
  const keys = numberKeysForLookup(`${written}${kind && !/[A-Z]\d?$/i.test(written) ? kind : ''}`);
  // numberKeysForLookup lists the full form first when a kind is present; the kind-less form follows.
  return keys.find((k) => /^[A-Z]{2}[A-Z]*\d+$/.test(k)) ?? keys[0];
}
