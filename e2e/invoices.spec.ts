// Issue 22's invoices, on the server of today: a shop's invoice request for one of yesterday's sales (entered
// through the API as the cash report would) is opened by accounting from invoices/check, confirmed, and leaves the
// list; the archive shows it with its number and its FatturaPA XML downloads under the SdI's name. The check list,
// a request's page and the archive are then looked at on the tablet in dark and on the phone in Arabic.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessDate } from '../packages/contracts/src/dates';
import {
  callApi,
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

const token = (page: Page) => page.evaluate(() => localStorage.getItem('bottega.token') ?? '');

/** An invoice request for a sale of yesterday at Milano Duomo not yet invoiced, entered by the administrator. */
async function requestInvoice(page: Page): Promise<{ id: number; receiptNumber: number }> {
  const auth = await token(page);
  const { data: shops } = await callApi<{ data: { id: number; code: string }[] }>(page, {
    path: '/api/auth/shops',
    token: auth,
  });
  const shop = shops.find((each) => each.code === 'MI01');
  if (!shop) throw new Error('no MI01');
  const yesterday = businessDate(new Date(Date.now() - 86_400_000));
  const { data: report } = await callApi<{ data: { id: number } }>(page, {
    method: 'POST',
    path: `/api/shops/${shop.id}/cash-reports`,
    token: auth,
    body: { businessDate: yesterday },
  });
  const receipts = await callApi<{
    data: { id: number; type: string; receiptNumber: number; invoiceId: number | null }[];
  }>(page, { path: `/api/cash-reports/${report.id}/receipts?perPage=100`, token: auth });
  const sale = receipts.data.find((receipt) => receipt.type === 'sale' && receipt.invoiceId === null);
  if (!sale) throw new Error(`no sale to invoice on ${yesterday}`);
  const { data } = await callApi<{ data: { id: number } }>(page, {
    method: 'POST',
    path: `/api/cash-reports/${report.id}/invoices`,
    token: auth,
    body: {
      receiptId: sale.id,
      customerType: 'company',
      name: 'Sartoria Esposito S.r.l.',
      vatNumber: '10945670965',
      street: 'Via Toledo',
      streetNumber: '156',
      cap: '80134',
      city: 'Napoli',
      province: 'NA',
      sdiCode: 'M5UXCR1',
    },
  });
  return { id: data.id, receiptNumber: sale.receiptNumber };
}

test('accounting confirms an invoice request and downloads its FatturaPA XML', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  const invoice = await requestInvoice(admin);
  await admin.context().close();

  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Controllo fatture' }).click();
  await expect(accounting.getByRole('heading', { name: 'Controllo fatture', level: 1 })).toBeVisible();
  const row = accounting.getByTestId(`invoice-check-${invoice.id}`);
  await expect(row).toContainText('Sartoria Esposito S.r.l.');
  await expectNoSeriousViolations(accounting, 'controllo fatture');

  // Its page: a wrong SDI code is refused in place; corrected, saved, then confirmed.
  await row.getByTestId(`invoice-open-${invoice.id}`).click();
  await expect(accounting.getByRole('heading', { name: 'Fattura da controllare', level: 1 })).toBeVisible();
  await accounting.getByTestId('invoice-field-sdiCode').fill('M5U');
  await accounting.getByTestId('invoice-save').click();
  await expect(accounting.getByTestId('invoice-field-sdiCode')).toHaveAttribute('aria-invalid', 'true');
  await accounting.getByTestId('invoice-field-sdiCode').fill('KRRH6B9');
  await accounting.getByTestId('invoice-save').click();
  await expect(
    accounting.getByText(`Dati della fattura dello scontrino n. ${invoice.receiptNumber} salvati.`),
  ).toBeVisible();
  await expectNoSeriousViolations(accounting, 'fattura da controllare');
  await accounting.getByTestId('invoice-confirm').click();
  await accounting.getByRole('dialog', { name: 'Confermare la fattura?' }).getByTestId('confirm').click();
  await expect(accounting.getByText(/Fattura n\. \d+\/\d{4} confermata\./)).toBeVisible();
  // Back on the check list, which it has left (§4).
  await expect(accounting.getByRole('heading', { name: 'Controllo fatture', level: 1 })).toBeVisible();
  await expect(accounting.getByTestId(`invoice-check-${invoice.id}`)).toHaveCount(0);

  // The archive: its number, and the XML named as the SdI names it.
  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Archivio fatture' }).click();
  const archived = accounting.getByTestId(`invoice-archive-${invoice.id}`);
  await expect(archived).toContainText('Sartoria Esposito S.r.l.');
  await expect(archived).toContainText(/\d+\/\d{4}/);
  await expectNoSeriousViolations(accounting, 'archivio fatture');
  const downloading = accounting.waitForEvent('download');
  await archived.getByTestId(`invoice-xml-${invoice.id}`).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('<FormatoTrasmissione>FPR12</FormatoTrasmissione>');
  expect(text).toContain('<CodiceDestinatario>KRRH6B9</CodiceDestinatario>');
  await accounting.context().close();
});

test('the check list, a request and the archive on the tablet in dark and on the phone in Arabic', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A request waiting, so the check list shows a row.
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  const invoice = await requestInvoice(admin);
  await admin.context().close();
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'], viewport });
    for (const path of ['/app/invoices/check', `/app/invoices/${invoice.id}/edit`, '/app/invoices/archive']) {
      await page.goto(path);
      await expect(
        page
          .getByTestId(`invoice-check-${invoice.id}`)
          .or(page.getByTestId('invoice-edit-receipt'))
          .or(page.getByTestId('invoices-archive'))
          .or(page.getByTestId('invoices-archive-empty')),
      ).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${path} ${look.name}`);
      await keepForReview(page, {
        path: test.info().outputPath(`${path.split('/').slice(-1)[0]}-${look.lng}-${width}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  }
});
