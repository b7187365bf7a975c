// The evening at the till (issue 8), on the server whose business clock is Sunday 22 November 2026 at 19:00: the
// demo leaves Milano Duomo's Saturday to close, and its fiscal close was never sent by the printer's agent.
import { expect, type Page, test } from '@playwright/test';
import { cashCountOf, cashReportFields } from '../packages/contracts/src/cash-register';
import { openAs, sundayEvening } from './helpers';

const saturday = '2026-11-21';

type Report = {
  id: number;
  status: string;
  system: Record<string, number>;
  fiscal: { fiscalPosCents: number } | null;
};

/** The report as the server has it, read with the page's own session. */
async function reportOf(page: Page, id: number): Promise<Report> {
  return page.evaluate(async (reportId) => {
    const response = await fetch(`/api/cash-reports/${reportId}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('bottega.token')}` },
    });
    return (await response.json()).data;
  }, id);
}

/** Cents as typed at the till: "1234,56". */
const typed = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

test('an employee counts the till, sees the mismatches, fixes them and confirms; a colleague closes the day, which locks', async ({
  browser,
}) => {
  const marco = await openAs(browser, 'dipendente', 'Milano Duomo', { at: sundayEvening });

  // Negozio › Cassa: the month, with Saturday still to fill.
  await marco.getByText('Negozio', { exact: true }).click();
  await marco.getByRole('link', { name: 'Cassa', exact: true }).click();
  await expect(marco).toHaveURL(/\/app\/shop\/cashRegister$/);
  const day = marco.getByTestId(`cash-day-${saturday}`);
  await expect(day).toContainText('Da compilare');
  await expect(marco.getByTestId('cash-day-2026-11-20')).toContainText('Chiusa');
  await day.click();
  await expect(marco).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit/);
  const reportId = Number(/cashRegister\/(\d+)\/edit/.exec(marco.url())?.[1]);
  await expect(marco.getByTestId('cash-fiscal-missing')).toContainText('Chiusura fiscale assente');

  // The figures as the registers say, a total typed one euro too high, and a till ten euros short.
  const { system } = await reportOf(marco, reportId);
  const fund = 20_000;
  for (const field of cashReportFields) {
    if (field === 'fiscalPosCents') continue;
    const value = field === 'cashFundCents' ? fund : (system[field] ?? 0);
    const text = field.endsWith('Cents') ? typed(field === 'totalCents' ? value + 100 : value) : String(value);
    await marco.getByTestId(`cash-field-${field}`).fill(text);
  }
  await expect(marco.getByTestId('cash-diff-totalCents')).toHaveAttribute('data-mismatch', 'true');
  const short = cashCountOf((system.dailyCashCents ?? 0) + fund - 1_000);
  for (const [denomination, pieces] of Object.entries(short)) {
    await marco.getByTestId(`cash-count-${denomination}`).fill(String(pieces));
  }
  await expect(marco.getByTestId('cash-count-total')).toHaveAttribute('data-matches', 'false');

  // No fiscal close: the day cannot be confirmed (§8, Attention); it is read from the printer right here.
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-alert')).toContainText('Attenzione');
  await expect(marco.getByTestId('cash-alert')).toContainText('Chiusura fiscale assente');
  await marco.getByTestId(`sales-read-printer-${saturday}`).click();
  await expect(marco.getByText('Chiusura fiscale del 21/11/2026 letta dalla stampante.')).toBeVisible();
  await expect(marco.getByTestId('cash-fiscal-missing')).toHaveCount(0);
  const { fiscal } = await reportOf(marco, reportId);
  // What was typed is still there (shown with its thousands separator).
  const shown = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' });
  await expect(marco.getByTestId('cash-field-totalCents')).toHaveValue(
    shown.format(((system.totalCents ?? 0) + 100) / 100),
  );
  await marco.getByTestId('cash-field-fiscalPosCents').fill(typed(fiscal?.fiscalPosCents ?? 0));

  // The total differs from the system register (§8, Error).
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-alert')).toContainText('Errore');
  await expect(marco.getByTestId('cash-alert')).toContainText('I dati devono corrispondere ai valori di sistema');
  await expect(marco.getByText('Il valore di sistema è').first()).toBeVisible();
  await marco.getByTestId('cash-field-totalCents').fill(typed(system.totalCents ?? 0));
  await expect(marco.getByTestId('cash-diff-totalCents')).toHaveAttribute('data-mismatch', 'false');

  // The till is ten euros short of cash and fund.
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-alert')).toContainText('Il conteggio di banconote e monete');
  const pieces = Number(short['1000'] ?? 0) + 1;
  await marco.getByTestId('cash-count-1000').fill(String(pieces));
  await expect(marco.getByTestId('cash-count-total')).toHaveAttribute('data-matches', 'true');

  // Now it confirms: partially, by Marco.
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-status')).toHaveText('Confermata parzialmente');
  await expect(marco.getByTestId('cash-partial-notice')).toBeVisible();
  await expect(marco.getByTestId('cash-confirm')).toHaveCount(0);

  // Giulia follows the report's link: after signing in she lands on it, and closes the day.
  const giulia = await openAs(browser, 'commessa', 'Milano Duomo', { at: sundayEvening });
  await giulia.goto(`/?report=${reportId}`);
  await expect(giulia).toHaveURL(new RegExp(`/app/shop/cashRegister/${reportId}/edit`));
  await expect(giulia.getByTestId('cash-partial-notice')).toContainText('Marco Rossi');
  await giulia.getByTestId('cash-close').click();
  await giulia.getByTestId('confirm').click();
  await expect(giulia.getByTestId('cash-status')).toHaveText('Chiusa');
  await expect(giulia.getByTestId('cash-read-only')).toBeVisible();
  await expect(giulia.getByTestId('cash-field-totalCents')).not.toBeEditable();
  await expect(giulia.getByTestId('cash-save')).toHaveCount(0);

  // Marco sees it closed and read-only too.
  await marco.reload();
  await expect(marco.getByTestId('cash-status')).toHaveText('Chiusa');
  await expect(marco.getByTestId('cash-field-totalCents')).not.toBeEditable();
  await expect(marco.getByTestId('cash-close')).toHaveCount(0);
});
