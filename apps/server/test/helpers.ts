import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';

/** Where the server-mode tests find PostgreSQL (CI machines have one on 127.0.0.1:5432, user postgres, trust auth). */
const PG_ADMIN_URL = process.env.PATLAS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let pgReachable: Promise<boolean> | undefined;

/** True when PostgreSQL answers; with CI=true its absence is a failure, not a skip. */
export function isPostgresReachable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL is not reachable at ${PG_ADMIN_URL}`);
      console.warn(`[patlas tests] PostgreSQL not reachable at ${PG_ADMIN_URL}: PostgreSQL variants skipped.`);
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgReachable;
}

/** The dialects the database tests run against: SQLite always, PostgreSQL when reachable (always with CI=true). */
export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];

export interface TestDatabase {
  db: Config['db'];
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given dialect (a temp SQLite file, or a new PostgreSQL database). */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-test-'));
  if (dialect === 'sqlite') {
    return {
      db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `patlas_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    db: { kind: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DEMO_CORPUS: 'false', LOG_LEVEL: 'silent' }, 'test');
  return { ...base, ...overrides };
}

/** A real app (real database, real migrations) on a fresh database; `close` drops it. */
export async function buildTestApp(
  dialect: TestDialect,
  overrides: Partial<Config> = {},
): Promise<BuiltApp & { close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const built = await buildApp(testConfig({ db: database.db, dataDir: database.dataDir, ...overrides }));
  return {
    ...built,
    close: async () => {
      await built.app.close();
      await database.drop();
    },
  };
}
