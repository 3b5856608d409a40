#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, MAX_INPUT_LENGTH } from '@patlas/contracts';
import cliProgress from 'cli-progress';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, maskUrlCredentials, readVersion } from './config.js';
import { differencesOf, verifySearchIndex } from './domains/patent/import/index-verify.js';
import { runImport } from './domains/patent/import/import.service.js';
import type { ImportProgress } from './domains/patent/import/import-files.js';
import { FORMATS } from './domains/patent/import/registry.js';

const HELP = `Usage: patlas <command> [options]

Commands:
  import [--format <id>] [--quiet] <files…>   import patent files into DATA_DIR's store (or DATABASE_URL)
  index verify [--repair]                     compare the search index with the store record by record;
                                              --repair re-indexes missing and stale records, removes extra ones
  migrate                                     bring the database schema up to date
  formats                                     list the import formats
  token create --user <email> [--name <name>] [--days <n>] create a personal API token (lives n days, default 90, at most 365); prints it alone on the last line

Exit code of import: 0 when every record was imported, 2 when some were rejected, 1 on failure.
Exit code of index verify: 0 when the index matches the store (or was repaired), 2 when it differs, 1 on failure.`;

function formatMb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

async function commandImport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, quiet: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length === 0) {
    process.stdout.write(
      `${HELP}\n\nFormats:\n${FORMATS.map((f) => `  ${f.id.padEnd(28)} ${f.description}`).join('\n')}\n`,
    );
    return positionals.length === 0 && !values.help ? 1 : 0;
  }
  const config = loadConfig(undefined, readVersion());
  // The CLI writes to the store directly: quiet logs, no demo load, no search (so no in-memory columns).
  const { app, context } = await buildApp(
    { ...config, logLevel: 'warn', demo: { ...config.demo, enabled: false } },
    { engineColumns: 'first-use' },
  );
  const files = positionals.map((f) => path.resolve(f));
  const started = Date.now();
  const isTty = Boolean(process.stderr.isTTY) && !values.quiet;
  const bar = new cliProgress.SingleBar(
    {
      format:
        '{bar} {percentage}% | {mb}/{totalMb} MB | {records} records, {rejected} rejected | {rate} rec/s | ETA {eta_formatted} | {file}',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let lastLine = 0;
  const onProgress = (p: ImportProgress) => {
    const seconds = (Date.now() - started) / 1000;
    const payload = {
      mb: formatMb(p.bytesRead),
      totalMb: formatMb(p.bytesTotal),
      records: p.records,
      rejected: p.rejected,
      rate: seconds > 0 ? Math.round(p.records / seconds) : 0,
      file: path.basename(p.file),
    };
    if (isTty) {
      if (!bar.isActive) bar.start(Math.max(p.bytesTotal, 1), 0, payload);
      bar.update(Math.min(p.bytesRead, p.bytesTotal), payload);
    } else if (!values.quiet && Date.now() - lastLine > 2000) {
      // Not a terminal (CI, pipes): one line every two seconds instead of a redrawn bar.
      lastLine = Date.now();
      const pct = p.bytesTotal > 0 ? Math.round((100 * p.bytesRead) / p.bytesTotal) : 0;
      const eta = p.bytesRead > 0 ? Math.round((seconds * (p.bytesTotal - p.bytesRead)) / p.bytesRead) : 0;
      process.stderr.write(
        `${pct}% ${payload.records} records ${payload.rejected} rejected ${payload.rate} rec/s ETA ${eta}s ${payload.file}\n`,
      );
    }
  };
  try {
    const report = await runImport(context, files, {
      ...(values.format ? { format: values.format } : {}),
      origin: 'cli',
      onProgress,
      onError: (e) => {
        if (isTty) bar.stop();
        process.stderr.write(`rejected ${e.file}${e.line ? `:${e.line}` : ''}: ${e.error}\n`);
      },
    });
    if (bar.isActive) bar.stop();
    for (const f of report.files) {
      process.stdout.write(
        `${f.file} [${f.format}]: ${f.read} read, ${f.inserted} new, ${f.updated} updated, ${f.unchanged} unchanged, ${f.rejected} rejected\n`,
      );
    }
    const t = report.totals;
    const rate = report.elapsedMs > 0 ? Math.round((t.read * 1000) / report.elapsedMs) : t.read;
    process.stdout.write(
      `total: ${t.read} read, ${t.inserted} new, ${t.updated} updated, ${t.unchanged} unchanged, ${t.rejected} rejected in ${(report.elapsedMs / 1000).toFixed(1)} s (${rate} records/s)\n`,
    );
    return t.rejected > 0 ? 2 : 0;
  } finally {
    await app.close();
  }
}

async function commandIndex(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { repair: { type: 'boolean', default: false } },
  });
  if (positionals[0] !== 'verify' || positionals.length > 1) {
    process.stderr.write('Usage: patlas index verify [--repair]\n');
    return 1;
  }
  const config = loadConfig(undefined, readVersion());
  // As import: the store and the index files directly, no demo load, in-memory columns only if needed.
  const { app, context } = await buildApp(
    { ...config, logLevel: 'warn', demo: { ...config.demo, enabled: false } },
    { engineColumns: 'first-use' },
  );
  try {
    const report = await verifySearchIndex(context, { repair: values.repair });
    const differences = differencesOf(report);
    const outcome =
      differences === 0
        ? 'the index matches the store'
        : report.repaired
          ? `${differences} repaired`
          : `${differences} to repair (run \`patlas index verify --repair\`)`;
    process.stdout.write(
      `index verify: ${report.stored} stored, ${report.indexed} indexed, ${report.missing} missing, ${report.stale} stale, ${report.extra} extra: ${outcome} in ${(report.elapsedMs / 1000).toFixed(1)} s\n`,
    );
    return differences === 0 || report.repaired ? 0 : 2;
  } finally {
    await app.close();
  }
}

