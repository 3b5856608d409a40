import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The connection under `db` on SQLite: bulk writes use prepared statements on it (PatentRepository). */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

/** Opens the app database: SQLite (WAL) in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
export function openDatabase(dbConfig: Config['db']): DatabaseHandle {
  if (dbConfig.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: dbConfig.url, max: 10 });
    // An idle connection the server ends (restart, failover, an administrator) is reported on the pool:
    // without a listener that error would end the process. The pool replaces the connection on demand.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(path.dirname(dbConfig.file), { recursive: true });
  const sqlite = new BetterSqlite3(dbConfig.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // The patent store's B-trees take random inserts on import: SQLite's default 2 MB cache misses on most.
  sqlite.pragma('cache_size = -65536');
  // An import batch writes ~4 MB: checkpoint every ~40 MB of WAL rather than after every batch, so
  // pages several batches touch reach the file once (about a tenth less import time in the store).
  sqlite.pragma('wal_autocheckpoint = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}
