// Issue 22's costs incurred, on the server of today: management authorises a shop's expense and it is entered in the
// report of a closed day (through the API: the cash report's own journey enters expenses on screen); accounting finds
// it among the costs to convalidate with its authorisation, convalidates it after the confirmation and finds it in
// the month's archive. The list is then looked at on the tablet in dark and on the phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessDate } from '../packages/contracts/src/dates';
import {
  callApi,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openInLook,
  openMenuSection,
  tabletAndPhone,
  test,
} from './helpers';

// The pages' code loads on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const dayMs = 86_400_000;
const token = (page: Page) => page.evaluate(() => localStorage.getItem('bottega.token') ?? '');

/** An expense of € 12,34 in the last closed report of a shop other than Milano Navigli (the deposits' shop). */
async function enterExpense(page: Page): Promise<{ id: number; date: string }> {
  const auth = await token(page);
  const { data: shops } = await callApi<{ data: { shopId: number; shopCode: string }[] }>(page, {
    path: '/api/cash-to-deposit?perPage=100',
    token: auth,
  });
  const today = businessDate(new Date());
  for (const shop of shops.filter((each) => each.shopCode !== 'MI02')) {
    let lastClosed: string | undefined;
    for (const month of [today.slice(0, 7), businessDate(new Date(Date.now() - 28 * dayMs)).slice(0, 7)]) {
      const { data } = await callApi<{ data: { days: { date: string; reportStatus: string | null }[] } }>(page, {
        path: `/api/shops/${shop.shopId}/cash-to-deposit?month=${month}`,
        token: auth,
      });
      lastClosed ??= data.days.filter((day) => day.reportStatus === 'closed').at(-1)?.date;
    }
    if (!lastClosed) continue;
    const { data: day } = await callApi<{ data: { report: { id: number } | null } }>(page, {
      path: `/api/shops/${shop.shopId}/cash-to-deposit/${lastClosed}`,
      token: auth,
    });
    if (!day.report) continue;
    const { data: authorisation } = await callApi<{ data: { id: number } }>(page, {
      method: 'POST',
      path: `/api/shops/${shop.shopId}/expense-authorisations`,
      token: auth,
      body: { description: 'Pulizia vetrine E2E', maxAmountCents: 5_000, validFrom: lastClosed, validTo: lastClosed },
    });
    const { data: expense } = await callApi<{ data: { id: number } }>(page, {
      method: 'POST',
      path: `/api/cash-reports/${day.report.id}/expenses`,
      token: auth,
      body: { authorisationId: authorisation.id, amountCents: 1_234, comments: 'Scontrino 88' },
    });
    return { id: expense.id, date: lastClosed };
  }
  throw new Error('no shop with a closed day');
}

test('accounting convalidates an expense of a closed day and finds it in the archive', async ({ browser }) => {
  test.setTimeout(90_000);
  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  const expense = await enterExpense(accounting);

  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Spese da convalidare' }).click();
  await expect(accounting.getByRole('heading', { name: 'Spese sostenute da convalidare', level: 1 })).toBeVisible();
  const row = accounting.getByTestId(`cost-${expense.id}`);
  await expect(row).toContainText('Pulizia vetrine E2E');
  await expect(row).toContainText('Scontrino 88');
  await expect(row).toContainText('restano');
  await expectNoSeriousViolations(accounting, 'spese da convalidare');
  await keepForReview(accounting, { path: test.info().outputPath('costs-convalidate.png'), fullPage: true });

  await row.getByTestId(`cost-convalidate-${expense.id}`).click();
  const confirm = accounting.getByRole('dialog', { name: 'Convalidare le spese?' });
  await expect(confirm).toContainText('€ 12,34');
  await confirm.getByTestId('confirm').click();
  await expect(accounting.getByText('1 spesa convalidata.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Archivio spese' }).click();
  await expect(accounting.getByRole('heading', { name: 'Archivio spese sostenute', level: 1 })).toBeVisible();
  await accounting.goto(`/app/costsIncurred/archive?month=${expense.date.slice(0, 7)}`);
  const archived = accounting.getByTestId(`cost-${expense.id}`);
  await expect(archived).toContainText('Laura Bianchi');
  await expect(accounting.getByTestId('costs-archive-shops')).toBeVisible();
  const download = accounting.waitForEvent('download');
  await accounting.getByRole('button', { name: 'Esporta CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`spese-sostenute-${expense.date.slice(0, 7)}.csv`);
  await expectNoSeriousViolations(accounting, 'archivio spese');
  await keepForReview(accounting, { path: test.info().outputPath('costs-archive.png'), fullPage: true });
  await accounting.context().close();
});

test('the costs screens on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  test.setTimeout(60_000);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'], viewport });
    // One expense waiting, so the list shows a row.
    if (width === 768) await enterExpense(page);
    await page.goto('/app/costsIncurred/convalidate');
    await expect(page.getByTestId('costs-table-convalidate')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `costs ${look.name}`);
    await keepForReview(page, { path: test.info().outputPath(`costs-${look.lng}-${width}.png`), fullPage: true });
    await page.context().close();
  }
});
