import { defineConfig } from 'vitest/config';

// End-to-end: the real built server on a fresh data dir, driven through Debian's Chromium.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
