import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TEST_ADMIN_PASSWORD } from './helpers.js';

/** apps/server: the child processes run its sources through tsx, as `npm run dev` does. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_ARGS = ['--conditions=@patlas/source', '--import', 'tsx'];

/** The environment a user would give a server or CLI of this DATA_DIR (SQLite, no demo corpus). */
export function processEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_CORPUS: 'false', ...extra };
  env.PATLAS_ADMIN_PASSWORD = TEST_ADMIN_PASSWORD;
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  return env;
}

/** Runs `patlas <args>` on DATA_DIR; answers its exit code and output (a non-zero exit does not throw). */
export async function runCli(
  dataDir: string,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...NODE_ARGS, 'src/cli.ts', ...args], {
      cwd: SERVER_DIR,
      env: processEnv(dataDir),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
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

/** Polls `check` until it answers a value (not undefined), failing after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A real server process (src/main.ts) on DATA_DIR, listening on a free local port. */
export class ServerProcess {
  private output = '';

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /** Starts the server (with `env` added, e.g. SMTP_URL) and waits until /api/health says it has started. */
  static async start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [...NODE_ARGS, 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: processEnv(dataDir, { ...env, PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    try {
      await waitFor('the server to answer /api/health', async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${server.output}`);
        const res = await fetch(`${server.url}/api/health`);
        if (!res.ok) return undefined;
        // The start's index check and the search workers' opening have ended.
        const body = (await res.json()) as { data: { starting: boolean } };
        return body.data.starting ? undefined : true;
      });
    } catch (error) {
      // No caller holds the process yet: left running, it outlived the test run and loaded the machine.
      if (child.exitCode === null) child.kill('SIGKILL');
      throw error;
    }
    return server;
  }

  /** Everything the process wrote, for failure messages. */
  get log(): string {
    return this.output;
  }

  async request(method: string, url: string, token: string, body?: unknown): Promise<Response> {
    const isRaw = body instanceof Uint8Array;
    return fetch(`${this.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: isRaw ? body : JSON.stringify(body) } : {}),
    });
  }

  /** A multipart upload of one file (field `file`), as a browser sends it. */
  async upload(url: string, token: string, name: string, content: Buffer): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    return fetch(`${this.url}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  }

  /** kill -9: no shutdown handler runs, nothing is flushed. */
  async crash(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    await exited;
  }

  /** A graceful stop (SIGTERM): in-flight work ends, the databases close. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}
