import { expect } from '@playwright/test';
import { chooseShop, countLinksMailedTo, demoPassword, linkMailedTo, openMenuSection, startAs, test } from './helpers';

// The e2e server delivers its mails over SMTP to the journeys' mail catcher (e2e/mail-catcher.ts):
// the owner reads the link in their inbox. A developer reading the outbox sees the same mail with
// the link redacted, and cannot use it (issue 16). This journey changes the password of `boss`
// (no other journey signs in as boss).
const email = 'boss@bottega.example';
const newPassword = 'una password nuova 2026';

test('a forgotten password is reset through the mail; the outbox shows a redacted link nobody can use', async ({
  page,
  browser,
}) => {
  const before = await countLinksMailedTo(email, 'reset-password');
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
  const link = await linkMailedTo(email, 'reset-password', before);
  expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);

  // A developer reads the mail in the outbox, in another browser context: the link is redacted.
  const developerContext = await browser.newContext();
  const developer = await developerContext.newPage();
  await startAs(developer, 'developer', 'Torino Centro');
  await openMenuSection(developer, 'Sviluppo');
  await developer.getByRole('link', { name: 'Posta in uscita' }).click();
  await expect(developer).toHaveURL(/\/app\/developer\/mail$/);
  await expect(developer.getByTestId('mail-delivery')).toContainText('Le email partono via SMTP');
  const row = developer.getByRole('row').filter({ hasText: email }).first();
  await row.getByRole('link', { name: 'Reimposta la password di Bottega' }).click();
  await expect(developer.getByTestId('mail-recipient')).toHaveText(email);
  await expect(developer.getByTestId('mail-redacted-note')).toContainText('[redacted]');

  const mail = developer.frameLocator('iframe[data-testid="mail-html"]');
  await expect(mail.getByText('Ciao Giovanni,')).toBeVisible();
  const shown = await mail.getByRole('link', { name: 'Reimposta la password' }).getAttribute('href');
  expect(shown).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=\[redacted\]$/);
  await developer.getByRole('tab', { name: 'Testo' }).click();
  await expect(developer.getByTestId('mail-text')).toContainText('/reset-password?token=[redacted]');
  await expect(developer.getByTestId('mail-text')).not.toContainText(new URL(link).searchParams.get('token') as string);
  // Following what the outbox shows resets nothing.
  await developer.goto(shown as string);
  await expect(developer.getByTestId('reset-link-refused')).toHaveText(
    'Il link per reimpostare la password non è valido o è già stato usato.',
  );
  await developerContext.close();

  // The owner follows the link from their inbox and sets a new password, typed twice.
  await page.goto(link);
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
  await page.goto(link);
  await expect(page.getByTestId('reset-link-refused')).toHaveText(
    'Il link per reimpostare la password non è valido o è già stato usato.',
  );
});

test('the outbox is for developers only: another user gets the 403 page and no menu entry', async ({ page }) => {
  await startAs(page, 'dipendente', 'Milano Duomo');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Posta in uscita' })).toHaveCount(0);
  await page.goto('/app/developer/mail');
  await expect(page.getByTestId('status-403')).toBeVisible();
});
