import { readFileSync } from 'node:fs';
import { businessDate, isoWeekDays, isoWeekOf, previousIsoWeek } from '@bottega/contracts/dates';
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  looks,
  openAs,
  openInLook,
  smallScreens,
  test,
} from './helpers';

// Staff analytics over the demo's sales feed, whose registers name the shop's staff on most receipts. Each page loads
// its code and the chart library on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const lastWeek = previousIsoWeek(isoWeekOf(businessDate()));
// Beside the other journeys' pictures, to look at after a run.
const screenshots = 'test-results/e2e';

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path()) as string, 'utf8') };
}

test('the area manager ranks the staff of their shops with the charts; accounting reads last week’s report and downloads it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const manager = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await manager.goto('/app/shops/employees/analytics');
  await expect(manager.getByRole('heading', { name: 'Analisi dipendenti', exact: true })).toBeVisible();
  await expect(manager).toHaveTitle(/Analisi dipendenti/);
  // Last week: whole, whatever day the suite runs on.
  await manager.getByTestId('staff-previous').click();
  const table = manager.getByTestId('staff-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // The area's shops only, never Naples; the first row ranks first in its shop.
  await expect(table).not.toContainText('Napoli Toledo');
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText('1');
  await expect(manager.getByTestId('staff-bar-chart').locator('.recharts-surface')).toBeVisible();
  await expect(manager.getByTestId('staff-line-chart').locator('.recharts-surface')).toBeVisible();
  // No report tabs without their abilities.
  await expect(manager.getByTestId('staff-tab-overview')).toBeVisible();
  await expect(manager.getByTestId('staff-tab-weekly')).toHaveCount(0);
  // Sorted by takings, highest first, by the server.
  await manager.getByTestId('staff-sort-takings').click();
  await expect(manager.getByRole('columnheader', { name: /Incasso/ }).first()).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectNoSeriousViolations(manager, 'analisi dipendenti');
  await manager.setViewportSize({ width: 1280, height: 900 });
  await keepForReview(manager, { path: `${screenshots}/staff-analytics-overview-1280-it.png`, fullPage: true });

  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  await accounting.goto('/app/shops/employees/analytics');
  await accounting.getByTestId('staff-tab-weekly').click();
  await accounting.getByTestId('staff-previous').click();
  const [from, , , , , , to] = isoWeekDays(lastWeek).map((day) => day.split('-').reverse().join('/'));
  await expect(accounting.getByTestId('staff-period')).toContainText(`${from} – ${to}`);
  await expect(accounting.getByText('Napoli Toledo').first()).toBeVisible();
  await expect(accounting.getByTestId('staff-report-periods')).toContainText('Settimana precedente');
  await expectNoSeriousViolations(accounting, 'report settimanale dipendenti');
  await accounting.setViewportSize({ width: 1280, height: 900 });
  await keepForReview(accounting, { path: `${screenshots}/staff-analytics-weekly-1280-it.png`, fullPage: true });

  const csv = await download(accounting, 'CSV');
  expect(csv.name).toBe(`analisi-dipendenti-${lastWeek}.csv`);
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain(`Report settimanale ${from} – ${to}`);
  expect(lines[1]).toContain('Incasso;Scontrino medio');
  expect(lines.length).toBeGreaterThan(3);
  expect(lines.some((line) => line.includes('Napoli Toledo'))).toBe(true);

  await accounting.getByTestId('staff-tab-monthly').click();
  await expect(accounting.getByTestId('staff-report-periods')).toContainText('Anno scorso');
});

test('staff analytics fit a phone and a tablet and read in dark mode and in Arabic', async ({ browser }) => {
  test.setTimeout(240_000);
  // The tablet in dark Italian (where axe measures contrast), the phone in Arabic (right to left).
  for (const screen of smallScreens) {
    const look = screen.name === 'tablet' ? looks[1] : looks[2];
    const page = await openInLook(browser, look, {
      as: ['areacontrollo', 'Milano Duomo'],
      viewport: { width: screen.width, height: screen.height },
    });
    await page.goto('/app/shops/employees/analytics');
    await page.getByTestId('staff-previous').click();
    await expect(page.getByTestId('staff-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('staff-bar-chart').locator('.recharts-surface')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `analisi dipendenti (${screen.name}, ${look.name})`);
    await keepForReview(page, {
      path: `${screenshots}/staff-analytics-overview-${screen.width}-${look.lng}-${look.scheme}.png`,
      fullPage: true,
    });
    await page.context().close();
  }
  // The wide screen in dark mode too.
  const page = await openInLook(browser, looks[1], {
    as: ['contabilita', 'Milano Duomo'],
    viewport: { width: 1280, height: 900 },
  });
  await page.goto('/app/shops/employees/analytics?tab=weekly');
  await expect(page.getByTestId('staff-period')).toBeVisible();
  await page.getByTestId('staff-previous').click();
  await expect(page.getByText('Napoli Toledo').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'report settimanale dipendenti (scuro)');
  await keepForReview(page, { path: `${screenshots}/staff-analytics-weekly-1280-it-dark.png`, fullPage: true });
  await page.context().close();
});
