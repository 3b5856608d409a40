import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file's place (src/ or dist/ of apps/server). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable Patlas reads, with its default. Documented in README.md and docs/ARCHITECTURE.md. */
const EnvSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database, the search index, converted drawings and exports live. */
  DATA_DIR: z.string().min(1).default('./data/local'),
  /** PostgreSQL connection string; when set, app data and the patent store live there instead of SQLite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Load the demo corpus (data/demo) on first start. */
  DEMO_CORPUS: booleanFromEnv.default(true),
  /** Folder of the demo corpus. */
  DEMO_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data/demo')),
  /** Built web app served at /. */
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a shutdown waits for in-flight requests and writes before exiting anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  db: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  demo: { enabled: boolean; dir: string };
  web: { dist: string };
  logLevel: Env['LOG_LEVEL'];
  shutdownTimeoutMs: number;
  version: string;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Every invalid variable is reported at once, one line each,
 * naming the variable (outline's env.ts habit), so a wrong value stops the start with a clear line.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `Invalid environment variable ${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    db: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') },
    demo: { enabled: e.DEMO_CORPUS, dir: path.resolve(e.DEMO_DIR) },
    web: { dist: path.resolve(e.WEB_DIST) },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    version,
  };
}

/** The version of the product, from the root package.json. */
export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
