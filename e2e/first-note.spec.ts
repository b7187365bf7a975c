// Issue 22's first note and comparison, on the server of today: accounting opens a shop's first note for the month
// (opening, the days with their cash reports, closing), downloads it as CSV, looks at one day; then compares this
// month with the one before and switches to the same month last year. Both screens are then looked at on the tablet
// in dark and on the phone in Arabic.
import { readFile } from 'node:fs/promises';
import { expect as baseExpect } from '@playwright/test';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openInLook,
  openMenuSection,
  tabletAndPhone,
  test,
} from './helpers';

// The screens' code and charts load on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test('accounting reads a shop’s first note, downloads it, and compares two periods', async ({ browser }) => {
  const page = await openAs(browser, 'contabilita', 'Milano Duomo');
  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Prima nota' }).click();
  await expect(page.getByRole('heading', { name: 'Prima nota', level: 1 })).toBeVisible();
  const days = page.getByTestId('first-note-days');
  await expect(days).toBeVisible();
  await expect(page.getByTestId('first-note-opening')).toContainText('€');
  // The demo's closed days: each links to its cash report.
  await expect(days.getByRole('link', { name: /^Chiusura cassa #\d+$/ }).first()).toBeVisible();
  await expect(page.getByTestId('first-note-totals')).toBeVisible();
  await expectNoSeriousViolations(page, 'prima nota');
  await keepForReview(page, { path: test.info().outputPath('first-note-month.png'), fullPage: true });
  // The print view: the page alone, without the menu and the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeHidden();
  await expect(page.getByTestId('first-note-print')).toBeHidden();
  await expect(days).toBeVisible();
  await keepForReview(page, { path: test.info().outputPath('first-note-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^prima-nota-[A-Z0-9]+-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFData;Chiusura cassa;Incasso totale;Contanti;')).toBe(true);
  expect(text).toContain(';Saldo iniziale;');

  // One day: its row alone, and the totals.
  await page.getByTestId('first-note-view').getByText('Giorno').click();
  await expect(days.locator('tbody tr')).toHaveCount(2);

  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Confronto periodi' }).click();
  await expect(page.getByRole('heading', { name: 'Confronto periodi', level: 1 })).toBeVisible();
  const periods = page.getByTestId('comparison-periods');
  await expect(periods).toBeVisible();
  const thisYear = new Date().getFullYear();
  await expect(page.getByTestId('comparison-takings').or(page.getByText('Nessuna vendita'))).toBeVisible();
  await page.getByTestId('comparison-preset').getByText('Stesso mese dell’anno scorso').click();
  await expect(periods).toContainText(`/${thisYear - 1}`);
  await expect(page.getByTestId('comparison-sources').or(page.getByText('Nessuna vendita'))).toBeVisible();
  await expectNoSeriousViolations(page, 'confronto periodi');
  await keepForReview(page, { path: test.info().outputPath('comparison.png'), fullPage: true });
  await page.context().close();
});

test('the first note and the comparison on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'], viewport });
    for (const [path, testId] of [
      ['/app/report/firstNote', 'first-note-days'],
      ['/app/report/comparison', 'comparison-periods'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${path} ${look.name}`);
      await keepForReview(page, {
        path: test.info().outputPath(`${path.split('/').at(-1)}-${look.lng}-${width}.png`),
        fullPage: width !== 390,
      });
    }
    await page.context().close();
  }
});
