import { expect, test } from '@playwright/test';
import { chooseShop, demoPassword, signInWithShop } from './helpers';

// The e2e server runs without SMTP_URL, so the reset mail stays in the outbox, where the demo
// developer reads it. This journey changes the password of `boss` (no other journey signs in as boss).
const email = 'boss@bottega.example';
const newPassword = 'una password nuova 2026';

test('a forgotten password is reset through the mail, read by a developer in the outbox', async ({ page, browser }) => {
  // Ask for the link from the login page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/^Email/).fill('not an address');
  await page.getByRole('button', { name: 'Inviami il link' }).click();
  await expect(page.getByText('Inserisci un indirizzo email valido.')).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Inviami il link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText('Link inviato');

  // A developer reads it in the outbox, in another browser context.
  const developerContext = await browser.newContext();
  const developer = await developerContext.newPage();
  await signInWithShop(developer, 'developer', 'Torino Centro');
  await developer.getByRole('link', { name: 'Posta in uscita' }).click();
  await expect(developer).toHaveURL(/\/app\/developer\/mail$/);
  await expect(developer.getByTestId('mail-delivery')).toContainText('SMTP non configurato');
  const row = developer.getByRole('row').filter({ hasText: email }).first();
  await expect(row.getByTestId('mail-status')).toHaveText('Solo in posta in uscita');
  await row.getByRole('link', { name: 'Reimposta la password di Bottega' }).click();
  await expect(developer.getByTestId('mail-recipient')).toHaveText(email);

  const mail = developer.frameLocator('iframe[data-testid="mail-html"]');
  await expect(mail.getByText('Ciao Giovanni,')).toBeVisible();
  const button = mail.getByRole('link', { name: 'Reimposta la password' });
  const link = await button.getAttribute('href');
  expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);
  // The sandboxed frame opens its links in a tab of their own.
  const [tab] = await Promise.all([developer.waitForEvent('popup'), button.click()]);
  await expect(tab).toHaveURL(link as string);
  await tab.close();
  await developer.getByRole('tab', { name: 'Testo' }).click();
  await expect(developer.getByTestId('mail-text')).toContainText(link as string);
  await developerContext.close();

  // The owner follows the link and sets a new password, typed twice.
  await page.goto(link as string);
  await expect(page.getByText('Scegli una nuova password')).toBeVisible();
  await page.getByLabel(/^Nuova password/).fill('corta');
  await page.getByLabel(/^Ripeti la nuova password/).fill('diversa');
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByText('La password deve avere almeno 8 caratteri.')).toBeVisible();
  await expect(page.getByText('I valori non coincidono.')).toBeVisible();
  await page.getByLabel(/^Nuova password/).fill(newPassword);
  await page.getByLabel(/^Ripeti la nuova password/).fill(newPassword);
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();

  await expect(page).toHaveURL(/\/\?reset=done$/);
  await expect(page.getByTestId('password-reset-done')).toHaveText('Password cambiata: accedi con la nuova password.');

  // The old password no longer works; the new one does.
  await page.getByLabel('Nome utente o email').fill('boss');
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await page.getByRole('textbox', { name: 'Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await chooseShop(page, 'Milano Duomo');
  await expect(page).toHaveURL(/\/app$/);

  // The link worked once.
  await page.goto(link as string);
  await expect(page.getByTestId('reset-link-refused')).toHaveText(
    'Il link per reimpostare la password non è valido o è già stato usato.',
  );
});

test('the outbox is for developers only: another user gets the 403 page and no menu entry', async ({ page }) => {
  await signInWithShop(page, 'dipendente', 'Milano Duomo');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Posta in uscita' })).toHaveCount(0);
  await page.goto('/app/developer/mail');
  await expect(page.getByTestId('status-403')).toBeVisible();
});
