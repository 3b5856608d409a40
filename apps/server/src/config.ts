import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_ALERT_CONFIRMATIONS_PER_DAY,
  DEFAULT_MAX_ALERTS_PER_USER,
  DEFAULT_EXPORT_FILE_DAYS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_REWRITE_DAILY_CHARS,
  DEFAULT_TRANSLATE_DAILY_CHARS_PER_ADDRESS,
  DEFAULT_TRANSLATE_DAILY_CHARS_PER_USER,
  DEFAULT_USER_STORAGE_BYTES,
  MAX_IMPORT_FILE_BYTES,
  MAX_USER_FILE_BYTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type RetentionKind,
} from '@patlas/contracts';
import { z } from 'zod';
import { parseLaneConcurrency, type JobLane } from './jobs/lanes.js';

/** The repository root, found from this file's place (src/ or dist/ of apps/server). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default), a number of proxy hops (`1`: one reverse proxy in front), or a
 * comma-separated list of the proxies' addresses/CIDRs. `true` is refused: it made Fastify trust
 * the left-most X-Forwarded-For entry, which the client writes itself (issue 16 §2), so anyone
 * could choose the address used for IP login, rate limits and the audit log.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === 'no' || lower === '0' || lower === '') return false;
    if (lower === 'true' || lower === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every proxy lets any client choose its own address; give the number of proxies in front of Patlas (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a number of hops nor a list of addresses/CIDRs (${wrong.map((w) => JSON.stringify(w)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The passwords of the URLs in a text replaced by `***` (issue 41: a bad SMTP_URL or DATABASE_URL
 * was printed with its credentials). Written for malformed values too: all between `//user:` and
 * the last `@` of the URL counts as the password (a stray `@` or `/` in it is masked with it), and
 * so does a `password=` parameter (PostgreSQL takes one).
 */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(/(\/\/[^\s"'/:@]*):[^\s"']*@/g, '$1:***@')
    .replace(/([?&](?:password|pass|pwd)=)[^&\s"']*/gi, '$1***');
}

/**
 * One variable's value with its password masked: all between `scheme://user:` and the value's last
 * `@` (a malformed password may hold spaces, `@` or `/`), and any `password=` parameter.
 */
function maskUrlValue(value: string): string {
  const head = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*):/i.exec(value);
  const at = value.lastIndexOf('@');
  const masked = head && at >= head[0].length ? `${head[1]}:***${value.slice(at)}` : value;
  return maskUrlCredentials(masked);
}

function maskedValueOf(value: string | undefined): string {
  return value === undefined ? 'undefined' : JSON.stringify(maskUrlValue(value));
}

/**
 * A connection URL of the given schemes that the WHATWG parser accepts: one the driver would
 * refuse later (quoting it in its error) stops the start here, with its password masked.
 */
function connectionUrl(scheme: RegExp, schemeMessage: string) {
  return z.string().superRefine((value, ctx) => {
    if (!scheme.test(value)) {
      ctx.addIssue({ code: 'custom', message: schemeMessage });
      return;
    }
    try {
      new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'not a valid URL (percent-encode special characters of the user name and password)',
      });
    }
  });
}

/** How login captchas are drawn (CAPTCHA_STYLE; domains/auth/captcha-image.ts). */
export const CAPTCHA_STYLES = ['svg', 'distorted'] as const;
export type CaptchaStyle = (typeof CAPTCHA_STYLES)[number];

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Days a kind of row is kept by the retention job: 1 day to 10 years. */
const retentionDays = (days: number) => z.coerce.number().int().min(1).max(3650).default(days);

/** Every environment variable Patlas reads, with its default. Documented in README.md and docs/ARCHITECTURE.md. */
const EnvSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Where the embedded database, the search index, converted drawings and exports live. */
  DATA_DIR: z.string().min(1).default('./data/local'),
  /** PostgreSQL connection string; when set, app data and the patent store live there instead of SQLite. */
  DATABASE_URL: connectionUrl(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
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
  /**
   * Longest time a client may take to send a whole request (headers and body) before it is answered
   * 408 and closed: slow clients cannot hold connections open. Long enough for a 2 GB import upload at ~2.5 MB/s.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(900_000),
  /** A connection with no traffic either way for this long is closed (0: never); above the longest search or export. */
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
  /** How long an idle keep-alive connection waits for its next request. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  /** Password of admin@patlas.local, set when the account is first created; unset = generated and printed once. */
  PATLAS_ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  /**
   * Password of demo@patlas.local, set when the account is first created. The account exists only
   * with the demo corpus (then default: the published `patlas-demo`) or when this is set.
   */
  PATLAS_DEMO_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  /**
   * Issue 41: demo@patlas.local with the published password is disabled while the server listens
   * beyond loopback (HOST other than 127.0.0.1, ::1 or localhost) unless this is true.
   */
  PATLAS_ALLOW_DEMO_ACCOUNTS: booleanFromEnv.default(false),
  /**
   * How login captchas are drawn: `svg` (vector image, the default) or `distorted` (issue 41: a
   * rasterised, warped and speckled PNG that scripts cannot read from the SVG's glyph paths).
   */
  CAPTCHA_STYLE: z.enum(CAPTCHA_STYLES).default('svg'),
  /** Lifetime of an access token; the refresh token lives twice as long (spec 1 §4). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  /** Requests per minute and client address to the login, captcha and IP-login endpoints. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Issue 41: invitations and shares by e-mail per minute and user (each route counted on its own):
   * their answer says whether an address is registered, so they must not serve as a bulk oracle.
   */
  RECIPIENT_LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Behind reverse proxies: how many (a hop count) or which (addresses/CIDRs, comma-separated) may
   * set X-Forwarded-For, the client address of IP login, rate limits and audit. `true` is refused.
   */
  TRUST_PROXY: trustProxyFromEnv.default(false),
  /** 'test' registers test-only hooks (the captcha answer); never set it in production. */
  NODE_ENV: z
    .string()
    .optional()
    .transform((v): 'production' | 'development' | 'test' => (v === 'test' || v === 'development' ? v : 'production')),
  /** SMTP server for account mails (smtp://user:pass@host:port, smtps://…); unset = mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: connectionUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  /** Sender of account mails. */
  MAIL_FROM: z.string().min(3).default('Patlas <no-reply@localhost>'),
  /** The address users open Patlas at; mailed links start with it. Default http://localhost:<PORT>. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Alerts one account may have (issue 41; ALERT_LIMIT_REACHED past it). */
  ALERT_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_ALERTS_PER_USER),
  /** Confirmation mails to new alert recipients one account may send per 24 hours (issue 41; ALERT_CONFIRMATION_LIMIT). */
  ALERT_CONFIRMATIONS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_ALERT_CONFIRMATIONS_PER_DAY),
  /** How often the job worker looks for due jobs (history retention …); 0 turns the worker off in this process. */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Slots of the job lanes (issue 40), e.g. "checks:1,documents:2,writing:1,system:1"; lanes not named keep their defaults. */
  JOB_LANES: z
    .string()
    .default('')
    .transform((value, ctx): Record<JobLane, number> => {
      try {
        return parseLaneConcurrency(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** Days the retention job keeps result-page and semantic-search keys after they were last saved (issue 41). */
  RETENTION_SEARCH_STATES_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.searchStates),
  /** Days failed password checks are kept (the lockout counts 15 minutes of them). */
  RETENTION_LOGIN_FAILURES_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.loginFailures),
  /** Days an image search of a visitor without an account opens by its key (account holders': their history's 180 days). */
  RETENTION_IMAGE_SEARCH_KEYS_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.imageSearchKeys),
  /** Days read messages are kept (unread ones and open invitations stay). */
  RETENTION_READ_MESSAGES_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.readMessages),
  /** Days a library's log lines are kept. */
  RETENTION_LIBRARY_LOGS_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.libraryLogs),
  /** Days an alert's finished runs are kept (the alert's last run stays). */
  RETENTION_ALERT_RUNS_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.alertRuns),
  /** Days finished duplicate checks, pre-evaluations and download tasks are kept (after their file's expiry), with their files. */
  RETENTION_FINISHED_TASKS_DAYS: retentionDays(DEFAULT_RETENTION_DAYS.finishedTasks),
  /** Days a finished export file stays downloadable in the download centre (issue 18); then it is deleted. */
  EXPORT_FILE_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_EXPORT_FILE_DAYS),
  /** Base URL of the machine-translation service; unset = translation is not configured. */
  TRANSLATE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Protocol of TRANSLATE_URL: a LibreTranslate-compatible /translate or an OpenAI-compatible /v1/chat/completions. */
  TRANSLATE_KIND: z.enum(['libretranslate', 'openai']).default('libretranslate'),
  /** Key sent to the translation service (LibreTranslate api_key, OpenAI bearer token). */
  TRANSLATE_API_KEY: z.string().min(1).optional(),
  /** Model named in OpenAI-compatible requests. */
  TRANSLATE_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Most milliseconds a cross-language search waits for its words' translations (issue 43); then it searches without the missing ones. */
  TRANSLATE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  /** Characters one account may have translated per UTC day (issue 41). */
  TRANSLATE_DAILY_CHARS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .default(DEFAULT_TRANSLATE_DAILY_CHARS_PER_USER),
  /** The same per client address for callers without an account (IP-login visitors share it). */
  TRANSLATE_DAILY_CHARS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .default(DEFAULT_TRANSLATE_DAILY_CHARS_PER_ADDRESS),
  /**
   * Base URL of an OpenAI-compatible chat-completions service (…/v1/chat/completions) for assisted
   * writing; unset = assisted writing is not configured.
   */
  LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Bearer token sent to LLM_URL. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** Model named in the chat-completions requests. */
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Longest wait for one answer of LLM_URL; a passage's whole rewrite (retries included) must also fit in it. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
  /** Retries of a request LLM_URL answered 429 or 5xx (or could not be reached), with doubling pauses. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Characters of original text a user may submit for rewriting per UTC day. */
  REWRITE_DAILY_CHARS: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_REWRITE_DAILY_CHARS),
  /**
   * Folder of a local transformers.js sentence-embedding model (ONNX) for semantic search; unset:
   * the shipped word vectors (SEMANTIC_VECTORS_PATH). Never downloaded.
   */
  SEMANTIC_MODEL_PATH: z.string().min(1).optional(),
  /**
   * The shipped word vectors (data/vectors/patlas-ft.vec, trained offline on real patent text,
   * docs/semantic-search.md): text vectors unless SEMANTIC_MODEL_PATH is set, and the expansion
   * of short queries. `off`: vectors learned from the corpus (LSA) and no expansion.
   */
  SEMANTIC_VECTORS_PATH: z.string().min(1).default(path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec')),
  /**
   * Worker threads that run searches, counts, facets, analyses and text-mining samples (each with
   * its own read-only index connection, page cache and in-memory columns); 0 runs them on the
   * HTTP thread, without time budgets.
   */
  SEARCH_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  /**
   * Worker threads that render documents (PDF, Word, spreadsheets answered at once and the report
   * job's files), align the duplicate check's text and run the formal review (docs/cpu-workers.md);
   * 0 runs them on the HTTP thread.
   */
  CPU_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * Budget of one CPU task, waiting for a worker included: past it the worker is stopped (and
   * replaced) and the caller answered CPU_TASK_TIMEOUT. A runaway input never holds a worker for good.
   */
  CPU_TASK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(180_000),
  /**
   * Requests per user (or address, for an IP-login visitor) and minute to each costly route that
   * answers at once: /patent/check, /patentValue/download, /download/pdf, /export/docx,
   * /disclosurePaper/export.
   */
  COSTLY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** The same for /apply/pre/formal, which the editor calls as the text settles (400 ms after typing stops). */
  FORMAL_REVIEW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * Megabytes of costly search conditions' hits each index connection keeps between queries while
   * the index stays the same (a result page's next page, order, filter or chart); 0 keeps none.
   */
  SEARCH_CLAUSE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Time budget of a search, count or facets, queueing included; past it the work is stopped. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Time budget of an analysis, a dashboard's analyses or a text-mining sample. */
  ANALYSIS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Cost (units of a plain search; an analysis 2, text mining 3, +1 per 16 weighted conditions) one
   * user's tasks may have on the search workers at once; their other tasks wait their turn,
   * round-robin with other users'. Unset: SEARCH_WORKERS + 1 (docs/search-workers.md).
   */
  SEARCH_USER_COST: z.coerce.number().int().min(1).max(1000).optional(),
  /** Requests per minute one user (or IP session, or address) may make to each search, count and analysis route. */
  SEARCH_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(300),
  /** NODE_ENV=test only: the search workers count as started this much later (a slow index open, e2e). */
  SEARCH_TEST_START_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** NODE_ENV=test only: the search workers count as started once this file exists (a test opens the gate when it has seen the start). */
  SEARCH_TEST_START_GATE_FILE: z.string().optional(),
  /** Largest file an operator may upload on the import page, in MB (default 2048: 2 GB). */
  IMPORT_MAX_FILE_MB: z.coerce
    .number()
    .positive()
    .max(1024 * 1024)
    .default(MAX_IMPORT_FILE_BYTES / 1024 / 1024),
  /** Largest file of My files, in bytes (default 5 MB, spec 2 §5 "uploads up to 5MB"; at most 1 GB). */
  FILE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 * 1024 * 1024)
    .default(MAX_USER_FILE_BYTES),
  /**
   * Bytes one account may hold in My files, pieces of unfinished chunked uploads included (default
   * 5 GB: 1,000 files of 5 MB; at most 1 TB). A piece or file that would pass it is refused.
   */
  FILE_STORAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 ** 4)
    .default(DEFAULT_USER_STORAGE_BYTES),
});

