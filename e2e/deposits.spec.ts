import { expect as baseExpect, type Page } from '@playwright/test';
import { callApi, expectFitsWidth, expectNoSeriousViolations, openAs, openMenuSection, pick, test } from './helpers';

// Each journey walks screens loading their code (and the chart's) on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const euro = (cents: number) =>
  `€ ${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100)}`;
/** As typed in the form: 1.234,56 without the sign. */
const typed = (cents: number) => euro(cents).replace('€ ', '');

type CashRow = { shopCode: string; shopId: number; balanceCents: number };

async function navigliCash(page: Page): Promise<CashRow> {
  const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
  const answer = await callApi<{ data: CashRow[] }>(page, { path: '/api/cash-to-deposit?perPage=100', token });
  const row = answer.data.find((candidate) => candidate.shopCode === 'MI02');
  if (!row) throw new Error('Milano Navigli is not in the cash to deposit');
  return row;
}

test('a shop records its cash as a deposit, accounting sees it leave the cash to deposit, corrects and deletes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  const before = await navigliCash(accounting);
  expect(before.balanceCents).toBeGreaterThan(10_000);
  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Contanti da versare' }).click();
  await expect(accounting.getByTestId('cash-shop-MI02')).toContainText(euro(before.balanceCents));
  await expectNoSeriousViolations(accounting, 'contanti da versare');

  // Marco, on Milano Navigli's tablet, records that he took all of it to the bank.
  const staff = await openAs(browser, 'dipendente', 'Milano Navigli');
  await openMenuSection(staff, 'Negozio');
  await staff.getByRole('link', { name: 'Registra versamento' }).click();
  await expect(staff.getByRole('heading', { name: 'Registra versamento' })).toBeVisible();
  // Nothing is saved before a shop and an employee are chosen (§5).
  await expect(staff.getByTestId('deposit-save')).toBeDisabled();
  await pick(staff, 'deposit-field-carriedBy', 'Marco Rossi · 5301 0000 0000 0103');
  await staff.getByTestId('deposit-field-amount').fill('mille');
  await staff.getByTestId('deposit-save').click();
  await expect(staff.getByText('Valore non valido.')).toBeVisible();
  await staff.getByTestId('deposit-field-amount').fill(typed(before.balanceCents));
  await staff.getByTestId('deposit-save').click();
  await expect(
    staff.getByText(`Versamento di \u2066${euro(before.balanceCents)}\u2069 registrato per Milano Navigli.`),
  ).toBeVisible();
  const recorded = staff
    .getByTestId('deposits-table')
    .getByRole('row')
    .filter({ hasText: euro(before.balanceCents) });
  await expect(recorded.first()).toContainText('Registrato');
  await expectNoSeriousViolations(staff, 'registra versamento');

  // The shop's cash to deposit drops to zero; its day shows the deposit behind the figure.
  await accounting.reload();
  await expect(accounting.getByTestId('cash-shop-MI02')).toContainText('€ 0,00');
  await expect(accounting.getByTestId('cash-shop-MI02')).toContainText('Tutto versato');
  await accounting.getByTestId('cash-shop-MI02').getByRole('button').click();
  await expect(accounting.getByTestId('cash-month')).toContainText('MI02 · Milano Navigli');
  await accounting.getByTestId('cash-month-days').getByRole('link').last().click();
  await expect(accounting.getByTestId('day-balance')).toHaveText('€ 0,00');
  await expect(accounting.getByTestId('deposits-table')).toContainText('Marco Rossi');
  await expectNoSeriousViolations(accounting, 'contanti da versare del giorno');

  // Accounting corrects it in the archive: changing the shop clears the employee, and saving waits for one (§5).
  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Archivio versamenti' }).click();
  await pick(accounting, 'deposits-shop', 'MI02 · Milano Navigli');
  const row = accounting
    .getByTestId('deposits-table')
    .getByRole('row')
    .filter({ hasText: euro(before.balanceCents) });
  await row
    .first()
    .getByRole('button', { name: /^Correggi/ })
    .click();
  const dialog = accounting.getByRole('dialog');
  await pick(accounting, 'deposit-field-shopId', 'TO01 · Torino Centro');
  await expect(dialog.getByTestId('deposit-field-carriedBy')).toHaveValue('');
  await expect(dialog.getByTestId('deposit-save')).toBeDisabled();
  await pick(accounting, 'deposit-field-shopId', 'MI02 · Milano Navigli');
  await pick(accounting, 'deposit-field-carriedBy', 'Marco Rossi · 5301 0000 0000 0103');
  await dialog.getByTestId('deposit-field-amount').fill(typed(before.balanceCents - 10_000));
  await dialog.getByTestId('deposit-save').click();
  await expect(accounting.getByRole('dialog')).toHaveCount(0);
  await expect(accounting.getByTestId('deposits-table')).toContainText(euro(before.balanceCents - 10_000));
  await expectNoSeriousViolations(accounting, 'archivio versamenti');
  expect((await navigliCash(accounting)).balanceCents).toBe(10_000);

  // Deleted after asking: the cash waits again.
  const corrected = accounting
    .getByTestId('deposits-table')
    .getByRole('row')
    .filter({ hasText: euro(before.balanceCents - 10_000) });
  await corrected
    .first()
    .getByRole('button', { name: /^Elimina/ })
    .click();
  await accounting.getByTestId('confirm').click();
  await expect(accounting.getByTestId('deposits-table').getByText(euro(before.balanceCents - 10_000))).toHaveCount(0);
  expect((await navigliCash(accounting)).balanceCents).toBe(before.balanceCents);

  // On a phone the form and the shop's latest deposits fit the screen.
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.reload();
  await expect(staff.getByTestId('deposit-save')).toBeVisible();
  await expectFitsWidth(staff);
});
