import { expect, test } from '@playwright/test';
import { pick, pngImage, signInWithShop, slowUploads } from './helpers';

test('an employee is created with an identity document, found in the list, turned EX and re-hired', async ({
  page,
}) => {
  await signInWithShop(page, 'admin', 'Milano Duomo');
  await page.getByText('Gestione').click();
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
  await page.getByTestId('field-password').fill('segreta2026');
  await page.getByTestId('field-passwordConfirmation').fill('segreta2026');
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
  await expect(page.getByText('Giulia Esposito è stato creato: ora puoi caricare i documenti.')).toBeVisible();
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