/** The demo account's password in the README, used when the demo corpus is loaded and none is configured. */
export const PUBLISHED_DEMO_PASSWORD = 'patlas-demo';

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
  /** The HTTP server's timeouts (Fastify requestTimeout, connectionTimeout, keepAliveTimeout). */
  http: { requestTimeoutMs: number; connectionTimeoutMs: number; keepAliveTimeoutMs: number };
  version: string;
  /** 'test' registers test-only hooks (GET /api/platform/oauth/captcha/test-answer). */
  mode: Env['NODE_ENV'];
  /** Fastify's trustProxy: false, a number of hops, or the proxies' addresses/CIDRs (never `true`). */
  trustProxy: false | number | string[];
  auth: {
    /** undefined: generated and printed once when the admin account is created */
    adminPassword: string | undefined;
    /** undefined: no demo account (no demo corpus and PATLAS_DEMO_PASSWORD unset). */
    demoPassword: string | undefined;
    /** PATLAS_ALLOW_DEMO_ACCOUNTS: the demo account works with its published password beyond loopback too. */
    allowExposedDemo: boolean;
    captchaStyle: CaptchaStyle;
    accessTtlSeconds: number;
    rateLimitPerMinute: number;
    /** invitations and shares by e-mail per minute and user (RECIPIENT_LOOKUP_RATE_LIMIT_PER_MINUTE) */
    recipientLookupsPerMinute: number;
  };
  /** smtpUrl unset: mails go to DATA_DIR/outbox as .eml files. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Base of links in mails, without a trailing slash. */
  publicUrl: string;
  /** Caps of an account's alerts and of the confirmation mails to their recipients (issue 41). */
  alerts: { maxPerUser: number; confirmationsPerDay: number };
  /** pollMs 0: this process runs no jobs (another one, or a test calling runDueJobs, does). */
  jobs: {
    pollMs: number;
    /** Jobs each lane runs at once in this process (jobs/lanes.ts). */
    lanes: Record<JobLane, number>;
  };
  /**
   * url unset: the translation calls answer TRANSLATION_NOT_CONFIGURED. dailyCharsPerUser,
   * dailyCharsPerAddress: the daily character budget of an account, and of an address without one.
   */
  translate: {
    url: string | undefined;
    kind: Env['TRANSLATE_KIND'];
    apiKey: string | undefined;
    model: string;
    dailyCharsPerUser: number;
    dailyCharsPerAddress: number;
    /** How long a cross-language search waits for its words' translations. */
    queryTimeoutMs: number;
  };
  /**
   * Assisted writing's language model (url unset: REWRITE_NOT_CONFIGURED). retryBaseMs: the first
   * pause before a retry (doubling after; a Retry-After header wins), not an environment variable.
   */
  llm: {
    url: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    maxRetries: number;
    retryBaseMs: number;
  };
  /** Assisted writing: characters per user and UTC day. */
  rewrite: { dailyChars: number };
  /**
   * modelPath: an operator's sentence-embedding model; vectorsPath: the shipped word vectors
   * (undefined: off, then vectors learned from the corpus).
   */
  semantic: { modelPath: string | undefined; vectorsPath: string | undefined };
  /** The operators' import page: the largest uploaded file. */
  imports: { maxFileBytes: number };
  /** The download centre: days a finished file is kept. */
  exports: { fileDays: number };
  /** Days the daily retention job keeps each kind of row (issue 41; contracts DEFAULT_RETENTION_DAYS). */
  retention: Record<RetentionKind, number>;
  /** My files: the largest file (FILE_UPLOAD_MAX_BYTES) and an account's bytes (FILE_STORAGE_MAX_BYTES). */
  files: { maxFileBytes: number; maxStorageBytes: number };
  /** workers 0: searches run on the HTTP thread, without budgets. */
  search: { workers: number; timeoutMs: number; analysisTimeoutMs: number; clauseCacheMb?: number };
  /**
   * workers: the CPU pool's threads (0: on the HTTP thread); costlyPerMinute, formalReviewPerMinute:
   * a costly route's requests per user and minute.
   */
  cpu: { workers: number; taskTimeoutMs: number; costlyPerMinute: number; formalReviewPerMinute: number };
  /**
   * Issue 40: each user's share of the search workers (ownerCost undefined: workers + 1), the
   * per-user rate limit of the search, count and analysis routes, and (tests only) a held start.
   */
  searchFairness: {
    ownerCost: number | undefined;
    ratePerMinute: number;
    testStartDelayMs: number;
    testStartGateFile?: string;
  };
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
        `Invalid environment variable ${issue.path.join('.')}=${
          // never echo a secret into the logs
          /PASSWORD|API_KEY/.test(String(issue.path[0])) ? '(hidden)' : maskedValueOf(env[String(issue.path[0])])
        }: ${issue.message}`,
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
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    version,
    mode: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY,
    auth: {
      adminPassword: e.PATLAS_ADMIN_PASSWORD,
      // Issue 16 §2: the demo account with its published password existed in every installation.
      demoPassword: e.PATLAS_DEMO_PASSWORD ?? (e.DEMO_CORPUS ? PUBLISHED_DEMO_PASSWORD : undefined),
      allowExposedDemo: e.PATLAS_ALLOW_DEMO_ACCOUNTS,
      captchaStyle: e.CAPTCHA_STYLE,
      accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      rateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      recipientLookupsPerMinute: e.RECIPIENT_LOOKUP_RATE_LIMIT_PER_MINUTE,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    alerts: { maxPerUser: e.ALERT_MAX_PER_USER, confirmationsPerDay: e.ALERT_CONFIRMATIONS_PER_DAY },
    jobs: { pollMs: e.JOB_POLL_MS, lanes: e.JOB_LANES },
    translate: {
      url: e.TRANSLATE_URL,
      kind: e.TRANSLATE_KIND,
      apiKey: e.TRANSLATE_API_KEY,
      model: e.TRANSLATE_MODEL,
      dailyCharsPerUser: e.TRANSLATE_DAILY_CHARS_PER_USER,
      dailyCharsPerAddress: e.TRANSLATE_DAILY_CHARS_PER_ADDRESS,
      queryTimeoutMs: e.TRANSLATE_QUERY_TIMEOUT_MS,
    },
    llm: {
      url: e.LLM_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
      retryBaseMs: 1000,
    },
    rewrite: { dailyChars: e.REWRITE_DAILY_CHARS },
    semantic: {
      modelPath: e.SEMANTIC_MODEL_PATH,
      vectorsPath: e.SEMANTIC_VECTORS_PATH === 'off' ? undefined : path.resolve(e.SEMANTIC_VECTORS_PATH),
    },
    imports: { maxFileBytes: Math.round(e.IMPORT_MAX_FILE_MB * 1024 * 1024) },
    exports: { fileDays: e.EXPORT_FILE_DAYS },
    retention: {
      searchStates: e.RETENTION_SEARCH_STATES_DAYS,
      loginFailures: e.RETENTION_LOGIN_FAILURES_DAYS,
      imageSearchKeys: e.RETENTION_IMAGE_SEARCH_KEYS_DAYS,
      readMessages: e.RETENTION_READ_MESSAGES_DAYS,
      libraryLogs: e.RETENTION_LIBRARY_LOGS_DAYS,
      alertRuns: e.RETENTION_ALERT_RUNS_DAYS,
      finishedTasks: e.RETENTION_FINISHED_TASKS_DAYS,
    },
    files: { maxFileBytes: e.FILE_UPLOAD_MAX_BYTES, maxStorageBytes: e.FILE_STORAGE_MAX_BYTES },
    search: {
      workers: e.SEARCH_WORKERS,
      timeoutMs: e.SEARCH_TIMEOUT_MS,
      analysisTimeoutMs: e.ANALYSIS_TIMEOUT_MS,
      clauseCacheMb: e.SEARCH_CLAUSE_CACHE_MB,
    },
    cpu: {
      workers: e.CPU_WORKERS,
      taskTimeoutMs: e.CPU_TASK_TIMEOUT_MS,
      costlyPerMinute: e.COSTLY_RATE_LIMIT_PER_MINUTE,
      formalReviewPerMinute: e.FORMAL_REVIEW_RATE_LIMIT_PER_MINUTE,
    },
    searchFairness: {
      ownerCost: e.SEARCH_USER_COST,
      ratePerMinute: e.SEARCH_RATE_LIMIT_PER_MIN,
      testStartDelayMs: e.NODE_ENV === 'test' ? e.SEARCH_TEST_START_DELAY_MS : 0,
      ...(e.NODE_ENV === 'test' && e.SEARCH_TEST_START_GATE_FILE
        ? { testStartGateFile: e.SEARCH_TEST_START_GATE_FILE }
        : {}),
    },
  };
}

/** The version of the product, from the root package.json. */
export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
