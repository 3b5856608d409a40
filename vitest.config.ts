import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  resolve: { conditions: ['@patlas/source'] },
  ssr: { resolve: { conditions: ['@patlas/source'], externalConditions: ['@patlas/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