async function commandMigrate(): Promise<number> {
  const config = loadConfig(undefined, readVersion());
  const { app } = await buildApp({ ...config, logLevel: 'warn' });
  await app.close();
  process.stdout.write('database schema is up to date\n');
  return 0;
}

async function commandToken(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { user: { type: 'string' }, name: { type: 'string' }, days: { type: 'string' } },
  });
  if (positionals[0] !== 'create' || !values.user) {
    process.stderr.write('Usage: patlas token create --user <email> [--name <name>] [--days <n>]\n');
    return 1;
  }
  const days = values.days === undefined ? API_TOKEN_DEFAULT_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > API_TOKEN_MAX_DAYS) {
    process.stderr.write(`--days must be a whole number from 1 to ${API_TOKEN_MAX_DAYS}\n`);
    return 1;
  }
  if (values.name !== undefined && (values.name.trim() === '' || values.name.length > MAX_INPUT_LENGTH)) {
    process.stderr.write(`--name must be 1 to ${MAX_INPUT_LENGTH} characters\n`);
    return 1;
  }
  const config = loadConfig(undefined, readVersion());
  const { app, context } = await buildApp(
    { ...config, logLevel: 'warn', demo: { ...config.demo, enabled: false } },
    // The generated admin password of a first start must not end up before the token on stdout.
    { announce: (line) => process.stderr.write(line) },
  );
  try {
    const user = await context.repositories.users.findByEmail(values.user);
    if (!user) {
      process.stderr.write(`No account with the e-mail ${values.user}\n`);
      return 1;
    }
    const created = await context.services.apiTokens.create(
      { userId: user.id, email: user.email },
      values.name ?? `cli ${new Date().toISOString().slice(0, 10)}`,
      null,
      days,
    );
    process.stderr.write(
      `Created API token "${created.name}" for ${user.email}, valid until ${created.expiresAt}; it is shown this once:\n`,
    );
    process.stdout.write(`${created.token}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'import':
      return commandImport(rest);
    case 'index':
      return commandIndex(rest);
    case 'migrate':
      return commandMigrate();
    case 'token':
      return commandToken(rest);
    case 'formats':
      process.stdout.write(`${FORMATS.map((f) => `${f.id.padEnd(28)} ${f.description}`).join('\n')}\n`);
      return 0;
    default:
      process.stdout.write(`${HELP}\n`);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `${maskUrlCredentials(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err))}\n`,
    );
    process.exit(1);
  },
);
