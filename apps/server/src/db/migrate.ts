// Migrations run against any schema version, so the database is untyped here.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

const provider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Brings the schema up to date; run at every start (immich) and by `patlas migrate`. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider }).migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/** Undoes every migration (tests run each migration up and down on both dialects). */
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    const result = await migrator.migrateDown();
    if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
    if (!result.results || result.results.length === 0) return;
  }
}
