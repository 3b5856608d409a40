import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { ALL_PERMISSIONS, encryptPassword, type Patent } from '@patlas/contracts';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { hashPassword } from '../src/domains/auth/password.js';
import { DEMO_EMAIL } from '../src/domains/auth/seed.js';

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

/** The dialects to run here: SQLite always, PostgreSQL when reachable (`describe.each(await reachableDialects())`). */
export async function reachableDialects(): Promise<TestDialect[]> {
  const runs = await Promise.all(
    DIALECTS.map(async (d) => [d, d === 'sqlite' || (await isPostgresReachable())] as const),
  );
  return runs.filter(([, ok]) => ok).map(([d]) => d);
}

export interface TestDatabase {
  db: Config['db'];
  dataDir: string;
  drop(): Promise<void>;
}

/** A PostgreSQL database's URL on the test server. */
function pgUrlOf(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Taken while a run builds the migrated template, so that concurrent test workers build it once. */
const TEMPLATE_LOCK = 4_242_042;
let pgTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database at the latest schema, named after the migrations' code, from which each
 * test app's database is copied (CREATE DATABASE … TEMPLATE): migrating PostgreSQL takes 2–4 s,
 * a copy a fraction of that, over about 120 test apps. Built once per schema (under an advisory
 * lock, then renamed into place, so a half-built one is never used) and kept for later runs.
 */
function migratedPgTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const schema = createHash('sha256');
    for (const [name, migration] of Object.entries(MIGRATIONS)) {
      schema.update(name).update(String(migration.up)).update(String(migration.down));
    }
    const name = `patlas_test_tpl_${schema.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const handle = openDatabase({ kind: 'postgres', url: pgUrlOf(building) });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        // A closed pool's server processes may still be exiting: renaming wants none left.
        for (let waited = 0; ; waited += 50) {
          const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            building,
          ]);
          if (open.rows[0].n === 0 || waited > 30_000) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return pgTemplate;
}

/**
 * A fresh database of the given dialect (a temp SQLite file, or a new PostgreSQL database): empty,
 * or with `migrated`, a PostgreSQL one already at the latest schema (the app's start finds nothing
 * to migrate; SQLite migrates in well under a second and is left to the app).
 */
export async function createTestDatabase(
  dialect: TestDialect,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-test-'));
  if (dialect === 'sqlite') {
    return {
      db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const template = migrated ? await migratedPgTemplate() : undefined;
  const name = `patlas_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  return {
    db: { kind: 'postgres', url: pgUrlOf(name) },
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

export const TEST_ADMIN_PASSWORD = 'patlas-admin-test';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig(
    {
      DEMO_CORPUS: 'false',
      // Test apps do not listen (inject); as on loopback, the demo account works with 'patlas-demo'.
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // A known admin password: nothing is printed, and tests can log in as the admin.
      PATLAS_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      // Without the demo corpus the demo account exists only when configured; most tests sign in as it.
      PATLAS_DEMO_PASSWORD: 'patlas-demo',
      // Many logins per test file come from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Route tests (fuzzing among them) search many times a minute as one user.
      SEARCH_RATE_LIMIT_PER_MIN: '100000',
      // Searches on the test thread: no worker start-up per app; the pool's own tests turn it on.
      SEARCH_WORKERS: '0',
      // Documents and alignments on the test thread too; the CPU pool's own tests turn it on, and
      // PATLAS_TEST_CPU_WORKERS=1 runs any test file's costly routes through a real worker.
      CPU_WORKERS: process.env.PATLAS_TEST_CPU_WORKERS ?? '0',
      // Tests call the costly routes many times from one account; the rate-limit test lowers these.
      COSTLY_RATE_LIMIT_PER_MINUTE: '100000',
      FORMAL_REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
      // Tests invite and share by e-mail many times a minute; the enumeration test lowers it.
      RECIPIENT_LOOKUP_RATE_LIMIT_PER_MINUTE: '100000',
    },
    'test',
  );
  return { ...base, ...overrides };
}

export type TestApp = BuiltApp & { close(): Promise<void> };

/** A real app (real database, real migrations) on a fresh database; `close` drops it. */
export async function buildTestApp(
  dialect: TestDialect,
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect, { migrated: true });
  const built = await buildApp(testConfig({ db: database.db, dataDir: database.dataDir, ...overrides }), options);
  return {
    ...built,
    close: async () => {
      await built.app.close();
      await database.drop();
    },
  };
}

/** A clock the tests move by hand (inject with buildTestApp(d, {}, { now: clock.now })). */
export class TestClock {
  private ms: number;
  constructor(start = Date.parse('2026-01-15T08:00:00.000Z')) {
    this.ms = start;
  }
  readonly now = (): Date => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** Stores patents and indexes them, as an import does: searches find them at once. */
export async function indexPatents(t: BuiltApp, patents: Patent[]): Promise<void> {
  const { stored } = await t.context.repositories.patents.upsertMany(patents);
  await t.context.engine.index(stored);
}

// A type alias, not an interface, so that it can be passed as inject headers.
export type AuthHeader = { authorization: string };
/** A test account made by `authHeader`. */
export type TestUser = AuthHeader & { userId: string; email: string };

/** A JSON request as the web app sends it: in `lang`, signed in as `who` (null: no session). */
export function injectJson(
  t: BuiltApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  who: AuthHeader | null,
  lang = 'zh',
) {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
  });
}

