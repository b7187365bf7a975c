// What a day's report holds (issue 8), on the Sunday-evening server: Napoli Toledo's Saturday, left open by the demo,
// gets an invoice request from one of its receipts, an expense paid from the till within an authorisation created by
// management, and a photo of the fiscal close. (weekly-cash.spec.ts closes that day afterwards.)
import { expect } from '@playwright/test';
import { openAs, openMenuSection, pngImage, sundayEvening, test } from './helpers';

const saturday = '2026-11-21';

test('a receipt becomes an invoice request, an authorised expense lowers the expected cash, a photo is attached', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Napoli Toledo', { at: sundayEvening });

  // Management authorises the shop to spend up to 50 € on cleaning in November.
  await openMenuSection(admin, 'Gestione');
  await admin.getByRole('link', { name: 'Spese autorizzate', exact: true }).click();
  // The shop worked in comes first.
  await expect(admin.getByTestId('authorisations-shop')).toHaveValue('NA01 · Napoli Toledo');
  await admin.getByTestId('authorisation-create').click();
  await admin.getByTestId('authorisation-field-description').fill('Pulizie straordinarie');
  await admin.getByTestId('authorisation-field-maxAmount').fill('50,00');
  await admin.getByTestId('authorisation-field-validFrom').fill('01/11/2026');
  await admin.getByTestId('authorisation-field-validTo').fill('30/11/2026');
  await admin.getByTestId('authorisation-save').click();
  await expect(admin.getByTestId('authorisations-table')).toContainText('Pulizie straordinarie');

  // The Saturday's report.
  await admin.goto('/app/shop/cashRegister?month=2026-11');
  await admin.getByTestId(`cash-day-${saturday}`).click();
  await expect(admin).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit/);
  const expectedCash = admin.getByTestId('cash-system-dailyCashCents');
  const cashBefore = (await expectedCash.textContent()) ?? '';

  // An expense over what is left is refused; within it, it is kept and lowers the cash the till should hold.
  await admin.getByTestId('expense-add').click();
  await expect(admin.getByTestId('expense-left')).toContainText('€ 50,00');
  await admin.getByTestId('expense-field-amount').fill('60,00');
  await admin.getByTestId('expense-save').click();
  await expect(admin.getByRole('dialog')).toContainText('€ 50,00');
  await admin.getByTestId('expense-field-amount').fill('30,00');
  await admin.getByTestId('expense-field-comments').fill('Detersivi e panni');
  await admin.getByTestId('expense-save').click();
  await expect(admin.getByTestId('expenses-table')).toContainText('Detersivi e panni');
  await expect(expectedCash).not.toHaveText(cashBefore);

  // A sale among the receipts, found by searching, asks for an invoice; a wrong fiscal code is refused in place.
  await admin.getByTestId('cash-tab-receipts').click();
  await expect(admin).toHaveURL(/tab=receipts/);
  const request = admin.locator('[data-testid^="invoice-request-"]').first();
  await request.click();
  await admin.getByTestId('invoice-field-name').fill('Lucia');
  await admin.getByTestId('invoice-field-surname').fill('Esposito');
  await admin.getByTestId('invoice-field-fiscalCode').fill('SPSLCU80A41F839X');
  await admin.getByTestId('invoice-field-street').fill('Via Toledo');
  await admin.getByTestId('invoice-field-streetNumber').fill('156');
  await admin.getByTestId('invoice-field-cap').fill('80134');
  await admin.getByTestId('invoice-field-city').fill('Napoli');
  await admin.getByTestId('invoice-field-province').fill('NA');
  await admin.getByTestId('invoice-save').click();
  await expect(admin.getByRole('dialog')).toContainText('codice fiscale');
  await admin.getByTestId('invoice-field-fiscalCode').fill('SPSLCU80A41F839R');
  await admin.getByTestId('invoice-save').click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await expect(admin.locator('[data-testid^="receipt-invoice-"]').first()).toBeVisible();

  // Back on the figures, accounting blocks the request: nobody changes it any more.
  await admin.getByTestId('cash-tab-compensation').click();
  const invoice = admin.locator('[data-testid^="invoice-block-"]').first();
  await expect(admin.getByTestId('invoices-table')).toContainText('Esposito');
  await invoice.click();
  await expect(admin.locator('[data-testid^="invoice-unblock-"]').first()).toBeVisible();

  // A photo of the fiscal close, uploaded with its progress, previewed and then removed after a confirmation.
  await admin.getByTestId('cash-tab-attachments').click();
  await expect(admin.getByTestId('attachments-empty')).toBeVisible();
  await admin
    .getByTestId('attachment-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'chiusura-fiscale.png', mimeType: 'image/png', buffer: pngImage(64, 48) });
  const attachment = admin.locator('[data-testid^="attachment-preview-"]').first();
  await expect(attachment).toBeVisible();
  await attachment.click();
  await expect(admin.getByRole('dialog').getByTestId('attachment-preview-image')).toBeVisible();
  await admin.keyboard.press('Escape');
  await admin.locator('[data-testid^="attachment-delete-"]').first().click();
  await admin.getByTestId('confirm').click();
  await expect(admin.getByTestId('attachments-empty')).toBeVisible();
});
