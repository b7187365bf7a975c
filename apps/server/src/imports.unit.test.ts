// The server's import graph, read by dependency-cruiser: no file reaches itself again through its imports
// (type-only imports included: a cycle of types is a layering fault too), and platform/ serves the modules
// without depending on their services.
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './config';

const serverRoot = path.join(repositoryRoot, 'apps/server');

async function violations(): Promise<IViolation[]> {
  const result = await cruise(
    ['src'],
    {
      baseDir: serverRoot,
      // swc reads TypeScript as written, type-only imports included (dependency-cruiser's tsc parser wants TypeScript < 7).
      parser: 'swc',
      validate: true,
      // Tests import freely (harness, factories); the rules are about the code that runs.
      exclude: { path: ['\\.test\\.ts$', '\\.scenarios\\.ts$'] },
      doNotFollow: { path: ['node_modules', '^\\.\\./\\.\\./packages'] },
      tsPreCompilationDeps: true,
      ruleSet: {
        forbidden: [
          { name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } },
          {
            name: 'platform-uses-no-module-service',
            severity: 'error',
            from: { path: '^src/platform/' },
            to: { path: '^src/modules/[^/]+/.+\\.service\\.ts$' },
          },
        ],
      },
    },
    { extensions: ['.ts', '.js', '.mjs', '.json'] },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered a report, not a result');
  return result.output.summary.violations;
}

/** One readable line per violation: the rule, then the path of files (the whole circle for a cycle). */
function describeViolation(violation: IViolation): string {
  const cycle = violation.cycle?.map((step) => step.name);
  return `${violation.rule.name}: ${[violation.from, ...(cycle ?? [violation.to])].join(' → ')}`;
}

describe('server imports', () => {
  it('have no cycle and keep platform/ free of module services', async () => {
    expect((await violations()).map(describeViolation)).toEqual([]);
  }, 60_000);
});
