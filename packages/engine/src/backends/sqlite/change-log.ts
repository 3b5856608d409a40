import type Database from 'better-sqlite3';

/**
 * Which documents changed since a connection last looked: every connection that holds the
 * in-memory columns (the server's engine, the search workers) learns from it what other
 * connections wrote — a bulk load's writer thread, another process such as the CLI's
 * `patlas import` — and reloads only those documents' columns.
 *
 * Triggers on `doc_cols` log each written or removed id, so every writer (IndexWriter on any
 * connection, whatever its version) logs without knowing of the log. `INSERT OR REPLACE` fires
 * the insert trigger (the replaced row's delete trigger does not run without recursive_triggers),
 * which is all a reader needs. A rebuild (another schema version) drops doc_cols, and changes
 * PRAGMA schema_version: readers then reload everything.
 */
export function createChangeLog(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS doc_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL);
    CREATE TRIGGER IF NOT EXISTS doc_cols_logged_insert AFTER INSERT ON doc_cols
      BEGIN INSERT INTO doc_changes (id) VALUES (new.id); END;
    CREATE TRIGGER IF NOT EXISTS doc_cols_logged_delete AFTER DELETE ON doc_cols
      BEGIN INSERT INTO doc_changes (id) VALUES (old.id); END;
  `);
  // Changing a schema makes every reader reload all its columns once: only when the log is older than this.
  const hasScoreLog = db.prepare(
    "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'doc_cols_logged_score'",
  );
  if (hasScoreLog.get() !== undefined) return;
  db.transaction(() => {
    const columns = new Set((db.pragma('table_info(doc_changes)') as { name: string }[]).map((c) => c.name));
    if (!columns.has('score_only')) {
      db.exec('ALTER TABLE doc_changes ADD COLUMN score_only INTEGER NOT NULL DEFAULT 0');
      db.exec('ALTER TABLE doc_changes ADD COLUMN score REAL');
    }
    // An update that changes only the value score (`pv`, a rescore of a whole cohort) is logged with
    // the score itself: readers set it in place instead of reloading and parsing the document's columns.
    db.exec(`
      DROP TRIGGER IF EXISTS doc_cols_logged_update;
      CREATE TRIGGER doc_cols_logged_update AFTER UPDATE ON doc_cols
        WHEN old.id IS NOT new.id OR json_remove(old.cols, '$.pv') IS NOT json_remove(new.cols, '$.pv')
        BEGIN INSERT INTO doc_changes (id) VALUES (new.id); END;
      CREATE TRIGGER doc_cols_logged_score AFTER UPDATE ON doc_cols
        WHEN old.id IS new.id AND json_remove(old.cols, '$.pv') IS json_remove(new.cols, '$.pv')
        BEGIN INSERT INTO doc_changes (id, score_only, score) VALUES (new.id, 1, json_extract(new.cols, '$.pv')); END;
    `);
  })();
}

/**
 * Entries kept after a trim: a reader further behind reloads every column (~1 s per 100k documents).
 * Enough for a rescore of a whole 1M index (one score-only entry per document, ~1 µs each to apply).
 */
const KEPT_CHANGES = 2_000_000;

/** Drops the oldest entries of a long log (writers call it after their writes). */
export function trimChangeLog(db: Database.Database): void {
  db.prepare('DELETE FROM doc_changes WHERE seq <= (SELECT max(seq) FROM doc_changes) - ?').run(KEPT_CHANGES);
}

/** What a reader applies to its columns. */
export type ColumnChanges =
  | { kind: 'none' }
  /** Reload every column (first read, a rebuild, or the log was trimmed past this reader). */
  | { kind: 'all' }
  /** `ids`: reload these documents' columns; `scores`: set only the value score of these (NaN: none). */
  | { kind: 'some'; ids: number[]; scores: Map<number, number> };

/**
 * One connection's view of the log. `poll` is cheap when nothing changed (PRAGMA data_version
 * moves only when another connection commits), so readers call it before every read.
 */
export class ChangeReader {
  private dataVersion = -1;
  private schemaVersion = -1;
  private seq = 0;
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      last: db.prepare('SELECT coalesce(max(seq), 0) FROM doc_changes').pluck(),
      first: db.prepare('SELECT min(seq) FROM doc_changes').pluck(),
      since: db.prepare('SELECT seq, id, score_only, score FROM doc_changes WHERE seq > ? ORDER BY seq').raw(),
      countSince: db.prepare('SELECT count(*) FROM doc_changes WHERE seq > ? AND score_only = 0').pluck(),
      docsSince: db.prepare('SELECT count(DISTINCT id) FROM doc_changes WHERE seq > ? AND score_only = 0').pluck(),
    };
  }

  /** Marks everything up to now as seen (after a full load of the columns); returns the position. */
  markLoaded(): number {
    this.dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    this.schemaVersion = this.db.pragma('schema_version', { simple: true }) as number;
    this.seq = this.stmt.last.get() as number;
    return this.seq;
  }

  /** The newest position in the log (any connection's writes). */
  latest(): number {
    return this.stmt.last.get() as number;
  }

  /** Whether the log holds every entry after `seq` (not trimmed past it, and `seq` not beyond its end). */
  holdsAfter(seq: number): boolean {
    const first = this.stmt.first.get() as number | null;
    return (first === null || first <= seq + 1) && seq <= (this.stmt.last.get() as number);
  }

  /** The documents written or removed after `seq` (value scores alone not counted). */
  docsChangedAfter(seq: number): number {
    return this.stmt.docsSince.get(seq) as number;
  }

  /**
   * Resumes from columns that reflect the log up to `seq` (a snapshot): the next poll returns what
   * was logged after it. False when the log no longer holds those entries (trimmed past them).
   */
  resumeAt(seq: number): boolean {
    if (!this.holdsAfter(seq)) return false;
    this.schemaVersion = this.db.pragma('schema_version', { simple: true }) as number;
    this.dataVersion = -1;
    this.seq = seq;
    return true;
  }

  /**
   * What changed since the last poll. `maxDocs`: a reader that reloads everything past that many
   * changed documents is told `all` from a count of the entries, without reading them (after a
   * bulk load of the whole corpus, reading the log's 1M entries alone took seconds).
   */
  poll(maxDocs?: number): ColumnChanges {
    const dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    if (dataVersion === this.dataVersion) return { kind: 'none' };
    const schemaVersion = this.db.pragma('schema_version', { simple: true }) as number;
    const first = this.stmt.first.get() as number | null;
    if (schemaVersion !== this.schemaVersion || (first !== null && first > this.seq + 1)) {
      return { kind: 'all' };
    }
    if (maxDocs !== undefined && (this.stmt.countSince.get(this.seq) as number) > maxDocs) return { kind: 'all' };
    this.dataVersion = dataVersion;
    const ids = new Set<number>();
    const scores = new Map<number, number>();
    type Row = [seq: number, id: number, scoreOnly: number, score: number | null];
    for (const [seq, id, scoreOnly, score] of this.stmt.since.iterate(this.seq) as Iterable<Row>) {
      // A reload reads the document as it is now, its latest score included.
      if (scoreOnly === 1) scores.set(id, score ?? Number.NaN);
      else ids.add(id);
      this.seq = seq;
    }
    for (const id of ids) scores.delete(id);
    return ids.size === 0 && scores.size === 0 ? { kind: 'none' } : { kind: 'some', ids: [...ids], scores };
  }
}
