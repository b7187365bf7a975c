import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { linkMailedTo, openMenuSection, pick, pngImage, signIn, slowUploads, startAs, test } from './helpers';

test('an employee is created with an identity document, found in the list, turned EX and re-hired', async ({
  page,
}) => {
  await startAs(page, 'admin', 'Milano Duomo');
  await openMenuSection(page, 'Gestione');
  await page.getByRole('link', { name: 'Dipendenti' }).click();
  await expect(page).toHaveURL(/\/app\/employees\/list$/);
  await expect(page.getByTestId('employee-row-dipendente')).toBeVisible();

  await page.getByRole('link', { name: 'Nuovo dipendente' }).click();
  await page.getByTestId('field-name').fill('Giulia');
  await page.getByTestId('field-surname').fill('Esposito');
  await page.getByTestId('field-fiscalCode').fill('spsgli95e50f839q');
  await page.getByTestId('field-birthday').fill('10/05/1995');
  await page.getByTestId('field-email').fill('giulia.esposito@bottega.example');
  await page.getByRole('tab', { name: 'Lavoro' }).click();
  await page.getByTestId('field-username').fill('gesposito');
  await pick(page, 'field-shopId', 'Milano Duomo');
  await pick(page, 'field-groupIds', 'Dipendente');
  await page.getByRole('tab', { name: 'Dati bancari' }).click();
  await page.getByTestId('field-iban').fill('IT48 X050 3403 2000 0000 0987 655');

  // A wrong IBAN is refused; what was typed stays.
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(page.getByText("L'IBAN non supera il controllo: verifica le cifre.")).toBeVisible();
  await page.getByRole('tab', { name: 'Dati personali' }).click();
  await expect(page.getByTestId('field-surname')).toHaveValue('Esposito');
  await page.getByRole('tab', { name: 'Dati bancari' }).click();
  await page.getByTestId('field-iban').fill('IT48 X050 3403 2000 0000 0987 654');
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(
    page.getByText(
      'Giulia Esposito è stato creato: a giulia.esposito@bottega.example è partito il link per scegliere la password. Ora puoi caricare i documenti.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/employees\/\d+\/edit\?tab=documents$/);

  // A slow link, so the upload's progress can be seen.
  const fullSpeed = await slowUploads(page, 150 * 1024);

  const front = page.getByTestId('document-identityFront');
  await expect(front.getByText('Non caricato')).toBeVisible();
  await front.locator('input[type="file"]').setInputFiles({
    name: 'carta-fronte.png',
    mimeType: 'image/png',
    buffer: pngImage(320, 200, 'noise'),
  });
  await expect(front.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByText('carta-fronte.png caricato.')).toBeVisible({ timeout: 20_000 });
  await fullSpeed();
  const preview = front.getByTestId('document-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  await expect(front.getByText('carta-fronte.png')).toBeVisible();

  // Found in the list.
  await page.getByRole('navigation').getByRole('link', { name: 'Dipendenti' }).click();
  await page.getByTestId('employee-search').fill('esposito giulia');
  const row = page.getByTestId('employee-row-gesposito');
  await expect(row).toBeVisible();
  await expect(row).toContainText('SPSGLI95E50F839Q');
  await expect(row).toContainText('Milano Duomo');
  await expect(row).toContainText('Attivo');

  // Turned EX, then re-hired with what they had.
  await row.getByRole('link', { name: 'Modifica: Esposito Giulia' }).click();
  await page.getByRole('tab', { name: 'Lavoro' }).click();
  await page.getByRole('button', { name: 'Segna come ex dipendente' }).click();
  await page.getByTestId('confirm').click();
  await expect(page.getByText('Giulia Esposito è ora un ex dipendente.')).toBeVisible();
  await expect(page.getByTestId('ex-memberships')).toBeVisible();
  await expect(page.getByTestId('employee-type-card').getByTestId('employee-type')).toHaveText('Ex dipendente');

  await page.getByRole('button', { name: 'Riassumi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Riassumere il dipendente' });
  await expect(dialog.getByText('Dipendente', { exact: true })).toBeVisible();
  await dialog.getByTestId('confirm-rehire').click();
  await expect(page.getByText('Giulia Esposito è di nuovo un dipendente attivo.')).toBeVisible();
  await expect(page.getByTestId('employee-type-card').getByTestId('employee-type')).toHaveText('Attivo');
  await expect(page.getByTestId('employee-role')).toContainText('Dipendente');

  // The history tells who did what.
  await page.getByRole('tab', { name: 'Storico' }).click();
  const history = page.getByTestId('employee-history');
  await expect(history.getByText('Tipo di dipendente cambiato')).toHaveCount(2);
  await expect(history.getByText('Documento caricato')).toBeVisible();
  await expect(history.getByText('Alessandra Ferri').first()).toBeVisible();
});

test('a new employee chooses their password through the invitation; a new email waits for its confirmation', async ({
  page,
  browser,
}) => {
  // Unique names, so the journey can run again on the same database.
  const suffix = randomBytes(3).toString('hex');
  const username = `invito.${suffix}`;
  const email = `invito.${suffix}@bottega.example`;
  const newEmail = `nuovo.${suffix}@bottega.example`;

  await startAs(page, 'admin', 'Milano Duomo');
  await page.goto('/app/employees/create');
  await page.getByTestId('field-name').fill('Sara');
  await page.getByTestId('field-surname').fill(`Invito${suffix}`);
  await page.getByTestId('field-email').fill(email);
  await expect(page.getByText('Qui arriva il link con cui il dipendente sceglie la sua password.')).toBeVisible();
  await page.getByRole('tab', { name: 'Lavoro' }).click();
  await page.getByTestId('field-username').fill(username);
  // Nobody types a colleague's password.
  await expect(page.getByTestId('field-password')).toHaveCount(0);
  await pick(page, 'field-shopId', 'Milano Duomo');
  await pick(page, 'field-groupIds', 'Dipendente');
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(page.getByText(`a ${email} è partito il link per scegliere la password`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/employees\/\d+\/edit\?tab=documents$/);
  const editUrl = page.url().replace(/\?.*$/, '');

  // The employee opens the invitation from their inbox and chooses a password.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  const invitation = await linkMailedTo(email, 'set-password');
  expect(invitation).toMatch(/^http:\/\/localhost:\d+\/set-password\?token=[\w-]{43}$/);
  await employee.goto(invitation);
  await expect(employee.getByText('Scegli la tua password')).toBeVisible();
  await expect(employee.getByText('Poi accedi con il tuo nome utente e questa password.')).toBeVisible();
  await employee.getByLabel(/^Nuova password/).fill('la mia password 1');
  await employee.getByLabel(/^Ripeti la nuova password/).fill('la mia password 1');
  await employee.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(employee).toHaveURL(/\/\?reset=done$/);
  await signIn(employee, username, { password: 'la mia password 1' });
  await expect(employee.getByTestId('shop-select')).toBeVisible();
  // The invitation works once.
  await employee.goto(invitation);
  await expect(employee.getByTestId('reset-link-refused')).toBeVisible();

  // The admin changes the email: it waits for the new address to confirm it.
  await page.goto(`${editUrl}?tab=personal`);
  await page.getByTestId('field-email').fill(newEmail);
  await page.getByRole('button', { name: 'Salva' }).first().click();
  await expect(page.getByText(`In attesa di conferma: ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId('field-email')).toHaveValue(email);

  // A set-password link can be sent again from the record, to the current address.
  await page.getByRole('tab', { name: 'Lavoro' }).click();
  await page.getByTestId('send-password-link').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByText(`Link inviato a ${email}.`)).toBeVisible();
  await linkMailedTo(email, 'set-password', 1);

  // The owner of the new address confirms it.
  await employee.goto(await linkMailedTo(newEmail, 'confirm-email'));
  await expect(employee.getByText('Conferma il nuovo indirizzo email')).toBeVisible();
  await employee.getByRole('button', { name: "Conferma l'indirizzo" }).click();
  await expect(employee.getByTestId('email-confirmed')).toHaveText(
    "Indirizzo confermato: da ora è l'email del tuo account.",
  );
  await employeeContext.close();

  await page.goto(`${editUrl}?tab=personal`);
  await expect(page.getByTestId('field-email')).toHaveValue(newEmail);
  await expect(page.getByText('In attesa di conferma')).toHaveCount(0);
});
