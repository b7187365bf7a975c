import { expect } from '@playwright/test';
import { chooseShop, demoPassword, keepForReview, pngImage, signIn, signOut, test } from './helpers';

// The demo user noshifts has not completed registration (seed.ts), so these journeys run in order:
// registration first, then the profile. No other journey signs in as noshifts: the demo password cannot be
// chosen again (it is public), so the new one stays.
test.describe.configure({ mode: 'serial' });

const newPassword = 'nuova-password-2026';

test('a user who must register is taken to the registration, fixes a wrong IBAN and lands on the dashboard', async ({
  page,
}) => {
  await signIn(page, 'noshifts');
  await chooseShop(page, 'Roma EUR');
  await expect(page).toHaveURL(/\/app\/registration$/);
  await expect(page.getByRole('heading', { name: 'Completa la registrazione' })).toBeVisible();

  // Every other page leads back here until the registration is complete.
  await page.goto('/app/user');
  await expect(page).toHaveURL(/\/app\/registration$/);

  await page.getByTestId('field-phone').fill('+39 333 123 4567');
  await page.getByTestId('field-fiscalCode').fill('rssmra85t10a562s');
  await page.getByTestId('field-birthday').fill('10/12/1985');
  await page.getByTestId('field-birthday').press('Escape');
  await page.getByTestId('field-identityCardNumber').fill('CA12345AB');
  await page.getByTestId('field-address').fill('Viale Europa 190');
  await page.getByTestId('field-city').fill('Roma');
  await page.getByTestId('field-cap').fill('00144');
  await page.getByTestId('field-iban').fill('IT61 X054 2811 1010 0000 0123 456');
  await page.getByTestId('field-bankName').fill('Banca di Roma');
  await page.getByTestId('registration-submit').click();

  await expect(page.getByText("L'IBAN non supera il controllo: verifica le cifre.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/registration$/);
  // Nothing typed is lost when a value is refused.
  await expect(page.getByTestId('field-address')).toHaveValue('Viale Europa 190');

  await page.getByTestId('field-iban').fill('IT60 X054 2811 1010 0000 0123 456');
  await page.getByTestId('registration-submit').click();

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Davide' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);

  // The profile now shows what was registered; the office's fields are read-only.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/app\/user$/);
  await expect(page.getByTestId('field-iban')).toHaveValue('IT60X0542811101000000123456');
  await expect(page.getByTestId('field-fiscalCode')).toHaveValue('RSSMRA85T10A562S');
  await expect(page.getByTestId('field-fiscalCode')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('field-birthday')).toHaveValue('10/12/1985');

  // Text no one types (a control character pasted from another program) is refused on the field, not saved.
  await page.getByTestId('field-city').fill('Roma\u001bCapitale');
  await page.getByTestId('profile-save').click();
  await expect(
    page.getByText('Il testo contiene caratteri non ammessi (caratteri di controllo o Unicode non valido).'),
  ).toBeVisible();

  // A self-editable field is saved.
  await page.getByTestId('field-city').fill('Roma Capitale');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('I tuoi dati sono stati salvati.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('field-city')).toHaveValue('Roma Capitale');
});

test('changing the password asks for the current one, then signing in takes the new one', async ({ page }) => {
  await signIn(page, 'noshifts');
  await chooseShop(page, 'Roma EUR');
  await expect(page).toHaveURL(/\/app$/);
  const menu = page.getByRole('navigation', { name: 'Menu principale' });
  await menu.getByText('Utente', { exact: true }).click();
  await menu.getByRole('link', { name: 'Profilo' }).click();
  await expect(page).toHaveURL(/\/app\/user$/);

  const form = page.getByTestId('password-form');
  await form.getByRole('textbox', { name: 'Password attuale', exact: true }).fill('not my password');
  await form.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(newPassword);
  await form.getByRole('textbox', { name: 'Conferma la nuova password' }).fill(newPassword);
  await form.getByRole('button', { name: 'Cambia password' }).click();
  await expect(form.getByText('La password attuale non è corretta.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Nuova password', exact: true })).toHaveValue(newPassword);

  // A common password, or one holding the username, is refused with the reason on the new password's field.
  await form.getByRole('textbox', { name: 'Password attuale', exact: true }).fill(demoPassword);
  const refusals = [
    ['password', 'Password troppo comune: è tra le più usate.'],
    ['noshifts1', 'La password non può contenere username, nome, cognome o email.'],
  ] as const;
  for (const [refused, reason] of refusals) {
    await form.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(refused);
    await form.getByRole('textbox', { name: 'Conferma la nuova password' }).fill(refused);
    await form.getByRole('button', { name: 'Cambia password' }).click();
    await expect(form.getByRole('textbox', { name: 'Nuova password', exact: true })).toHaveAccessibleDescription(
      new RegExp(reason),
    );
    await expect(form.getByRole('alert')).toHaveCount(0);
  }
  await keepForReview(page, { path: 'test-results/e2e/profile-password-refused.png', fullPage: true });

  await form.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(newPassword);
  await form.getByRole('textbox', { name: 'Conferma la nuova password' }).fill(newPassword);
  await form.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText(/^Password cambiata/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Password attuale', exact: true })).toHaveValue('');

  await signOut(page);
  await signIn(page, 'noshifts', { password: demoPassword });
  await expect(page.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await signIn(page, 'noshifts', { password: newPassword });
  await chooseShop(page, 'Roma EUR');
  await expect(page).toHaveURL(/\/app$/);
});

test('an uploaded avatar is shown on the profile and in the navbar', async ({ page }) => {
  // The password chosen by the journey above.
  await signIn(page, 'noshifts', { password: newPassword });
  await chooseShop(page, 'Roma EUR');
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/app/user');

  await page
    .getByTestId('avatar-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
  await expect(page.getByText('Foto aggiornata.')).toBeVisible();
  const navbarPicture = page.getByTestId('user-menu').locator('img');
  await expect(navbarPicture).toHaveAttribute('src', /^blob:/);
  await expect(navbarPicture).toHaveJSProperty('naturalWidth', 64);
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

  // A file that is no image is refused in the browser already.
  await page
    .getByTestId('avatar-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(page.getByTestId('avatar-error')).toHaveText("Questo file non è un'immagine JPEG, PNG o WebP.");

  // After a reload the picture is fetched again with the bearer token.
  await page.reload();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /^blob:/);
});
