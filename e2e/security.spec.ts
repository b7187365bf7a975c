import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  chooseShop,
  createEmployee,
  demoPassword,
  newcomerPassword,
  openAs,
  signIn,
  signInWithShop,
  signOut,
  test,
} from './helpers';

// Strong sign-in (spec §2 Login, §8 Fingerprint and MFA): each journey signs in as a person of its own,
// so changing their sign-in disturbs no other journey on the shared server.

const period = 30_000;

/** What the person's authenticator app does with the key the page shows in text. */
async function authenticatorApp(page: Page): Promise<TOTP> {
  const key = (await page.getByTestId('totp-secret').textContent()) ?? '';
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) });
}

/** Types a code into the six boxes; the last digit sends it. */
async function typeCode(page: Page, code: string) {
  await page.getByTestId('totp-code').locator('input').first().click();
  await page.keyboard.type(code);
}

test('a fingerprint registered in the profile signs in without a password, and cannot be registered twice', async ({
  page,
}) => {
  const { username } = await createEmployee({ group: 'Dipendente', shop: 'Milano Duomo' });
  // Chromium's virtual authenticator stands in for the fingerprint reader, and always says yes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signInWithShop(page, username, 'Milano Duomo', { password: newcomerPassword });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await page.getByTestId('profile-tab-security').click();
  await expect(page).toHaveURL(/\/app\/user\?tab=security$/);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByTestId('passkeys-empty')).toBeVisible();

  await card.getByTestId('passkey-name').fill('PC cassa Duomo');
  await card.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(page.getByText('Impronta «PC cassa Duomo» registrata.')).toBeVisible();
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  await expect(card.getByTestId('passkey-row')).toContainText('PC cassa Duomo');
  await expect(card.getByTestId('passkey-row')).toContainText('mai usata');

  // The same authenticator again: the browser refuses it, in the words of spec §8.
  await card.getByTestId('passkey-name').fill('Di nuovo');
  await card.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(card.getByTestId('passkey-error')).toHaveText('Questa impronta è già registrata.');
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);

  // The presence check of the shift punches, tried on oneself.
  await card.getByRole('button', { name: 'Prova' }).click();
  await page.getByTestId('presence-passkey').click();
  await expect(card.getByTestId('presence-result')).toContainText("Presenza confermata con l'impronta digitale");

  // Signed out, back in with the fingerprint alone: no login typed, the authenticator knows who.
  await signOut(page);
  await page.getByTestId('passkey-sign-in').click();
  await chooseShop(page, 'Milano Duomo');
  await page.waitForURL(/\/app$/);
  await page.goto('/app/user?tab=security');
  await expect(page.getByTestId('session-current')).toContainText('Impronta');
  await expect(page.getByTestId('passkey-row')).not.toContainText('mai usata');
});

