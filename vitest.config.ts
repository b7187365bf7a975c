// Unit tests, and the API integration tests on PGlite — and on PostgreSQL too when TEST_DATABASE_URL is set.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/server/src/**/*.api.test.ts'];

/** Each API test file builds its own database (PGlite takes a few seconds to start), so allow for it. */
function apiProject(name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include: apiTests,
      env: { BOTTEGA_TEST_DB: database },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Files run in child processes (PGlite's WebAssembly and argon2 are happiest there), two at a time.
    pool: 'forks',
    maxWorkers: 2,
    // Under CI a JSON report feeds the one-line summary printed by .ci/run (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
