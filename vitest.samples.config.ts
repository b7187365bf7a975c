// `npm run test:samples`: parsers and checks against the third-party files of ../shared/samples (and the spec excerpt
// against ../shared/spec). Kept out of `npm test`, which stays self-contained for a user's clone; CI runs both.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'samples',
    environment: 'node',
    include: ['**/*.samples.test.ts'],
    exclude: ['**/node_modules/**'],
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest-samples.json' },
  },
});
