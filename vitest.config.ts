// Unit tests, and the API integration tests on PGlite — and on PostgreSQL too when TEST_DATABASE_URL
// is set, and across server processes through Redis when TEST_REDIS_URL is set.
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Each API test file builds its own database (PGlite takes a few seconds to start), so allow for it. `isolate` false
 * lets the files a worker runs share its loaded modules: importing the server (Drizzle, pdf.js, every module) took
 * seconds per file, half the suite's time. Every file still builds its own app and database; a file must leave nothing
 * global behind it (fake timers restored after each test, no job kinds defined twice).
 */
function project(
  name: string,
  include: string[],
  env: Record<string, string> = {},
  isolate = true,
  exclude: string[] = [],
  setupFiles: string[] = [],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include,
      // The third-party samples beside the repository are `npm run test:samples`' (vitest.samples.config.ts).
      exclude: [...configDefaults.exclude, '**/*.samples.test.ts', ...exclude],
      env,
      setupFiles,
      testTimeout: 20_000,
      hookTimeout: 60_000,
      isolate,
    },
  };
}

const apiTests = ['apps/server/src/**/*.api.test.ts'];
const unitTests = [
  'packages/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
  'apps/web/scripts/**/*.test.ts',
  'apps/server/src/**/*.unit.test.ts',
  'scripts/**/*.test.ts',
];
/** The unit files that replace modules or globals (vi.mock, vi.stubGlobal …): each runs in modules of its own. */
const unitTestsThatMock = [
  'apps/web/src/ui/toast-clearance.test.ts',
  'apps/web/src/club/club-i18n.test.ts',
  'apps/web/src/features/auth/webauthn.test.ts',
  'apps/web/src/features/cash-register/cash-day.test.ts',
  'apps/web/src/lib/i18n.test.ts',
  'scripts/ci-strictness.test.ts',
];
const projects = [
  // The rest share their worker's modules, as the API files do: importing them again for every file was most of the
  // project's time (40 s of imports for 22 s of tests).
  project('unit', unitTests, {}, false, unitTestsThatMock),
  project('unit-isolated', unitTestsThatMock),
  project('api-pglite', apiTests, { BOTTEGA_TEST_DB: 'pglite' }, false),
  // The suites that keep files run again with the files in a bucket of a local S3-protocol server (s3rver).
  project(
    'api-s3',
    [
      'apps/server/src/**/*.s3.test.ts',
      'apps/server/src/modules/files/files.api.test.ts',
      'apps/server/src/modules/employees/employees.api.test.ts',
      'apps/server/src/modules/cash-register/cash-report-attachments.api.test.ts',
      'apps/server/src/modules/payslips/payslips.api.test.ts',
      'apps/server/src/modules/automation/automation.api.test.ts',
    ],
    { BOTTEGA_TEST_DB: 'pglite', BOTTEGA_TEST_STORAGE: 's3' },
    false,
  ),
];
// Tests only PostgreSQL can run (several server processes on one database) join its project.
const postgresTests = [...apiTests, 'apps/server/src/**/*.postgres.test.ts'];
if (process.env.TEST_DATABASE_URL)
  projects.push(
    project(
      'api-postgres',
      postgresTests,
      { BOTTEGA_TEST_DB: 'postgres' },
      false,
      [],
      ['apps/server/test/one-statement-per-connection.ts'],
    ),
  );
if (process.env.TEST_REDIS_URL) projects.push(project('redis', ['apps/server/src/**/*.redis.test.ts']));

export default defineConfig({
  test: {
    // Files run in child processes (PGlite's WebAssembly and argon2 are happiest there), two at a time.
    pool: 'forks',
    maxWorkers: 2,
    // A test file left with .only would silently skip the rest of the suite: refused under CI.
    allowOnly: !process.env.CI,
    // Under CI a JSON report feeds the one-line summary printed by .ci/run (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    projects,
  },
});
