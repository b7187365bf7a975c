// Runs in the "sunday-evening" project, whose server's business clock starts on Sunday 22 November 2026 at 19:00
// in Rome (helpers.sundayEvening). The demo seed leaves Napoli Toledo's Friday and Saturday (20 and 21/11) without
// a report, so its week 47 waits for them; this journey closes them (through the API, as two people: the daily
// close has its own journey, on Milano Duomo), then fills the week on the screen.
import { expect, type Page } from '@playwright/test';
import { cashCountOf } from '../packages/contracts/src/cash-register';
import { openAs, openMenuSection, sundayEvening, test } from './helpers';

const week = '2026-W47';
const days = ['2026-11-20', '2026-11-21'] as const;
const [friday, saturday] = days;
const shopName = 'Napoli Toledo';

/** A call as the web app makes it, from a signed-in page: its bearer token, CSRF token and script marker. */
async function apiFrom<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(path as string, {
        method: method as string,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-TOKEN': document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '',
          Authorization: `Bearer ${localStorage.getItem('bottega.token')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    [method, path, body] as const,
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json.data as T;
}

type Report = {
  id: number;
  status: string;
  version: number;
  system: Record<string, number>;
  fiscal: { fiscalPosCents: number } | null;
};

/** A day's report entered as the registers say, confirmed by one person and closed by another; its id. */
async function closeDay(first: Page, second: Page, shopId: number, day: string): Promise<number> {
  const created = await apiFrom<Report>(first, 'POST', `/api/shops/${shopId}/cash-reports`, { businessDate: day });
  if (created.status === 'closed') return created.id;
  if (!created.fiscal) {
    await apiFrom(first, 'POST', `/api/shops/${shopId}/fiscal-closes/read-printer`, { businessDate: day });
  }
  const report = await apiFrom<Report>(first, 'GET', `/api/cash-reports/${created.id}`);
  const fund = 20_000;
  const body = {
    values: {
      ...report.system,
      fiscalPosCents: report.fiscal?.fiscalPosCents ?? report.system.posSubtotalCents,
      cashFundCents: fund,
    },
    // The till holds the day's cash and the fund.
    cashCount: cashCountOf((report.system.dailyCashCents ?? 0) + fund),
    comments: '',
    version: report.version,
  };
  const confirmed = await apiFrom<Report>(first, 'POST', `/api/cash-reports/${report.id}/confirm`, body);
  await apiFrom(second, 'POST', `/api/cash-reports/${report.id}/close`, { ...body, version: confirmed.version });
  return report.id;
}

test('the weekly cash waits for Sunday evening and every closed day, then is filled once and shows in the list', async ({
  browser,
}) => {
  // Two sessions, two days closed and a week filled, then the list and the report's tab: more than a minute's work.
  test.setTimeout(150_000);
  const admin = await openAs(browser, 'admin', shopName, { at: sundayEvening });

  // The shop's weeks: week 47 waits for a day, the weeks before are filled, week 48 is not over.
  await openMenuSection(admin, 'Gestione');
  await admin
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Cassa settimanale' })
    .click();
  await expect(admin).toHaveURL(/\/app\/shops\/weekly-cash$/);
  await expect(admin.getByRole('heading', { name: 'Cassa settimanale' })).toBeVisible();
  const row = admin.getByTestId(`week-${week}`);
  await expect(row.getByTestId('week-status')).toHaveText('Giornate da chiudere');
  await expect(admin.getByTestId('week-2026-W46').getByTestId('week-status')).toHaveText('Compilata');

  // The week's page names the day still to close and shows no form.
  await row.getByRole('link', { name: 'Apri la Settimana 47/2026' }).click();
  await expect(admin).toHaveURL(new RegExp(`/app/shops/weekly-cash/create/${week}$`));
  await expect(admin.getByRole('heading', { name: 'Cassa settimanale · Settimana 47/2026' })).toBeVisible();
  await expect(admin.getByTestId(`weekly-day-${friday}`)).toContainText('Report mancante');
  await expect(admin.getByTestId('weekly-blocked')).toContainText(/mancano \W?20\/11, 21\/11/);
  await expect(admin.getByTestId('weekly-form')).toHaveCount(0);

  // Two people close Friday and Saturday (Napoli's staff are not in the demo: the managers do it).
  const shopId = await admin.evaluate(async () => {
    const response = await fetch('/api/auth/user', {
      headers: { Authorization: `Bearer ${localStorage.getItem('bottega.token')}` },
    });
    return (await response.json()).data.shop.id as number;
  });
  const second = await openAs(browser, 'boss', shopName, { at: sundayEvening });
  await closeDay(admin, second, shopId, friday);
  const saturdayReportId = await closeDay(admin, second, shopId, saturday);

  // Now the week can be filled: its sums are the seven days' as closed.
  await admin.reload();
  const weekly = await apiFrom<{ dailyCashCents: number; totalCents: number; depositsCents: number }>(
    admin,
    'GET',
    `/api/shops/${shopId}/weekly-cash/${week}`,
  );
  await expect(admin.getByTestId(`weekly-day-${saturday}`)).toContainText('Chiusa');
  await expect(admin.getByTestId('week-status')).toHaveText('Da compilare');
  const euro = (cents: number) =>
    `€ ${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100)}`;
  await expect(admin.getByTestId('weekly-total')).toContainText(euro(weekly.totalCents));
  await expect(admin.getByTestId('weekly-cash')).toContainText(euro(weekly.dailyCashCents));
  // The fund is offered from the last closed day.
  await expect(admin.getByTestId('weekly-cashFundCents')).toHaveValue('200,00');

  // The deposits are those the shop recorded for the week's days (Monday to Wednesday's cash went on Wednesday):
  // shown, not typed, with the difference they leave.
  const difference = weekly.dailyCashCents - weekly.depositsCents;
  expect(difference).toBeGreaterThan(0);
  await expect(admin.getByTestId('weekly-deposits-recorded')).toHaveText(euro(weekly.depositsCents));
  await expect(admin.getByTestId('weekly-difference-preview')).toHaveText(euro(difference));
  // Deposits short of the cash need a note saying why, before anything is sent.
  await admin.getByTestId('weekly-submit').click();
  await expect(admin.getByText("Scrivi perché c'è una differenza di")).toBeVisible();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await admin.getByTestId('weekly-comments-input').fill('Versamento del sabato');
  await admin.getByTestId('weekly-submit').click();
  // The confirmation, final, names the difference.
  await expect(admin.getByRole('dialog')).toContainText(`una differenza di \u2066${euro(difference)}\u2069`);
  await expect(admin.getByRole('dialog')).toContainText('Dopo non si potrà più modificare');
  await admin.getByTestId('confirm').click();
  await expect(admin.getByText('Cassa settimanale della Settimana 47/2026 di Napoli Toledo compilata.')).toBeVisible();

  // Filled: read-only, with what was entered; filling it again is refused by the server.
  await expect(admin.getByTestId('weekly-filled')).toContainText('Compilata da Alessandra Ferri');
  await expect(admin.getByTestId('weekly-comments')).toHaveText('Versamento del sabato');
  await expect(admin.getByTestId('weekly-deposits')).toContainText(euro(weekly.depositsCents));
  await expect(admin.getByTestId('weekly-form')).toHaveCount(0);

  // The week after is not over yet: it opens next Sunday at 18:00.
  await admin.getByTestId('week-next').click();
  await expect(admin).toHaveURL(/\/create\/2026-W48$/);
  await expect(admin.getByTestId('weekly-blocked')).toContainText('29/11/2026 18:00');
  // Its days are still to come, not "no sales".
  await expect(admin.getByTestId('weekly-day-2026-11-23').locator('[data-status]')).toHaveText('Da venire');

  // Every shop's filled weeks: Napoli's week 47 among them, and alone with the shop filter.
  await admin.getByRole('link', { name: 'Elenco casse settimanali' }).click();
  await expect(admin.getByRole('heading', { name: 'Elenco casse settimanali' })).toBeVisible();
  await expect(admin.getByTestId(`filled-${shopId}-${week}`)).toContainText('Versamento del sabato');
  await admin.getByTestId('weekly-filter-shop').click();
  await admin.getByRole('option', { name: shopName, exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`shopId=${shopId}`));
  const rows = admin.getByTestId('weekly-list-table').locator('tbody tr');
  // Once the filter is applied no other shop's week is left.
  await expect(rows.locator(`xpath=self::*[not(starts-with(@data-testid, "filled-${shopId}-"))]`)).toHaveCount(0);
  await expect(rows.first()).toHaveAttribute('data-testid', `filled-${shopId}-${week}`);

  // The daily report's weekly tab shows the filled week with Saturday marked.
  await admin.goto(`/app/shop/cashRegister/${saturdayReportId}/edit?tab=weekly`);
  await expect(admin.getByTestId('weekly-tab')).toContainText('Settimana 47/2026');
  await expect(admin.getByTestId('weekly-tab').getByTestId('week-status')).toHaveText('Compilata');
});
