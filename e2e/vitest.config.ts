import { defineConfig } from 'vitest/config';

// End-to-end: the real built server on a fresh data dir, driven through Debian's Chromium.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.spec.ts'],
    // Loads the e2e corpus once for the run; each spec's server starts on a copy (fixtures/prepared-data.ts).
    globalSetup: ['./fixtures/prepared-data.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // A page that renders after a lazy chunk, a query and a chart: 1 s (vitest's default) is too
    // short on a 2-core CI machine under load. A poll that should fail still fails, 15 s later.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Two spec files at a time: each has its own server (its own data folder copy, and ports of its
    // worker's block: fixtures/server.ts) and its own browser. Most of a spec's time is waiting on
    // the browser and the server, which a second file fills.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
