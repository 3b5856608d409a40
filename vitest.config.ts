import { defineConfig } from 'vitest/config';

const sourceConditions = {
  resolve: { conditions: ['@patlas/source'] },
  ssr: { resolve: { conditions: ['@patlas/source'], externalConditions: ['@patlas/source'] } },
};

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
        },
      },
      {
        ...sourceConditions,
        extends: true,
        test: { name: 'server', include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'] },
      },
      {
        ...sourceConditions,
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vite-plugins/**/*.test.ts'],
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
