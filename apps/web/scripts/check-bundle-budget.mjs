// Fails the build when what an entry page loads before its first screen can draw — its scripts, module
// preloads and stylesheets — weighs more than the budget once gzipped (issue 16, "First load"). Every page at
// the top of dist is an entry and is checked on its own: index.html (the staff's sign-in) and club.html (the
// loyalty club's welcome). Run by `npm run build` right after `vite build`; chunks loaded later (screens,
// languages) do not count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Bytes, gzipped: a first load on a shop's tablet over a mobile connection stays around a second. */
export const firstLoadBudget = 200_000;

/**
 * The files index.html makes the browser fetch up front, as written in it (`/assets/…`):
 * `<script src>`, `<link rel="modulepreload">` and `<link rel="stylesheet">`, in document order.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadAssets(html) {
  /** @type {string[]} */
  const assets = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map(([, key, ...values]) => [
        (key ?? '').toLowerCase(),
        values.find((value) => value !== undefined) ?? '',
      ]),
    );
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    const url =
      name?.toLowerCase() === 'script'
        ? attributes.src
        : rel.includes('modulepreload') || rel.includes('stylesheet')
          ? attributes.href
          : undefined;
    // Only the app's own files: a CDN address would not be in dist to measure.
    if (url && !/^[a-z]+:|^\/\//i.test(url) && !assets.includes(url)) assets.push(url);
  }
  return assets;
}

/**
 * The entry pages of a build: the HTML files at the top of dist, index.html first.
 * @param {string} distDir
 * @returns {string[]}
 */
export function entryPages(distDir) {
  return readdirSync(distDir)
    .filter((name) => name.endsWith('.html'))
    .sort((a, b) => Number(b === 'index.html') - Number(a === 'index.html') || a.localeCompare(b));
}

/**
 * @param {string} distDir
 * @param {string} [page] the entry page, at the top of dist
 * @returns {{ files: { url: string, gzipBytes: number }[], totalGzipBytes: number }}
 */
export function measureFirstLoad(distDir, page = 'index.html') {
  const html = readFileSync(path.join(distDir, page), 'utf8');
  const files = firstLoadAssets(html).map((url) => ({
    url,
    gzipBytes: gzipSync(readFileSync(path.join(distDir, url.split(/[?#]/)[0] ?? url))).length,
  }));
  return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

const kilobytes = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The report printed by the build, largest file first, and whether the page's first load fits the budget.
 * @param {string} distDir
 * @param {number} budget
 * @param {string} [page] the entry page, at the top of dist
 * @returns {{ withinBudget: boolean, lines: string[] }}
 */
export function checkFirstLoad(distDir, budget = firstLoadBudget, page = 'index.html') {
  const { files, totalGzipBytes } = measureFirstLoad(distDir, page);
  const withinBudget = totalGzipBytes <= budget;
  const lines = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `  ${kilobytes(file.gzipBytes).padStart(9)}  ${file.url}`);
  lines.push(
    `First load (${page}, gzip): ${kilobytes(totalGzipBytes)} in ${files.length} files, ` +
      `${withinBudget ? 'within' : 'OVER'} the budget of ${kilobytes(budget)}`,
  );
  return { withinBudget, lines };
}

/**
 * Every entry page of the build checked against the budget: the reports, and whether all of them fit.
 * @param {string} distDir
 * @param {number} budget
 * @returns {{ withinBudget: boolean, lines: string[] }}
 */
export function checkEntryPages(distDir, budget = firstLoadBudget) {
  const reports = entryPages(distDir).map((page) => checkFirstLoad(distDir, budget, page));
  return {
    withinBudget: reports.every((report) => report.withinBudget),
    lines: reports.flatMap((report, index) => (index === 0 ? report.lines : ['', ...report.lines])),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { withinBudget, lines } = checkEntryPages(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
  console.log(lines.join('\n'));
  if (!withinBudget) process.exit(1);
}
