// The evening at the till (issue 8), on the server whose business clock is Sunday 22 November 2026 at 19:00: the
// demo leaves Milano Duomo's Thursday to Saturday to close (this journey closes Saturday, cash-register-shop-day.spec.ts
// Thursday), and Saturday's fiscal close was never sent by the printer's agent.
import { expect } from '@playwright/test';
import { cashCountOf, cashReportFields } from '../packages/contracts/src/cash-register';
import { cashReportOf, openAs, openMenuSection, sundayEvening, test, typedCents } from './helpers';

const saturday = '2026-11-21';

test('an employee counts the till, sees the mismatches, fixes them and confirms; a colleague closes the day, which locks', async ({
  browser,
}) => {
  // Three people and a till typed key by key: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const marco = await openAs(browser, 'dipendente', 'Milano Duomo', { at: sundayEvening });

  // Negozio › Cassa: the month, with Saturday still to fill.
  await openMenuSection(marco, 'Negozio');
  await marco.getByRole('link', { name: 'Cassa', exact: true }).click();
  await expect(marco).toHaveURL(/\/app\/shop\/cashRegister$/);
  const day = marco.getByTestId(`cash-day-${saturday}`);
  await expect(day).toContainText('Da compilare');
  await expect(marco.getByTestId('cash-day-2026-11-19')).toContainText('Chiusa');
  await day.click();
  await expect(marco).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit/);
  const reportId = Number(/cashRegister\/(\d+)\/edit/.exec(marco.url())?.[1]);
  await expect(marco.getByTestId('cash-fiscal-missing')).toContainText('Chiusura fiscale assente');

  // The figures as the registers say, a total typed one euro too high, and a till ten euros short.
  const { system } = await cashReportOf(marco, reportId);
  const fund = 20_000;
  for (const field of cashReportFields) {
    if (field === 'fiscalPosCents') continue;
    const value = field === 'cashFundCents' ? fund : (system[field] ?? 0);
    const text = field.endsWith('Cents') ? typedCents(field === 'totalCents' ? value + 100 : value) : String(value);
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
  const { fiscal } = await cashReportOf(marco, reportId);
  // What was typed is still there (shown with its thousands separator).
  const shown = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' });
  await expect(marco.getByTestId('cash-field-totalCents')).toHaveValue(
    shown.format(((system.totalCents ?? 0) + 100) / 100),
  );
  await marco.getByTestId('cash-field-fiscalPosCents').fill(typedCents(fiscal?.fiscalPosCents ?? 0));

  // The total differs from the system register (§8, Error).
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-alert')).toContainText('Errore');
  await expect(marco.getByTestId('cash-alert')).toContainText('I dati devono corrispondere ai valori di sistema');
  await expect(marco.getByText('Il valore di sistema è').first()).toBeVisible();
  await marco.getByTestId('cash-field-totalCents').fill(typedCents(system.totalCents ?? 0));
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

  // The confirmation froze the figures. Marco withdraws it (back to in progress), then confirms again.
  await expect(marco.getByTestId('cash-field-totalCents')).not.toBeEditable();
  await marco.getByTestId('cash-withdraw').click();
  await expect(marco.getByRole('dialog')).toContainText('Il ritiro resta registrato a tuo nome');
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-status')).toHaveText('In corso');
  await expect(marco.getByTestId('cash-field-totalCents')).toBeEditable();
  await marco.getByTestId('cash-confirm').click();
  await marco.getByTestId('confirm').click();
  await expect(marco.getByTestId('cash-status')).toHaveText('Confermata parzialmente');

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
  await expect(marco.getByTestId('cash-read-only')).toContainText('i dati non si possono più modificare');
  await expect(marco.getByTestId('cash-field-totalCents')).not.toBeEditable();
  await expect(marco.getByTestId('cash-close')).toHaveCount(0);

  // The direction may correct it, and the banner says so beside its "Correggi".
  const admin = await openAs(browser, 'admin', 'Milano Duomo', { at: sundayEvening });
  await admin.goto(`/app/shop/cashRegister/${reportId}/edit`);
  await expect(admin.getByTestId('cash-read-only')).toContainText('solo la direzione può correggerla');
  await expect(admin.getByTestId('cash-correct')).toBeVisible();
  await expect(admin.getByTestId('expense-no-authorisation')).toHaveCount(0);
});
