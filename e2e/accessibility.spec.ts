// Issue 17 §3: axe-core finds nothing serious or critical on the main screens, in Italian light and dark (where
// colour contrast is measured: axe leaves Arabic text out of it) and in Arabic, right to left.
import { expect } from '@playwright/test';
import { expectNoSeriousViolations, looks, openInLook, signIn, signInWithShop, signOut, test } from './helpers';

for (const look of looks) {
  test(`sign-in, shop choice, dashboard, employees and files pass axe (${look.name})`, async ({ browser }) => {
    test.setTimeout(420_000);
    const page = await openInLook(browser, look);
    await expect(page.locator('input[autocomplete="username"]')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'sign-in');

    await page.locator('input[autocomplete="username"]').fill('admin');
    await page.locator('input[autocomplete="current-password"]').fill('bottega2026');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('shop-select')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'shop choice');
    await page.getByTestId('shop-select').click();
    await page.getByRole('option', { name: /Milano Duomo/ }).click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'dashboard');

    await page.goto('/app/employees/list');
    await expect(page.getByTestId('employee-row-dipendente')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'employee list');

    await page.goto('/app/employees/create');
    await expect(page.getByTestId('field-fiscalCode')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'employee form');

    await page.goto('/app/files?root=company');
    await expect(page.getByRole('listbox')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'file manager');
    await page.context().close();
  });
}

test('the keyboard meets "Vai al contenuto" first, which moves it to the page', async ({ browser }) => {
  const page = await openInLook(browser, looks[0], { as: ['admin', 'Milano Duomo'] });
  await page.reload();
  const skip = page.getByRole('link', { name: 'Vai al contenuto' });
  await expect(skip).toBeAttached({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The header's controls are named by what they are for.
  await expect(page.getByRole('button', { name: 'Alessandra Ferri — menu utente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifiche' })).toHaveAttribute('aria-haspopup', 'dialog');
  await page.context().close();
});

test('the shop is chosen with the keyboard: arrows then Enter, or part of its name then Enter', async ({ page }) => {
  // Twice: the second time the list and the page come back from a sign-out.
  for (let attempt = 0; attempt < 2; attempt++) {
    await signIn(page, 'admin');
    const select = page.getByTestId('shop-select');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The arrows highlight a shop in the open list, which Enter picks, closing the list.
    await expect(page.getByRole('listbox').locator('[data-combobox-selected]')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(select).not.toHaveValue('');
    // Typed: the first shop that matches is the one Enter picks.
    await select.clear();
    await select.pressSequentially('tori');
    await page.keyboard.press('Enter');
    await expect(select).toHaveValue(/^Torino Centro/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app$/);
    await expect(page.getByTestId('current-shop')).toHaveText('Torino Centro');
    await signOut(page);
  }
});

test('a wrong codice fiscale or IBAN is named as soon as its field is left', async ({ page }) => {
  await signInWithShop(page, 'admin', 'Milano Duomo');
  await page.goto('/app/employees/create');
  await page.getByTestId('field-fiscalCode').fill('RSSMRA85T10A562T');
  await page.getByTestId('field-name').focus();
  await expect(page.getByText('Il carattere di controllo del codice fiscale non è corretto.')).toBeVisible();
  await page.getByTestId('field-fiscalCode').fill('PRVLNE90A41F205K');
  await page.getByTestId('field-name').focus();
  await expect(page.getByText('Il carattere di controllo del codice fiscale non è corretto.')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Dati bancari' }).click();
  await page.getByTestId('field-iban').fill('IT48 X050 3403 2000 0000 0987 655');
  await page.getByTestId('field-bankName').focus();
  await expect(page.getByText("L'IBAN non supera il controllo: verifica le cifre.")).toBeVisible();
});
