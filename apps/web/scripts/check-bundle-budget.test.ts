import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkFirstLoad, firstLoadAssets, firstLoadBudget, measureFirstLoad } from './check-bundle-budget.mjs';

const fixture = path.join(import.meta.dirname, 'fixtures', 'bundle-budget');
const gzipped = (file: string) => gzipSync(readFileSync(path.join(fixture, 'assets', file))).length;

describe('the first-load budget check', () => {
  it('follows the scripts, module preloads and stylesheets index.html loads, once each', () => {
    const html = readFileSync(path.join(fixture, 'index.html'), 'utf8');
    // Not the icon, the font preload, another site's script or an inline one.
    expect(firstLoadAssets(html)).toEqual(['/assets/entry.js', '/assets/shared.js', '/assets/style.css']);
  });

  it('adds up their gzip sizes', () => {
    const { files, totalGzipBytes } = measureFirstLoad(fixture);
    expect(files.map((file) => file.gzipBytes)).toEqual([
      gzipped('entry.js'),
      gzipped('shared.js'),
      gzipped('style.css'),
    ]);
    expect(totalGzipBytes).toBe(gzipped('entry.js') + gzipped('shared.js') + gzipped('style.css'));
  });

  it('fails above the budget, which stays at 200 kB', () => {
    expect(firstLoadBudget).toBe(200_000);
    const { totalGzipBytes } = measureFirstLoad(fixture);
    expect(checkFirstLoad(fixture, totalGzipBytes).withinBudget).toBe(true);
    const over = checkFirstLoad(fixture, totalGzipBytes - 1);
    expect(over.withinBudget).toBe(false);
    expect(over.lines.at(-1)).toMatch(/^First load \(index\.html, gzip\): .* in 3 files, OVER the budget/);
  });

  it('prints the figure and exits with success within the budget when the build runs it', () => {
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'check-bundle-budget.mjs'), fixture], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /First load \(index\.html, gzip\): [\d.]+ kB in 3 files, within the budget of 200\.0 kB/,
    );
  });
});
