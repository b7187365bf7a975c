// Issue 23's budgets, on the server of today: the area manager finds the month of their shops (the demo's Milano
// Duomo sent, Navigli confirmed, Turin a draft), sets Milano Duomo's again typing an amount that is not whole, takes
// the rounding prompt's whole euro, saves (edited: to be sent again) and sends it after the confirmation. Marco,
// signing in at Milano Duomo, meets the sign-in popup, follows it, reads the budget and confirms it; his dashboard
// shows how the day and the month are going. The screens are then looked at on the desktop, the tablet in dark and
// the phone in Arabic.
import { expect as baseExpect } from '@playwright/test';
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

// The pages' code loads on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test('an area manager sets and sends a month’s budget with the rounding prompt; the shop confirms it at sign-in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const manager = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await openMenuSection(manager, 'Negozio');
  await manager.getByRole('link', { name: 'Budget', exact: true }).click();
  await expect(manager.getByRole('heading', { name: 'Budget dei negozi', level: 1 })).toBeVisible();
  await expect(manager).toHaveTitle('Budget · Milano Duomo · Bottega');
  const duomo = manager.getByTestId('budget-row-MI01');
  await expect(duomo.getByTestId('budget-row-state')).toHaveText('Inviato');
  await expect(manager.getByTestId('budget-row-MI02').getByTestId('budget-row-state')).toHaveText('Confermato');
  await expect(manager.getByTestId('budget-row-TO01').getByTestId('budget-row-state')).toHaveText('Creato');
  // Naples is not in the area.
  await expect(manager.getByTestId('budget-row-NA01')).toHaveCount(0);
  await expectNoSeriousViolations(manager, 'budget dei negozi');

  await duomo.getByTestId('budget-open').click();
  await expect(manager.getByRole('heading', { level: 1 })).toContainText('MI01 · Milano Duomo');
  await expect(manager.getByTestId('budget-days').locator('tbody tr').first()).toBeVisible();
  await manager.getByTestId('budget-sales').fill('12.345,67');
  // Not a whole amount: the prompt offers the euro, ten and a hundred euro.
  const rounding = manager.getByTestId('budget-rounding');
  await expect(rounding.getByTestId('budget-round')).toHaveText(['€ 12.346,00', '€ 12.350,00', '€ 12.300,00']);
  await rounding.getByTestId('budget-round').first().click();
  await expect(manager.getByTestId('budget-sales')).toHaveValue('12.346,00');
  await expect(rounding).toHaveCount(0);
  // The days follow the month: their sum is the month.
  const dayCents = await manager
    .getByTestId('budget-day-input')
    .evaluateAll((inputs) =>
      inputs.map((input) =>
        Math.round(Number((input as HTMLInputElement).value.replace(/\./g, '').replace(',', '.')) * 100),
      ),
    );
  expect(dayCents.reduce((sum, cents) => sum + cents, 0)).toBe(12_346_00);
  await expectNoSeriousViolations(manager, 'budget del negozio');
  await manager.getByTestId('budget-save').click();
  await expect(manager.getByText('Budget di MI01 · Milano Duomo salvato')).toBeVisible();
  await expect(manager.getByTestId('budget-state')).toHaveText('Modificato');
  await manager.getByTestId('budget-send').click();
  const confirmSend = manager.getByRole('dialog', { name: 'Inviare il budget?' });
  await expect(confirmSend).toContainText('MI01 · Milano Duomo');
  await confirmSend.getByTestId('confirm').click();
  await expect(manager.getByTestId('budget-state')).toHaveText('Inviato');
  await expect(manager.getByTestId('budget-send')).toBeDisabled();
  await keepForReview(manager, { path: test.info().outputPath('budget-edit.png'), fullPage: true });
  await manager.context().close();

  // Marco signs in at Milano Duomo: the popup asks him to confirm the budget.
  const employee = await openAs(browser, 'dipendente', 'Milano Duomo');
  const popup = employee.getByTestId('popup-budgetToConfirm');
  await expect(popup).toContainText('Il budget del mese è arrivato');
  await popup.getByRole('link', { name: 'Conferma budget' }).click();
  await expect(employee).toHaveURL(/\/app\/shop\/manage\/budget\/convalidate\?month=\d{4}-\d{2}$/);
  await expect(employee.getByRole('heading', { name: 'Conferma budget', level: 1 })).toBeVisible();
  await expect(employee.getByTestId('budget-confirm-sales')).toHaveText('€ 12.346,00');
  await expectNoSeriousViolations(employee, 'conferma budget');
  await employee.getByTestId('budget-confirm').click();
  await employee.getByRole('dialog', { name: 'Confermare il budget?' }).getByTestId('confirm').click();
  await expect(employee.getByTestId('budget-confirmed')).toContainText('Confermato da Marco Rossi');
  await expect(employee.getByTestId('budget-state')).toHaveText('Confermato');

  // His dashboard: no popup any more, the day and the month against the budget.
  await employee.goto('/app');
  await expect(employee.getByTestId('dashboard-facts')).toBeVisible();
  await expect(employee.getByTestId('popup-budgetToConfirm')).toHaveCount(0);
  const card = employee.getByTestId('budget-card');
  await expect(card.getByTestId('budget-card-to-date')).toContainText('%');
  await expect(card.getByTestId('budget-card-month')).toContainText('€ 12.346,00');
  await expectNoSeriousViolations(employee, 'dashboard con budget');
  await employee.context().close();
});

test('the budget screens on the desktop, the tablet in dark and the phone in Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  const shot = (name: string) => test.info().outputPath(name);
  for (const [look, width] of [
    [looks[0], 1280],
    [looks[1], 768],
    [looks[2], 390],
  ] as const) {
    const manager = await openInLook(browser, look, {
      as: ['areacontrollo', 'Milano Navigli'],
      viewport: { width, height: width === 390 ? 844 : 1024 },
    });
    await manager.goto('/app/shop/manage/budget');
    await expect(manager.getByTestId('budget-list')).toBeVisible();
    await expectFitsWidth(manager);
    await expectNoSeriousViolations(manager, `budget list ${look.name} ${width}`);
    await keepForReview(manager, { path: shot(`budgets-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
    await manager.getByTestId('budget-row-TO01').getByTestId('budget-open').click();
    await expect(manager.getByTestId('budget-days')).toBeVisible();
    await manager.getByTestId('budget-sales').fill('9.999,99');
    await expect(manager.getByTestId('budget-rounding')).toBeVisible();
    await expectFitsWidth(manager);
    await expectNoSeriousViolations(manager, `budget edit ${look.name} ${width}`);
    await keepForReview(manager, { path: shot(`budget-edit-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
    await manager.context().close();

    const employee = await openInLook(browser, look, {
      as: ['dipendente', 'Milano Navigli'],
      viewport: { width, height: width === 390 ? 844 : 1024 },
    });
    await expect(employee.getByTestId('budget-card')).toBeVisible();
    await expectNoSeriousViolations(employee, `dashboard ${look.name} ${width}`);
    await keepForReview(employee, {
      path: shot(`budget-dashboard-${look.lng}-${look.scheme}-${width}.png`),
      fullPage: true,
    });
    await employee.goto('/app/shop/manage/budget/convalidate');
    await expect(employee.getByTestId('budget-days')).toBeVisible();
    await expectFitsWidth(employee);
    await expectNoSeriousViolations(employee, `budget confirm ${look.name} ${width}`);
    await keepForReview(employee, {
      path: shot(`budget-confirm-${look.lng}-${look.scheme}-${width}.png`),
      fullPage: true,
    });
    await employee.context().close();
  }
});
