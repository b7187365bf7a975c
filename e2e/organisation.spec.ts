import { randomInt } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import {
  chooseShop,
  linkMailedTo,
  openMenuSection,
  pick,
  pngImage,
  signIn,
  signInWithShop,
  signOut,
  test,
} from './helpers';

// Issue 4 end to end: a new company and shop, an employee of that shop with an identity document,
// who chooses their password through the invitation, registers, changes the password and then resets
// it through the mail in their inbox (the journeys' mail catcher).
// Every name is unique, so the journey can run again on the same database.
const suffix = `${Date.now().toString(36)}${randomInt(1000, 9999)}`;
const companyName = `Bottega E2E ${suffix} S.r.l.`;
const companyCode = `E2E${suffix}`.toUpperCase();
const shopName = `Pisa E2E ${suffix}`;
const shopCode = `PI${suffix}`.toUpperCase();
const username = `e2e.${suffix}`;
const email = `${suffix}@bottega.example`;
const firstName = 'Mario';
const surname = `Rossi${suffix}`;

/** A valid partita IVA: a random 10-digit base and its check digit. */
function vatNumber(): string {
  let base = '';
  do {
    base = Array.from({ length: 10 }, () => String(randomInt(0, 10))).join('');
  } while (/^0+$/.test(base));
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(base.charAt(index));
    if (index % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** After signing in: the shop is chosen when the app asks for it. */
async function chooseShopIfAsked(page: Page, shop: string, landing: RegExp) {
  const shopSelect = page.getByTestId('shop-select');
  await expect
    .poll(async () => landing.test(new URL(page.url()).pathname) || (await shopSelect.isVisible()))
    .toBe(true);
  if (await shopSelect.isVisible()) await chooseShop(page, shop);
  await expect(page).toHaveURL(landing);
}

test('a new company, shop and employee: the employee registers, changes and resets the password', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const vat = vatNumber();

  // 1. The admin creates the company and a shop of it.
  const admin = await newPage(browser);
  await signInWithShop(admin, 'admin', 'Milano Duomo');
  await openMenuSection(admin, 'Gestione');
  await admin.getByRole('link', { name: 'Aziende', exact: true }).click();
  await admin.getByRole('link', { name: 'Nuova azienda' }).click();
  await admin.getByTestId('company-name').fill(companyName);
  await admin.getByTestId('company-code').fill(companyCode.toLowerCase());
  await admin.getByTestId('company-vat').fill(vat);
  await admin.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText(`Azienda ${companyName} salvata.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/app\/company\/\d+\/edit$/);
  await expect(admin.getByTestId('company-code')).toHaveValue(companyCode);
  await expect(admin.getByTestId('company-vat')).toHaveValue(vat);

  await admin.getByRole('link', { name: 'Negozi', exact: true }).click();
  await admin.getByRole('link', { name: 'Nuovo negozio' }).click();
  await admin.getByTestId('shop-name').fill(shopName);
  await admin.getByTestId('shop-code').fill(shopCode.toLowerCase());
  await pick(admin, 'shop-companyId', companyName);
  await admin.getByTestId('shop-address').fill('Borgo Stretto 12');
  await admin.getByTestId('shop-city').fill('Pisa');
  await admin.getByTestId('shop-province').fill('pi');
  await admin.getByTestId('shop-cap').fill('56127');
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  await expect(admin.getByText(`Negozio ${shopName} salvato.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/app\/shops\/\d+\/edit$/);
  await expect(admin.getByTestId('shop-code')).toHaveValue(shopCode);

  // The save notification may cover the back link (top right): the list is opened by its address.
  await admin.goto('/app/shops/list');
  await pick(admin, 'filter-company', companyName);
  await expect(admin.getByTestId(`shop-row-${shopCode}`)).toBeVisible();
  await expect(admin.getByTestId('shops-total')).toHaveText('1 negozio');

  // 2. An employee of the new shop, with the front of the identity card.
  await admin.goto('/app/employees/list');
  await expect(admin).toHaveURL(/\/app\/employees\/list$/);
  await admin.getByRole('link', { name: 'Nuovo dipendente' }).click();
  await admin.getByTestId('field-name').fill(firstName);
  await admin.getByTestId('field-surname').fill(surname);
  await admin.getByTestId('field-email').fill(email);
  await admin.getByRole('tab', { name: 'Lavoro' }).click();
  await admin.getByTestId('field-username').fill(username);
  await pick(admin, 'field-shopId', shopName);
  await pick(admin, 'field-groupIds', 'Dipendente');
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  await expect(
    admin.getByText(
      `${firstName} ${surname} è stato creato: a ${email} è partito il link per scegliere la password. Ora puoi caricare i documenti.`,
    ),
  ).toBeVisible();
  await expect(admin).toHaveURL(/\/app\/employees\/\d+\/edit\?tab=documents$/);

  const front = admin.getByTestId('document-identityFront');
  await expect(front.getByText('Non caricato')).toBeVisible();
  await front.locator('input[type="file"]').setInputFiles({
    name: 'carta-fronte.png',
    mimeType: 'image/png',
    buffer: pngImage(64, 48),
  });
  await expect(admin.getByText('carta-fronte.png caricato.')).toBeVisible();
  const preview = front.getByTestId('document-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  await expect(front.getByText('carta-fronte.png')).toBeVisible();

  await admin.getByRole('navigation').getByRole('link', { name: 'Dipendenti' }).click();
  await admin.getByTestId('employee-search').fill(surname);
  const row = admin.getByTestId(`employee-row-${username}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(shopName);
  await admin.context().close();

  // 3. The employee chooses their password through the invitation, signs in for the first time and
  // is taken to the registration.
  const employee = await newPage(browser);
  await employee.goto(await linkMailedTo(email, 'set-password'));
  await expect(employee.getByText('Scegli la tua password')).toBeVisible();
  await employee.getByLabel(/^Nuova password/).fill('Bottega-e2e-1');
  await employee.getByLabel(/^Ripeti la nuova password/).fill('Bottega-e2e-1');
  await employee.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(employee).toHaveURL(/\/\?reset=done$/);
  await signIn(employee, username, { password: 'Bottega-e2e-1' });
  await chooseShopIfAsked(employee, shopName, /\/app\/registration$/);
  await expect(employee.getByRole('heading', { name: 'Completa la registrazione' })).toBeVisible();
  await employee.getByTestId('field-phone').fill('+39 333 765 4321');
  await employee.getByTestId('field-fiscalCode').fill('rssmra85t10a562s');
  await employee.getByTestId('field-birthday').fill('10/12/1985');
  await employee.getByTestId('field-birthday').press('Escape');
  await employee.getByTestId('field-identityCardNumber').fill('CA98765ZY');
  await employee.getByTestId('field-address').fill('Via Santa Maria 20');
  await employee.getByTestId('field-city').fill('Pisa');
  await employee.getByTestId('field-cap').fill('56100');
  await employee.getByTestId('field-iban').fill('IT60 X054 2811 1010 0000 0123 456');
  await employee.getByTestId('field-bankName').fill('Banca di Pisa');
  await employee.getByTestId('registration-submit').click();
  await expect(employee).toHaveURL(/\/app$/);
  await expect(employee.getByRole('heading', { name: `Ciao, ${firstName}` })).toBeVisible();

  // 4. A new password from the profile, then signing in again with it.
  await employee.getByTestId('user-menu').click();
  await employee.getByTestId('user-menu-profile').click();
  await expect(employee).toHaveURL(/\/app\/user$/);
  await expect(employee.getByTestId('field-fiscalCode')).toHaveValue('RSSMRA85T10A562S');
  const form = employee.getByTestId('password-form');
  await form.getByRole('textbox', { name: 'Password attuale', exact: true }).fill('Bottega-e2e-1');
  await form.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('Bottega-e2e-2');
  await form.getByRole('textbox', { name: 'Conferma la nuova password' }).fill('Bottega-e2e-2');
  await form.getByRole('button', { name: 'Cambia password' }).click();
  await expect(employee.getByText(/^Password cambiata/)).toBeVisible();

  await signOut(employee);
  await signIn(employee, username, { password: 'Bottega-e2e-1' });
  await expect(employee.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await signIn(employee, username, { password: 'Bottega-e2e-2' });
  await chooseShopIfAsked(employee, shopName, /\/app$/);
  await expect(employee.getByRole('heading', { name: `Ciao, ${firstName}` })).toBeVisible();

  // 5. Forgotten password: the link comes by mail, to the employee's inbox.
  await signOut(employee);
  await employee.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(employee).toHaveURL(/\/forgot-password$/);
  await employee.getByLabel(/^Email/).fill(email);
  await employee.getByRole('button', { name: 'Inviami il link' }).click();
  await expect(employee.getByTestId('reset-link-sent')).toContainText('Link inviato');
  const link = await linkMailedTo(email, 'reset-password');
  expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);

  await employee.goto(link);
  await expect(employee.getByText('Scegli una nuova password')).toBeVisible();
  await employee.getByLabel(/^Nuova password/).fill('Bottega-e2e-3');
  await employee.getByLabel(/^Ripeti la nuova password/).fill('Bottega-e2e-3');
  await employee.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(employee).toHaveURL(/\/\?reset=done$/);
  await expect(employee.getByTestId('password-reset-done')).toHaveText(
    'Password cambiata: accedi con la nuova password.',
  );

  await employee.getByLabel('Nome utente o email').fill(username);
  await employee.getByRole('textbox', { name: 'Password' }).fill('Bottega-e2e-2');
  await employee.getByRole('button', { name: 'Accedi' }).click();
  await expect(employee.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await employee.getByRole('textbox', { name: 'Password' }).fill('Bottega-e2e-3');
  await employee.getByRole('button', { name: 'Accedi' }).click();
  await chooseShopIfAsked(employee, shopName, /\/app$/);
  await expect(employee.getByRole('heading', { name: `Ciao, ${firstName}` })).toBeVisible();
  await employee.context().close();
});
