// Prints one closing line, "N passed, N failed", from the JSON reports Vitest and Playwright write under CI.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
// `npm test`'s Vitest run, then `npm run test:samples`'.
for (const file of ['test-results/vitest.json', 'test-results/vitest-samples.json']) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  // A file that fails before its tests run (an import or set-up error) counts as one failure.
  failed +=
    report.numFailedTests +
    report.testResults.filter((result) => result.status === 'failed' && result.assertionResults.length === 0).length;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync('test-results/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
  passed += stats.expected;
  // A journey that passed only on its retry is a failure to fix, not a pass.
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
}
// A run that failed without a failing test (lint, types, unhandled errors) still counts as failed.
const exitStatus = Number(process.argv[2] ?? 0);
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
