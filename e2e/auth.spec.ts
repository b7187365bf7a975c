import { expect, test } from '@playwright/test';
import { chooseShop, signIn } from './helpers';

test('opening a page under /app signed out lands on the login', async ({ page }) => {
  await page.goto('/app/some/deep/page');
  await expect(page).toHaveURL(/\/\?next=/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
});

test('a wrong password is refused with the localized message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Nome utente o email').fill('dipendente');
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await expect(page).toHaveURL(/\/$/);
});

test('sign in, choose a shop, and the session, dark mode and language survive reloads until sign-out', async ({
  page,
}) => {
  await signIn(page, 'dipendente', { remember: true });

  // The shop is required.
  await expect(page.getByText('In quale negozio lavori oggi?')).toBeVisible();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByText('Punto vendita obbligatorio: scegli un negozio.')).toBeVisible();
  await chooseShop(page, 'Milano Navigli');

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Marco' })).toBeVisible();
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Milano Navigli');
  await expect(page.getByTestId('dashboard-group')).toHaveText('Dipendente');
  await expect(page.getByTestId('current-shop')).toHaveText('Milano Navigli');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // The welcome notification raises the new-notification flag.
  await expect(page.getByTestId('dashboard-unread')).toHaveText('1 da leggere');

  await page.reload();
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Milano Navigli');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('toggle-dark-mode').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-it').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.goto('/app/not-a-page');
  await expect(page.getByTestId('status-404')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bottega.token'))).toBeNull();

  await page.goto('/app');
  await expect(page).toHaveURL(/\/\?next=/);
});

test('a stale token is removed and the page reloads onto the login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('bottega.token', 'not-a-real-token'));
  await page.goto('/app');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bottega.token'))).toBeNull();
});

test('a user without shops (former employee) signs in straight to the dashboard', async ({ page }) => {
  await signIn(page, 'exdipendente');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Nessun negozio assegnato')).toBeVisible();
  // Former employees keep only their own payslips and tax certificates.
  await expect(page.getByTestId('ability')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('an admin can work in any open shop and the live notification flag clears when read', async ({ page }) => {
  await signIn(page, 'admin');
  await chooseShop(page, 'Napoli Toledo');
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Napoli Toledo');
  await page.getByRole('button', { name: 'Notifiche' }).click();
  await expect(page.getByText('Benvenuto in Bottega, Alessandra!')).toBeVisible();
  await page.getByRole('button', { name: 'Segna tutte come lette' }).click();
  await expect(page.getByRole('button', { name: 'Segna tutte come lette' })).toBeDisabled();
});
