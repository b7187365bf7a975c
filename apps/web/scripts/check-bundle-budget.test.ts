import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkEntryPages,
  checkFirstLoad,
  entryPages,
  firstLoadAssets,
  firstLoadBudget,
  measureFirstLoad,
} from './check-bundle-budget.mjs';

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

  describe('with a second entry page (the loyalty club)', () => {
    // The fixture's build with club.html beside index.html: the club loads the shared chunk and a script of its own.
    const dist = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
    cpSync(fixture, dist, { recursive: true });
    writeFileSync(path.join(dist, 'assets', 'club.js'), `export const club = '${'club '.repeat(400)}';\n`);
    writeFileSync(
      path.join(dist, 'club.html'),
      '<!doctype html><html><head><link rel="manifest" href="/club/manifest.webmanifest">' +
        '<script type="module" crossorigin src="/assets/club.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/shared.js"></head><body></body></html>',
    );
    const clubGzip = gzipSync(readFileSync(path.join(dist, 'assets', 'club.js'))).length + gzipped('shared.js');
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it('checks every page at the top of dist, index.html first', () => {
      expect(entryPages(dist)).toEqual(['index.html', 'club.html']);
      expect(entryPages(fixture)).toEqual(['index.html']);
    });

    it("measures the club's first load on its own", () => {
      const { files, totalGzipBytes } = measureFirstLoad(dist, 'club.html');
      expect(files.map((file) => file.url)).toEqual(['/assets/club.js', '/assets/shared.js']);
      expect(totalGzipBytes).toBe(clubGzip);
    });

    it('fails when any one page is over the budget', () => {
      const staff = measureFirstLoad(dist).totalGzipBytes;
      const both = checkEntryPages(dist, Math.max(staff, clubGzip));
      expect(both.withinBudget).toBe(true);
      expect(both.lines.filter((line) => line.startsWith('First load'))).toEqual([
        expect.stringMatching(/^First load \(index\.html, gzip\): .* within the budget/),
        expect.stringMatching(/^First load \(club\.html, gzip\): .* in 2 files, within the budget/),
      ]);
      expect(checkEntryPages(dist, Math.min(staff, clubGzip) - 1).withinBudget).toBe(false);
      expect(checkFirstLoad(dist, clubGzip - 1, 'club.html').withinBudget).toBe(false);
    });

    it('prints both figures when the build runs it', () => {
      const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'check-bundle-budget.mjs'), dist], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/First load \(index\.html, gzip\): [\d.]+ kB in 3 files, within/);
      expect(run.stdout).toMatch(/First load \(club\.html, gzip\): [\d.]+ kB in 2 files, within/);
    });
  });
});