test('two-factor set up in the profile asks for a code at sign-in, a recovery code works once, and an administrator resets it', async ({
  browser,
  page,
}) => {
  const { id, username } = await createEmployee({ group: 'Dipendente', shop: 'Milano Navigli' });
  await signInWithShop(page, username, 'Milano Navigli', { password: newcomerPassword });
  await page.goto('/app/user?tab=security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('mfa-status')).toHaveText('Non attiva');

  await card.getByTestId('mfa-setup').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const totp = await authenticatorApp(page);
  const setupStep = Math.floor(Date.now() / period);
  await typeCode(page, totp.generate({ timestamp: setupStep * period }));
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCodes = await page.getByTestId('recovery-code').allTextContents();
  await page.getByTestId('recovery-codes-saved').click();
  await expect(page.getByText('Autenticazione a due fattori attivata.')).toBeVisible();
  await expect(card.getByTestId('mfa-status')).toHaveText('Attiva');
  await expect(card.getByTestId('recovery-codes-left')).toHaveText('Ti restano 10 codici di recupero.');

  // The password alone is no longer enough; a wrong code is refused.
  await signOut(page);
  await signIn(page, username, { password: newcomerPassword });
  await expect(
    page.getByText('Inserisci il codice di 6 cifre che vedi nella tua app di autenticazione.'),
  ).toBeVisible();
  await typeCode(page, '000000');
  await expect(page.getByTestId('sign-in-error')).toHaveText('Codice non valido.');

  // The server refuses a code used before, so the journey types the next one after the setup's: the server allows a
  // phone's clock one step of drift, so it is taken at once.
  await typeCode(page, totp.generate({ timestamp: (setupStep + 1) * period }));
  await chooseShop(page, 'Milano Navigli');
  await page.waitForURL(/\/app$/);

  // Without the phone: a recovery code, typed in lower case with a space.
  await signOut(page);
  await signIn(page, username, { password: newcomerPassword });
  await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
  const [first = ''] = recoveryCodes;
  await page.getByTestId('recovery-code-input').fill(` ${first.toLowerCase()}`);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await chooseShop(page, 'Milano Navigli');
  await page.waitForURL(/\/app$/);
  await page.goto('/app/user?tab=security');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Ti restano 9 codici di recupero.');
  await expect(page.getByTestId('session-current')).toContainText('Due fattori');

  // The same recovery code does not work twice.
  await signOut(page);
  await signIn(page, username, { password: newcomerPassword });
  await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
  await page.getByTestId('recovery-code-input').fill(first);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Codice non valido.');

  // An administrator resets it (spec §8 MFA reset): the password alone signs in again.
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await admin.goto(`/app/employees/${id}/edit`);
  await admin.getByTestId('reset-mfa').click();
  await admin.getByTestId('confirm').click();
  await expect(admin.getByText('Autenticazione a due fattori di Elena Prova reimpostata.')).toBeVisible();
  await expect(admin.getByTestId('reset-mfa')).toHaveCount(0);
  await admin.context().close();

  await signIn(page, username, { password: newcomerPassword });
  await chooseShop(page, 'Milano Navigli');
  await page.waitForURL(/\/app$/);
});

test('a group that must use two-factor sets it up at sign-in before going on, and cannot turn it off', async ({
  page,
}) => {
  const { username } = await createEmployee({
    shop: 'Roma Termini',
    permissions: ['employees.dashboard', 'security.mustUseMfa'],
  });
  await signIn(page, username, { password: newcomerPassword });
  await expect(page.getByText('Autenticazione a due fattori obbligatoria')).toBeVisible();
  await typeCode(page, (await authenticatorApp(page)).generate());

  // The codes come before anything else; the session is kept only after "I saved them".
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expect(page.getByTestId('shop-select')).toHaveCount(0);
  await page.getByTestId('recovery-codes-saved').click();
  await chooseShop(page, 'Roma Termini');
  await page.waitForURL(/\/app$/);

  await page.goto('/app/user?tab=security');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('mfa-status')).toHaveText('Attiva');
  await expect(card.getByTestId('mfa-required')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Disattiva' })).toHaveCount(0);
  // Without the fingerprint ability there is no fingerprint card.
  await expect(page.getByTestId('passkeys-card')).toHaveCount(0);
});

test('too many wrong passwords lock that login only, telling the wait in minutes', async ({ page }) => {
  // A login of its own (nobody's: it is locked all the same, so the answers never tell who exists).
  const login = `e2e.nobody.${Date.now()}`;
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signIn(page, login, { password: 'sbagliata' });
    await expect(page.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  }
  await signIn(page, login, { password: 'sbagliata' });
  const error = page.getByTestId('sign-in-error');
  const submit = page.getByRole('button', { name: 'Accedi', exact: true });
  await expect(error).toHaveText('Troppi tentativi: riprova tra 15 minuti.');
  await expect(submit).toBeDisabled();
  // The fingerprint stays open: a passkey cannot be guessed, so the lock does not hold it back.
  await expect(page.getByTestId('passkey-sign-in')).toBeEnabled();
  // The next person on the shop's shared tablet signs in at once; the locked login is held back again.
  const loginField = page.getByLabel('Nome utente o email');
  await loginField.fill('dipendente');
  await expect(error).toBeHidden();
  await expect(submit).toBeEnabled();
  await loginField.fill(` ${login.toUpperCase()} `);
  await expect(error).toHaveText('Troppi tentativi: riprova tra 15 minuti.');
  await expect(submit).toBeDisabled();
  await loginField.fill('dipendente');
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await submit.click();
  await expect(page.getByText('In quale negozio lavori oggi?')).toBeVisible();
});
