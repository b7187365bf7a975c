// Prints one closing line, "N passed, N failed", from the JSON reports Vitest and Playwright write under CI.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  // A file that fails before its tests run (an import or set-up error) counts as one failure.
  failed +=
    report.numFailedTests +
    report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync('test-results/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
// A run that failed without a failing test (lint, types, unhandled errors) still counts as failed.
const exitStatus = Number(process.argv[2] ?? 0);
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
