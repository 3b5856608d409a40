import { segmentWords } from '@patlas/engine';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, maskUrlCredentials, readVersion } from './config.js';
import { demoAccountWarning } from './domains/auth/seed.js';
import { loadDemoCorpusIfNeeded, syncSearchIndex } from './domains/patent/import/import.service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(undefined, readVersion());
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const { app, context, demoAccount } = await buildApp(config);
  // Issue 41: a demo account anyone can sign in to is said at every start (disabled beyond loopback).
  if (demoAccount) process.stderr.write(demoAccountWarning(demoAccount, config.host));
  // Operators' imports the last server process left unfinished are marked interrupted (here, not in
  // compose: a `patlas import` beside a running server must not touch that server's runs).
  await context.services.dataImport.recover();
  // Alert runs the last server process left unfinished resume; none is mailed twice (domains/alert).
  await context.services.alerts.recover();
  // A fresh installation with the demo corpus shows a few special topics on its home page.
  if (config.demo.enabled) await context.services.specialTopics.seedDemoTopics();
  // Until the index is checked against the store and the search workers have opened it (health: starting).
  context.startup.running = true;
  // jieba's dictionary loads before the first request (~350 ms once): the result page's phrase note
  // splits Chinese runs on this thread (domains/search, issue 43), in microseconds once it is loaded.
  segmentWords('预热');
  await app.listen({ port: config.port, host: config.host });
  // JOB_POLL_MS=0 leaves this process out of the job work (another process of the same database runs it).
  context.jobs.worker.start();
  // Drawings stored before (or without) an import, e.g. by an older version: image search indexes them in the background.
  await context.imageIndex.scheduleIndexing();

  const shutdown = new AbortController();
  let semanticTimer: NodeJS.Timeout | undefined;
  // The demo corpus loads in the background on first start: the server answers meanwhile and /api/health shows the count growing.
  const demoLoad = context.repositories.patents
    // Citation rows an import cut short left staged.
    .mergeStagedCitations()
    .then(() => Promise.all([syncSearchIndex(context, shutdown.signal), context.searchReady().catch(() => undefined)]))
    .then(async ([{ verified, repaired }]) => {
      context.startup.running = false;
      if (!verified) app.log.info('search index in step since the last clean shutdown: start-up verify skipped');
      if (repaired > 0) app.log.info({ reindexed: repaired }, 'search index repaired from the store');
      // Records indexed again lost their awards (the AWARD field): the award list sets them again.
      await context.services.awards.syncIndex();
      return loadDemoCorpusIfNeeded(context, { signal: shutdown.signal });
    })
    .then((report) => {
      if (report) {
        app.log.info(
          { ...report.totals, elapsedMs: report.elapsedMs, rejectedSample: report.errors.slice(0, 5) },
          'demo corpus loaded',
        );
      }
      // The semantic space, learned in the background once there is a corpus (or when it outgrew the last one),
      // and the vectors imports left to it. A `patlas import` beside this server leaves them too: looked for every minute.
      if (shutdown.signal.aborted) return;
      semanticTimer = setInterval(() => void context.semanticModel.refresh(), 60_000);
      semanticTimer.unref();
      return context.semanticModel.refresh();
    })
    .catch((err: unknown) => app.log.error({ err }, 'demo corpus load failed'))
    .finally(() => {
      context.startup.running = false;
    });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and writes');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    shutdown.abort();
    clearInterval(semanticTimer);
    await demoLoad; // the current import batch commits, then the loader stops
    await app.close(); // waits for in-flight requests, then closes the database (onClose hook)
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

main().catch((err: unknown) => {
  // A driver's error may quote the connection URL it was given: never its password.
  process.stderr.write(
    `Patlas failed to start: ${maskUrlCredentials(err instanceof Error ? err.message : String(err))}\n`,
  );
  process.exit(1);
});
