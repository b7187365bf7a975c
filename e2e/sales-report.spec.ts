// Issue 23's sales report, on the server of today: accounting opens it for every shop, sees this month's figures
// against last year and the charts, switches to last month and to one shop, sorts the shops, downloads the XLSX and
// finds in it the takings the page shows. Then the screen on the desktop, on the tablet in dark and on the phone in
// Arabic.
import { expect as baseExpect } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  looks,
  openAs,
  openInLook,
  openMenuSection,
  test,
} from './helpers';

// The screen's code and charts load on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** `€ 1.234,56` (or `-€ 12,00`) as cents. */
function centsOf(text: string): number {
  const match = /(-?)€\s*([\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return (match[1] ? -1 : 1) * Number(`${(match[2] as string).replaceAll('.', '')}${match[3]}`);
}

test('accounting reads the sales report, changes the period and the shops, and downloads the XLSX', async ({
  browser,
}) => {
  const page = await openAs(browser, 'contabilita', 'Milano Duomo');
  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Report vendite' }).click();
  await expect(page.getByRole('heading', { name: 'Report vendite', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Report vendite/);
  // The demo sells every day: this month has figures, a chart, the payment mix and the heat map.
  await expect(page.getByTestId('sales-card-takings-value')).toContainText('€');
  await expect(page.getByTestId('sales-takings-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('sales-payments')).toContainText('Contanti');
  await expect(page.getByTestId('sales-heat-map')).toContainText('Sab');
  await expect(page.getByTestId('sales-shops').locator('tbody tr')).not.toHaveCount(0);
  // The demo's budgets of this month: the takings of their days against them.
  await expect(page.getByTestId('sales-card-budget-value')).toContainText('%');
  await expect(page.getByTestId('sales-shop-MI01')).toContainText('raggiunto');
  await expectNoSeriousViolations(page, 'report vendite');
  await keepForReview(page, { path: test.info().outputPath('sales-report-this-month.png'), fullPage: true });

  // Last month, whole: the periods line names its first day.
  await page.getByTestId('sales-period').getByText('Mese scorso').click();
  const lastMonth = new Date();
  lastMonth.setDate(1);
  lastMonth.setMonth(lastMonth.getMonth() - 1);
  const firstDay = `01/${String(lastMonth.getMonth() + 1).padStart(2, '0')}/${lastMonth.getFullYear()}`;
  await expect(page.getByTestId('sales-periods')).toContainText(firstDay);
  await expect(page.getByTestId('sales-card-budget')).toContainText('Nessun budget nel periodo');
  await expect(page).toHaveURL(/period=lastMonth/);

  // The shops table sorts by receipts, fewest first on the second click.
  await page.getByTestId('sales-sort-receipts').click();
  await expect(page.getByTestId('sales-shops').locator('th[aria-sort="descending"]')).toHaveCount(1);
  await page.getByTestId('sales-sort-receipts').click();
  await expect(page.getByTestId('sales-shops').locator('th[aria-sort="ascending"]')).toHaveCount(1);

  // One shop alone.
  await page.getByTestId('sales-shops-select').click();
  await page.getByRole('option', { name: /Milano Duomo/ }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/shops=\d+$/);
  await expect(page.getByTestId('sales-shops').locator('tbody tr')).toHaveCount(1);
  const shown = centsOf((await page.getByTestId('sales-card-takings-value').textContent()) ?? '');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report-vendite-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path()) as string);
  const totals = workbook.getWorksheet('Totali');
  expect(totals?.getRow(1).getCell(4).value).toBe('Incasso');
  expect(Math.round(Number(totals?.getRow(2).getCell(4).value) * 100)).toBe(shown);
  expect(workbook.getWorksheet('Per negozio')?.rowCount).toBe(2);
  await page.context().close();
});

test('the sales report on the desktop, on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  for (const [look, width] of [
    [looks[0], 1280],
    [looks[1], 768],
    [looks[2], 390],
  ] as const) {
    const page = await openInLook(browser, look, {
      as: ['contabilita', 'Milano Duomo'],
      viewport: { width, height: width === 390 ? 844 : 1024 },
    });
    await page.goto('/app/shops/analytics');
    await expect(page.getByTestId('sales-card-takings-value')).toContainText('€');
    await expect(page.getByTestId('sales-takings-chart').locator('svg').first()).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `report vendite ${look.name} ${width}`);
    await keepForReview(page, {
      path: test.info().outputPath(`sales-report-${look.lng}-${look.scheme}-${width}.png`),
      fullPage: true,
    });
    await page.context().close();
  }
});
