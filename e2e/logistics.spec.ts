// Issue 25's logistics files, on the server of today: the warehouse (admin) imports a supplier's delivery into a
// goods-in file from a CSV — a first sheet with a bad row and an unknown code is reported and puts nothing in the form —
// sends it for processing and processes it; builds a picking file for Milano Duomo by typing a line and pasting two
// rows from a spreadsheet, processes it and emails it (the recipients shown first; the mail with the DDT attached is
// in the developers' outbox) and downloads the DDT. The shop (Giulia, Milano Duomo) sends a return to the warehouse.
// Then the screens on the tablet in dark and the phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openInLook,
  openMenuSection,
  tabletAndPhone,
  test,
} from './helpers';

// The pages' code loads on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const csv = (rows: string[]) => ({
  name: 'bolla-fornitore.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.join('\n')),
});

/** Picks the first option of a Select whose group (party type) is named `group`. */
async function pickFirstIn(page: Page, testId: string, group: string) {
  await page.getByTestId(testId).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('group', { name: group }).getByRole('option').first().click();
}

/** Runs a transition of the open file through its confirmation and waits for the state it leads to. */
async function transition(page: Page, action: string, state: string) {
  await page.getByTestId(`file-${action}`).click();
  await page.getByRole('dialog').getByTestId('confirm').click();
  await expect(page.getByTestId('file-state').first()).toHaveAttribute('data-state', state);
}