/**
 * The POST /api/product calls of a route test: `call` answers the reply; `okData` expects success and
 * answers its data; `fails` expects the error `code` and answers the body (its message). `app` and
 * `defaultUser` are read when a call is made (tests build them in beforeAll).
 */
export function productCalls(app: () => BuiltApp, defaultUser: () => AuthHeader) {
  const call = (url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    injectJson(app(), 'POST', `/api/product${url}`, payload, who, lang);
  const okData = async (url: string, payload: unknown, who: AuthHeader = defaultUser()) => {
    const res = await call(url, payload, who);
    expect(res.json(), `${url} ${res.body}`).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const fails = async (url: string, payload: unknown, code: string, who: AuthHeader = defaultUser(), lang = 'zh') => {
    const res = await call(url, payload, who, lang);
    expect(res.json(), `${url} ${JSON.stringify(payload)}`).toMatchObject({ status: 0, data: { code } });
    return res.json() as { message: string };
  };
  return { call, okData, fails };
}

/** One multipart/form-data body with a single file part named "file", as a browser's upload sends it. */
export function multipartOf(file: Buffer, filename: string, contentType = 'application/octet-stream') {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs one file (see `multipartOf`) as a browser's upload, in `lang`, signed in as `who`. */
export function uploadFile(
  t: BuiltApp,
  url: string,
  file: { content: Buffer; name: string; type?: string },
  who: AuthHeader,
  lang = 'zh',
) {
  const body = multipartOf(file.content, file.name, file.type);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang, authorization: who.authorization },
  });
}

let userCounter = 0;

/**
 * A bearer header for a new account whose one role has exactly `permissions` (default: every
 * permission, /sys included), made directly through the auth repositories (no captcha round trip).
 */
export async function authHeader(t: BuiltApp, permissions: readonly string[] = ALL_PERMISSIONS): Promise<TestUser> {
  const { repositories, services } = t.context;
  userCounter += 1;
  const tag = `${process.pid}-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const role = await repositories.roles.create({ name: `test-role-${tag}`, permissions });
  const tenant = (await repositories.tenants.findByCode('default'))!;
  const user = await repositories.users.create({
    email: `user-${tag}@test.local`,
    fullname: `Test user ${tag}`,
    passwordHash: null,
    tenantId: tenant.id,
  });
  await repositories.users.setRoles(user.id, [role.id]);
  const tokens = await services.sessions.open({
    userId: user.id,
    tenantId: tenant.id,
    loginType: 'password',
    ip: null,
  });
  return { authorization: `Bearer ${tokens.accessToken}`, userId: user.id, email: user.email };
}

/** A bearer header for an existing account (default: the seeded demo user), session opened directly. */
export async function loginAs(t: BuiltApp, email: string = DEMO_EMAIL): Promise<AuthHeader> {
  const { repositories, services } = t.context;
  const user = await repositories.users.findByEmail(email);
  if (!user) throw new Error(`loginAs: no account ${email}`);
  const tokens = await services.sessions.open({
    userId: user.id,
    tenantId: user.tenant_id,
    loginType: 'password',
    ip: null,
  });
  return { authorization: `Bearer ${tokens.accessToken}` };
}

/** Sets an account's password directly (tests of the real login). */
export async function setPassword(t: BuiltApp, email: string, password: string): Promise<void> {
  const user = await t.context.repositories.users.findByEmail(email);
  if (!user) throw new Error(`setPassword: no account ${email}`);
  await t.context.repositories.users.update(user.id, { passwordHash: await hashPassword(password) });
}

/** A fresh captcha and its answer, over HTTP (the answer through the test-mode hook). */
export async function captchaFor(t: BuiltApp): Promise<{ uuid: string; answer: string }> {
  const captcha = await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha' });
  const { uuid } = (captcha.json() as { data: { uuid: string } }).data;
  const hook = await t.app.inject({ method: 'GET', url: `/api/platform/oauth/captcha/test-answer?uuid=${uuid}` });
  return { uuid, answer: (hook.json() as { data: { answer: string } }).data.answer };
}

/** The real password login over HTTP: captcha, encrypted password, POST /oauth/email/token. Answers the raw response. */
export async function passwordLogin(
  t: BuiltApp,
  email: string,
  password: string,
  options: {
    crowdOut?: boolean;
    captcha?: { uuid: string; answer: string };
    remoteAddress?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const captcha = options.captcha ?? (await captchaFor(t));
  return t.app.inject({
    method: 'POST',
    url: '/api/platform/oauth/email/token',
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    payload: {
      email,
      password: encryptPassword(password, captcha.uuid),
      verify_code: captcha.answer,
      uuid: captcha.uuid,
      crowd_out: options.crowdOut ?? false,
    },
  });
}
