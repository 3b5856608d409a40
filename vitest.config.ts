import { defineConfig } from 'vitest/config';

const sourceConditions = {
  resolve: { conditions: ['@patlas/source'] },
  ssr: { resolve: { conditions: ['@patlas/source'], externalConditions: ['@patlas/source'] } },
};

/** Server and package test files that mock a module (vi.mock): they run in a fresh module registry each. */
const MOCKING_FILES = ['apps/server/src/domains/search/search-parse-once.routes.test.ts'];
/**
 * Files that bound how long the event loop is held, in main-thread CPU (apps/server/test/event-loop-holds.ts):
 * in a fresh process each, so a heap that earlier files left in a shared worker cannot put a major
 * collection (80 ms seen on CI) into the measurement.
 */
const EVENT_LOOP_FILES = [
  'apps/server/src/domains/image-search/image-features.test.ts',
  'apps/server/src/domains/patent-value/patent-value.rescore.test.ts',
  'packages/engine/src/backends/sqlite/semantic-fill.test.ts',
  'apps/server/src/domains/search/recall-check.holds.test.ts',
  'apps/server/src/domains/search/foreign-syntax.holds.test.ts',
];
/** The same for web test files. */
const MOCKING_WEB_FILES = [
  'apps/web/src/features/auth/LoginPage.test.tsx',
  'apps/web/src/features/patent-detail/components/ValueTab.test.tsx',
  'apps/web/src/features/patent-detail/PatentDetailActions.test.tsx',
];
const WEB_FILES = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vite-plugins/**/*.test.ts'];

/**
 * Unit and integration tests of every workspace, as independent projects that share one pool of
 * workers (all cores), so a slow server file and slow web files run side by side. End-to-end tests
 * have their own config (e2e/vitest.config.ts).
 */
export default defineConfig({
  ...sourceConditions,
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine.
    // The main process only schedules, so every core gets a worker.
    maxWorkers: '100%',
    projects: [
      {
        ...sourceConditions,
        extends: true,
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'bench/**/*.test.ts'],
          // Module imports dominate these files' time (issue 42: 60 → 18 s over 16 server files): a worker
          // keeps what it imported for its next file. Nothing here keeps state in a module between files
          // (each file builds its own app, database and engine); a file that mocks a module runs isolated.
          isolate: false,
          exclude: [...MOCKING_FILES, ...EVENT_LOOP_FILES],
        },
      },
      {
        ...sourceConditions,
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          isolate: false,
          exclude: [...MOCKING_FILES, ...EVENT_LOOP_FILES],
        },
      },
      {
        ...sourceConditions,
        extends: true,
        // vi.mock replaces a module for its file only when the file has a fresh module registry; an
        // event-loop bound is measured on a fresh heap.
        test: { name: 'isolated', include: [...MOCKING_FILES, ...EVENT_LOOP_FILES] },
      },
      {
        ...sourceConditions,
        extends: true,
        test: {
          name: 'web',
          include: WEB_FILES,
          exclude: MOCKING_WEB_FILES,
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // Importing antd, React and the page took about 6 s of a web file's 12 (issue 42): a worker keeps
          // what it imported for its next file. Each file renders into a fresh jsdom document and
          // cleans up after itself (cleanup, vi.unstubAllGlobals); a file that mocks a module runs isolated.
          isolate: false,
        },
      },
      {
        ...sourceConditions,
        extends: true,
        test: {
          name: 'web-isolated',
          include: MOCKING_WEB_FILES,
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
