import { readFileSync } from 'node:fs';
import { businessDate, isoWeekDays, isoWeekOf, previousIsoWeek } from '@bottega/contracts/dates';
import { expect as baseExpect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { monthName } from '../apps/web/src/features/shift-analytics/analytics-period';
import {
  callApi,
  demoPassword,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  looks,
  openAs,
  openInLook,
  pick,
  smallScreens,
  test,
} from './helpers';

// Each journey walks screens loading their code (and the chart's) on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

// Milano Navigli's week before this one, sent to Marco Rossi (dipendente): three eight-hour shifts he never started
// (missed), a day of holidays and one of sickness. Today he starts a shift on the tablet and has not stopped it yet.
const thisWeek = isoWeekOf(businessDate());
const lastWeek = previousIsoWeek(thisWeek);
const lastWeekDays = isoWeekDays(lastWeek);
const shop = 'Milano Navigli';

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
}

/** The week sent and today's start punched, through the API as the administrator on Milano Navigli's tablet. */
async function setUp(admin: Page): Promise<void> {
  const token = await tokenOf(admin);
  const shops = await callApi<{ data: { id: number; name: string }[] }>(admin, {
    path: '/api/shift-analytics/all-shops/shops',
    token,
  });
  const shopId = shops.data.find((candidate) => candidate.name === shop)?.id;
  const url = `/api/shops/${shopId}/shift-weeks/${lastWeek}`;
  const grid = await callApi<{ data: { state: string | null; members: { userId: number; name: string }[] } }>(admin, {
    path: url,
    token,
  });
  if (grid.data.state === 'sent') return;
  const marco = grid.data.members.find((member) => member.name === 'Marco Rossi')?.userId;
  const shift = (day: number) => ({
    userId: marco,
    day: lastWeekDays[day],
    cell: { kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' },
  });
  const off = (day: number, reason: string) => ({
    userId: marco,
    day: lastWeekDays[day],
    cell: { kind: 'timeOff', reason, notes: '' },
  });
  await callApi(admin, {
    method: 'PUT',
    path: url,
    token,
    body: {
      members: [{ userId: marco, templateId: null }],
      cells: [shift(0), shift(1), shift(2), off(3, 'holidays'), off(4, 'disease')],
    },
  });
  for (const action of ['convalidate', 'send'])
    await callApi(admin, { method: 'POST', path: `${url}/${action}`, token });
  await callApi(admin, {
    method: 'POST',
    path: '/api/time-clock/punches',
    token,
    body: { step: 'startShift', presence: { userId: marco, password: demoPassword } },
  });
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) as string) };
}

test('the area manager reads last week’s shifts of a shop, groups them and downloads the files; the administrator sees every shop', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await openAs(browser, 'admin', shop);
  await setUp(admin);

  const manager = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await manager.goto('/app/employeesShift/analytics');
  await expect(manager.getByRole('heading', { name: 'Analisi turni', exact: true })).toBeVisible();
  await pick(manager, 'analytics-shop', shop);
  await manager.getByTestId('analytics-previous').click();
  const [from, , , , , , to] = lastWeekDays.map((day) => day.split('-').reverse().join('/'));
  await expect(manager.getByTestId('analytics-period')).toContainText(`${from} – ${to}`);
  await expect(manager.getByTestId('kpi-planned-value')).toHaveText('24:00');
  await expect(manager.getByTestId('kpi-worked-value')).toHaveText('0:00');
  await expect(manager.getByTestId('kpi-absences-value')).toHaveText('2');
  await expect(manager.getByTestId('kpi-absences')).toContainText('Ferie 1 · Malattia 1');
  await expect(manager.getByTestId('kpi-missed-value')).toHaveText('3');
  await expect(manager.getByTestId('analytics-chart').locator('.recharts-surface')).toBeVisible();
  const marcoRow = manager.getByTestId('analytics-table').getByRole('row', { name: /Marco Rossi/ });
  await expect(marcoRow.locator('[data-column="planned"]')).toContainText('24:00');
  await expect(marcoRow.locator('[data-column="difference"]')).toContainText('-24:00');
  await expect(marcoRow.locator('[data-column="absences"]')).toContainText('Ferie 1 · Malattia 1');
  await expectNoSeriousViolations(manager, 'analisi turni');

  // Grouped by shop, then by week: one row each.
  await pick(manager, 'analytics-group-by', 'Negozio');
  await expect(manager.getByTestId('analytics-table').getByRole('row', { name: new RegExp(shop) })).toBeVisible();
  await pick(manager, 'analytics-group-by', 'Settimana');
  await expect(manager.getByTestId(`analytics-row-${lastWeek}`)).toContainText('24:00');

  // The files for the payroll consultant, per employee.
  const csv = await download(manager, 'Esporta CSV');
  expect(csv.name).toMatch(new RegExp(`^analisi-turni-${lastWeek}-\\d+\\.csv$`));
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Ore lavorate');
  expect(lines[1]).toContain('Marco Rossi;Milano Navigli;24,00;0,00;0,00;0;0;3;0;0;1;1;0;0');
  const xlsx = await download(manager, 'Esporta Excel');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(2).value).toBe('Dipendente');
  expect(sheet?.getRow(2).getCell(2).value).toBe('Marco Rossi');
  expect(sheet?.getRow(2).getCell(4).value).toBe(24);

  // Every shop, this week: Marco's shift started today and not stopped yet.
  await admin.goto('/app/employeesShift/analyticsFull');
  await expect(admin.getByRole('heading', { name: 'Analisi turni di tutti i negozi' })).toBeVisible();
  await expect(admin.getByTestId('kpi-missed')).toContainText('Giornate senza uscita: 1');
  await admin.getByTestId('analytics-period-kind').getByText('Mese').click();
  await expect(admin.getByTestId('analytics-period')).toContainText(monthName(businessDate().slice(0, 7), 'it'));

  // An area manager does not see the shops outside their area, nor the screen of every shop.
  await manager.goto('/app/employeesShift/analyticsFull');
  await expect(manager.getByRole('heading', { name: 'Analisi turni di tutti i negozi' })).toHaveCount(0);
  await manager.goto('/app/employeesShift/analytics');
  await manager.getByTestId('analytics-shop').click();
  await expect(manager.getByRole('option', { name: 'Napoli Toledo' })).toHaveCount(0);
  await manager.keyboard.press('Escape');
});

test('the analytics fit a phone and a tablet and read in dark mode and in Arabic', async ({ browser }) => {
  test.setTimeout(240_000);
  // Each device in one look, as the payslips' journey does: the tablet in dark Italian (where axe measures contrast),
  // the phone in Arabic (right to left).
  for (const screen of smallScreens) {
    const look = screen.name === 'tablet' ? looks[1] : looks[2];
    const page = await openInLook(browser, look, {
      as: ['areacontrollo', 'Milano Navigli'],
      viewport: { width: screen.width, height: screen.height },
    });
    await page.goto('/app/employeesShift/analytics');
    // The shop, not the area's shops together: the demo plans Milano Duomo's weeks too.
    await pick(page, 'analytics-shop', shop);
    await page.getByTestId('analytics-previous').click();
    await expect(page.getByTestId('kpi-planned-value')).toHaveText('24:00');
    await expect(page.getByTestId('analytics-chart').locator('.recharts-surface')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `analisi turni (${screen.name}, ${look.name})`);
    await keepForReview(page, {
      path: `test-results/e2e/shift-analytics-${screen.name}-${look.lng}.png`,
      fullPage: true,
    });
    await page.context().close();
  }
});