test('the warehouse imports and processes a goods-in file, picks for a shop and emails its DDT; the shop sends a return', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const warehouse = await openAs(browser, 'admin', 'Milano Duomo');

  // Goods in, from the menu: the supplier's delivery note as a CSV.
  await openMenuSection(warehouse, 'Logistica');
  await warehouse.getByRole('link', { name: 'Nuova entrata merce', exact: true }).click();
  await expect(warehouse.getByRole('heading', { name: 'Nuova entrata merce', level: 1 })).toBeVisible();
  await pickFirstIn(warehouse, 'file-from', 'Fornitore');
  await pickFirstIn(warehouse, 'file-to', 'Magazzino');
  await warehouse.getByTestId('file-supplier-number').fill(`F-${Date.now() % 100_000}`);
  await warehouse.getByTestId('lines-import').click();
  const drop = warehouse.getByTestId('import-drop').locator('input[type=file]');
  // A sheet with a quantity that is not one and a code not in the catalogue: reported, nothing to put in the form.
  await drop.setInputFiles(csv(['codice;descrizione;quantita', 'DON0001;;12', 'UOM0002;;due', 'ZZZ-NON-ESISTE;;1']));
  const report = warehouse.getByTestId('import-report');
  await expect(report.getByTestId('row-errors')).toContainText('Riga 3');
  await expect(report.getByTestId('import-unknown')).toContainText('ZZZ-NON-ESISTE');
  await expect(warehouse.getByTestId('import-confirm')).toBeDisabled();
  // Corrected, it reads three lines.
  await drop.setInputFiles(csv(['codice;descrizione;quantita', 'DON0001;;12', 'UOM0002;;2', 'ACC0001;;5']));
  await expect(warehouse.getByTestId('import-confirm')).toHaveText('Aggiungi 3 righe');
  await warehouse.getByTestId('import-confirm').click();
  await expect(warehouse.getByTestId('line-2-code')).toHaveValue('UOM0002');
  await expect(warehouse.getByTestId('line-3-code')).toHaveValue('ACC0001');
  await warehouse.getByTestId('file-save').click();
  await warehouse.waitForURL(/\/app\/in-files\/\d+\/edit$/);
  await expect(warehouse.getByTestId('file-state').first()).toHaveAttribute('data-state', 'saved');
  await transition(warehouse, 'send', 'sentForProcessing');
  await expect(warehouse.getByTestId('file-lines')).toContainText('ACC0001');
  await transition(warehouse, 'process', 'processed');
  await expect(warehouse.getByTestId('file-facts')).toContainText('/');

  // A picking file for Milano Duomo: one line typed (the catalogue offers the code), two pasted from a spreadsheet.
  await warehouse.goto('/app/picking-files/create');
  await pickFirstIn(warehouse, 'file-from', 'Magazzino');
  await warehouse.getByTestId('file-to').click();
  await warehouse.getByRole('option', { name: /Milano Duomo/ }).click();
  await warehouse.getByTestId('line-1-code').fill('DON000');
  await warehouse.getByRole('option', { name: /^DON0001 · / }).click();
  await expect(warehouse.getByTestId('line-1-description')).not.toHaveValue('');
  await warehouse.getByTestId('line-1-quantity').fill('3');
  await warehouse.getByTestId('line-1-lot').press('Enter');
  await expect(warehouse.getByTestId('line-2-code')).toBeFocused();
  await warehouse.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'UOM0002\t2\nACC0001\t1\n');
    document
      .querySelector('[data-testid="line-2-code"]')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(warehouse.getByTestId('line-3-code')).toHaveValue('ACC0001');
  await warehouse.getByTestId('file-save').click();
  await warehouse.waitForURL(/\/app\/picking-files\/\d+\/edit$/);
  const pickingUrl = warehouse.url();
  await transition(warehouse, 'send', 'sentForProcessing');
  await transition(warehouse, 'process', 'processed');
  const heading = (await warehouse.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const number = heading.replace(/^Picking /, '').replace(/[\u2066\u2069]/g, '');
  expect(number).toMatch(/^\d+\/[A-Z0-9-]+$/);
  await warehouse.getByTestId('file-email').click();
  const recipients = warehouse.getByTestId('email-recipients');
  await expect(recipients.getByRole('listitem').first()).toContainText('@');
  const recipient = (await recipients.getByRole('listitem').first().textContent()) ?? '';
  await warehouse.getByRole('dialog').getByTestId('confirm').click();
  await expect(warehouse.getByTestId('file-state').first()).toHaveAttribute('data-state', 'emailed');
  const download = warehouse.waitForEvent('download');
  await warehouse.getByRole('button', { name: 'DDT PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^picking-files-.+-ddt\.pdf$/);

  // The mail with the DDT attached is in the developers' outbox.
  await warehouse.goto('/app/developer/mail');
  const mail = warehouse.locator('[data-testid^="mail-row-"]', { hasText: recipient.trim() }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
  await expect(warehouse.getByTestId('mail-recipient')).toHaveText(recipient.trim());
  await expect(warehouse.getByTestId('mail-attachments')).toContainText('.pdf');

  // Giulia sends two pieces back to the warehouse from Milano Duomo.
  const shop = await openAs(browser, 'commessa', 'Milano Duomo');
  await openMenuSection(shop, 'Logistica');
  await shop.getByRole('link', { name: 'Nuovo reso dal negozio', exact: true }).click();
  await expect(shop.getByTestId('file-from')).toHaveValue(/Milano Duomo/);
  await pickFirstIn(shop, 'file-to', 'Magazzino');
  await shop.getByTestId('line-1-code').fill('DON0001');
  await shop.getByTestId('line-1-quantity').fill('2');
  await shop.getByTestId('file-save').click();
  await shop.waitForURL(/\/app\/shop-out-files\/\d+$/);
  await transition(shop, 'send', 'sentForProcessing');
  // The office sees it arrive in its list.
  await warehouse.goto('/app/shop-out-files/list');
  await expect(warehouse.getByTestId('files-table')).toContainText('Milano Duomo');
  await warehouse.goto(pickingUrl.replace(/^.*\/app/, '/app'));
  await expect(warehouse.getByTestId('file-state').first()).toHaveAttribute('data-state', 'emailed');
  await shop.context().close();
  await warehouse.context().close();
});

test('the logistics screens on the tablet in dark and the phone in Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  const shot = (name: string) => test.info().outputPath(name);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    await page.goto('/app/picking-files/list');
    await expect(page.getByTestId('files-table')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `picking files ${look.name} ${width}`);
    await keepForReview(page, { path: shot(`picking-files-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
    await page.getByTestId('files-table').getByRole('link').first().click();
    await expect(page.getByTestId('file-actions')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `picking file ${look.name} ${width}`);
    await keepForReview(page, { path: shot(`picking-file-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
    await page.goto('/app/in-files/create');
    await expect(page.getByTestId('lines-editor')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `new goods in ${look.name} ${width}`);
    await keepForReview(page, { path: shot(`in-file-create-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
    await page.context().close();
  }
});
