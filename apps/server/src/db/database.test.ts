import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isPostgresReachable, type TestDatabase } from '../../test/helpers.js';
import { openDatabase, type DatabaseHandle } from './database.js';

const postgres = await isPostgresReachable();

describe.runIf(postgres)('the PostgreSQL app database', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = openDatabase(database.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('survives the server ending an idle connection, and serves the next query on a new one', async () => {
    if (database.db.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = first.rows[0]!.pid;
      // Another session ends the pooled (now idle) connection, as a restart or an administrator does.
      const admin = new pg.Client({ connectionString: database.db.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect
        .poll(() => warnings.some((w) => w.includes('PostgreSQL connection lost')), { timeout: 10_000 })
        .toBe(true);
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
