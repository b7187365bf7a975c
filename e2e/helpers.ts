import type { Page } from '@playwright/test';

export const demoPassword = 'bottega2026';

export async function signIn(page: Page, login: string, options: { remember?: boolean } = {}) {
  await page.goto('/');
  await page.getByLabel('Nome utente o email').fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  if (options.remember) await page.getByLabel('Ricordami su questo dispositivo').check();
  await page.getByRole('button', { name: 'Accedi' }).click();
}

export async function chooseShop(page: Page, name: string) {
  await page.getByTestId('shop-select').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Continua' }).click();
}

export async function signInWithShop(page: Page, login: string, shop: string) {
  await signIn(page, login);
  await chooseShop(page, shop);
  await page.waitForURL(/\/app$/);
}
