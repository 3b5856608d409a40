/**
 * The server as operators run it, in a process of its own (apps/server/dist/main.js): what a
 * benchmark measures of its event loop is then the server's alone, not the simulated users'.
 * Accounts and sessions are made beforehand through the server's own composition on the same
 * DATA_DIR (no captcha round trip); the spawned server finds them in its database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { REPO_ROOT } from './paths.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const ADMIN_PASSWORD = 'bench-admin-1';

/** The environment of a bench server on `dataDir` (SQLite); `env` adds or overrides. */
function serverEnv(dataDir: string, env: Record<string, string>): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO_CORPUS: 'false',
    LOG_LEVEL: 'warn',
    PATLAS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // Every simulated user comes from 127.0.0.1.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  };
}

/**
 * Bearer tokens for the seeded operator and `users` accounts `bench-user-<i>@bench.local` (made
 * when missing, with the operator's roles), opened on `dataDir` with no server running on it.
 */
export async function openSessions(dataDir: string, users: number): Promise<{ operator: string; users: string[] }> {
  const config = loadConfig(serverEnv(dataDir, { SEARCH_WORKERS: '0', JOB_POLL_MS: '0' }), 'bench');
  const { app, context } = await buildApp(config, { announce: () => undefined });
  try {
    const { users: accounts, tenants } = context.repositories;
    const admin = await accounts.findByEmail('admin@patlas.local');
    if (!admin) throw new Error('no seeded operator');
    const roles = await accounts.roleIdsOf(admin.id);
    const tenant = await tenants.findByCode('default');
    if (!tenant) throw new Error('no default tenant');
    const open = async (userId: string, tenantId: string) =>
      (await context.services.sessions.open({ userId, tenantId, loginType: 'password', ip: null })).accessToken;
    const tokens: string[] = [];
    for (let i = 1; i <= users; i++) {
      const email = `bench-user-${i}@bench.local`;
      let user = await accounts.findByEmail(email);
      if (!user) {
        user = await accounts.create({ email, fullname: `Bench user ${i}`, passwordHash: null, tenantId: tenant.id });
        await accounts.setRoles(user.id, roles);
      }
      tokens.push(await open(user.id, user.tenant_id));
    }
    return { operator: await open(admin.id, admin.tenant_id), users: tokens };
  } finally {
    await app.close();
  }
}

/** This shell's environment without what would point the server at another database or mode. */
function inherited(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  return env;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export class BenchServerProcess {
  private output = '';

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => {
      // The last 64 KB, for a failure's message.
      this.output = (this.output + chunk.toString()).slice(-65_536);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** Spawns the server and waits until it answers /api/health (it may still be starting: see `health`). */
  static async start(dataDir: string, env: Record<string, string> = {}): Promise<BenchServerProcess> {
    const port = await freePort();
    // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=bench/out/prof`
    // (NODE_OPTIONS refuses --cpu-prof, and would profile the simulated users too).
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, MAIN], {
      cwd: REPO_ROOT,
      env: { ...inherited(), ...serverEnv(dataDir, { ...env, PORT: String(port), HOST: '127.0.0.1' }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new BenchServerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${server.output}`);
      try {
        if ((await fetch(`${server.url}/api/health`)).ok) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer in 5 min: ${server.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get log(): string {
    return this.output;
  }

  /** A graceful stop (SIGTERM), as an operator's service manager does. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}
