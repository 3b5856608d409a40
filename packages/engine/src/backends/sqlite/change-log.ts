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
    CREATE TRIGGER IF NOT EXISTS doc_cols_logged_update AFTER UPDATE ON doc_cols
      BEGIN INSERT INTO doc_changes (id) VALUES (new.id); END;
    CREATE TRIGGER IF NOT EXISTS doc_cols_logged_delete AFTER DELETE ON doc_cols
      BEGIN INSERT INTO doc_changes (id) VALUES (old.id); END;
  `);
}

/** Entries kept after a trim: a reader further behind reloads every column (~1 s per 100k documents). */
const KEPT_CHANGES = 200_000;

/** Drops the oldest entries of a long log (writers call it after their writes). */
export function trimChangeLog(db: Database.Database): void {
  db.prepare('DELETE FROM doc_changes WHERE seq <= (SELECT max(seq) FROM doc_changes) - ?').run(KEPT_CHANGES);
}

/** What a reader applies to its columns. */
export type ColumnChanges =
  | { kind: 'none' }
  /** Reload every column (first read, a rebuild, or the log was trimmed past this reader). */
  | { kind: 'all' }
  | { kind: 'some'; ids: number[] };

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
      since: db.prepare('SELECT seq, id FROM doc_changes WHERE seq > ? ORDER BY seq').raw(),
    };
  }

  /** Marks everything up to now as seen (after a full load of the columns). */
  markLoaded(): void {
    this.dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    this.schemaVersion = this.db.pragma('schema_version', { simple: true }) as number;
    this.seq = this.stmt.last.get() as number;
  }

  poll(): ColumnChanges {
    const dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    if (dataVersion === this.dataVersion) return { kind: 'none' };
    const schemaVersion = this.db.pragma('schema_version', { simple: true }) as number;
    const first = this.stmt.first.get() as number | null;
    if (schemaVersion !== this.schemaVersion || (first !== null && first > this.seq + 1)) {
      return { kind: 'all' };
    }
    this.dataVersion = dataVersion;
    const ids = new Set<number>();
    for (const [seq, id] of this.stmt.since.iterate(this.seq) as Iterable<[number, number]>) {
      ids.add(id);
      this.seq = seq;
    }
    return ids.size === 0 ? { kind: 'none' } : { kind: 'some', ids: [...ids] };
  }
}
