import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { testConfig } from '../../../test/helpers.js';
import { verifyPassword } from './password.js';
import { ADMIN_EMAIL, DEMO_EMAIL } from './seed.js';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('first-start seed', () => {
  it('generates the admin password, prints it once, and is idempotent', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-seed-'));
    const config = testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } });
    const noAdminPassword = { ...config, auth: { ...config.auth, adminPassword: undefined } };
    try {
      const printed: string[] = [];
      const first = await buildApp(noAdminPassword, { announce: (line) => printed.push(line) });
      expect(printed).toHaveLength(1);
      const password = /password (\S+)/.exec(printed[0]!)?.[1];
      const admin = await first.context.repositories.users.findByEmail(ADMIN_EMAIL);
      expect(await verifyPassword(admin!.password_hash!, password!)).toBe(true);
      const rolesBefore = await first.context.repositories.roles.list();
      await first.app.close();

      const second = await buildApp(noAdminPassword, { announce: (line) => printed.push(line) });
      expect(printed).toHaveLength(1);
      expect(await second.context.repositories.roles.list()).toEqual(rolesBefore);
      const demo = await second.context.repositories.users.findByEmail(DEMO_EMAIL);
      expect(await verifyPassword(demo!.password_hash!, 'patlas-demo')).toBe(true);
      await second.app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the demo account (issue 16 §2: it existed with its published password in every installation)', () => {
  const configFor = (dataDir: string, env: Record<string, string>) => {
    const base = testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } });
    return { ...base, auth: { ...base.auth, demoPassword: loadConfig(env).auth.demoPassword } };
  };

  it('exists only with the demo corpus or a configured PATLAS_DEMO_PASSWORD', async () => {
    for (const [env, expected] of [
      [{ DEMO_CORPUS: 'false' }, undefined],
      [{ DEMO_CORPUS: 'false', PATLAS_DEMO_PASSWORD: 'my-own-demo' }, 'my-own-demo'],
      [{ DEMO_CORPUS: 'true' }, 'patlas-demo'],
    ] as const) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-seed-demo-'));
      try {
        const { app, context } = await buildApp(configFor(dataDir, env));
        const demo = await context.repositories.users.findByEmail(DEMO_EMAIL);
        await app.close();
        if (expected === undefined) expect(demo, JSON.stringify(env)).toBeUndefined();
        else expect(await verifyPassword(demo!.password_hash!, expected)).toBe(true);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it("disables an earlier version's demo account that still has the published password once the demo is off", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-seed-demo-'));
    try {
      const first = await buildApp(configFor(dataDir, { DEMO_CORPUS: 'true' }));
      await first.app.close();
      const printed: string[] = [];
      const second = await buildApp(configFor(dataDir, { DEMO_CORPUS: 'false' }), {
        announce: (line) => printed.push(line),
      });
      expect((await second.context.repositories.users.findByEmail(DEMO_EMAIL))?.disabled).toBe(1);
      expect(printed.join('')).toContain(`Disabled ${DEMO_EMAIL}`);
      await second.app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('patlas token create', () => {
  it('prints a working token alone on the last line, from a fresh DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-cli-'));
    try {
      // The child process is configured through its environment, as a user would run it (SQLite, fresh DATA_DIR).
      // eslint-disable-next-line no-restricted-properties
      const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, DEMO_CORPUS: 'false' };
      // the demo account exists without the demo corpus only when configured
      env.PATLAS_DEMO_PASSWORD = 'patlas-demo';
      env.LOG_LEVEL = 'silent';
      delete env.DATABASE_URL;
      const { stdout } = await run(
        process.execPath,
        [
          '--conditions=@patlas/source',
          '--import',
          'tsx',
          'src/cli.ts',
          'token',
          'create',
          '--user',
          DEMO_EMAIL,
          '--name',
          'ci',
        ],
        { cwd: SERVER_DIR, env },
      );
      const lines = stdout.trimEnd().split('\n');
      const token = lines[lines.length - 1]!;
      expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
      // the token opens the API of the same installation
      const { app } = await buildApp(
        testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } }),
      );
      try {
        const menu = await app.inject({
          method: 'POST',
          url: '/api/product/user/menu',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(menu.statusCode).toBe(200);
        expect(menu.json().data.menu).toContain('/search/quick');
      } finally {
        await app.close();
      }
      const unknown = run(
        process.execPath,
        ['--conditions=@patlas/source', '--import', 'tsx', 'src/cli.ts', 'token', 'create', '--user', 'nobody@x.org'],
        {
          cwd: SERVER_DIR,
          env,
        },
      );
      await expect(unknown).rejects.toMatchObject({ code: 1 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // The CLI compiles the server from sources (tsx): 38–42 s on a loaded 2-core machine.
  }, 180_000);
});
