// Issue 25's shop archive, stock and document checks, on the server of today. The warehouse (admin) ships a picking
// file to Milano Duomo and takes back a shop return through the API, both processed. Giulia finds the picking file's
// bolla in her shop's archive, counts one piece less than sent and confirms the receipt with that difference. The
// office validates the return's RM document (irreversibly, after the question) and is refused, with §8's message, a
// document no processed file matches. The stock of Milano Duomo is searched and compared with a count: a bad row and
// an unknown code are reported, then the differences are listed and saved as a CSV. Then the screens on the tablet in
// dark and the phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import type { LogisticsFile, LogisticsSide } from '../packages/contracts/src/logistics';
import {
  callApi,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openInLook,
  openMenuSection,
  pick,
  tabletAndPhone,
  test,
} from './helpers';

// The pages' code loads on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const csv = (name: string, rows: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });

/** A file created, sent and processed through the API as the signed-in page's person: its number is given. */
async function processedFile(
  page: Page,
  slug: 'picking-files' | 'shop-out-files',
  body: { from: LogisticsSide; to: LogisticsSide; lines: { productCode: string; quantity: number }[] },
): Promise<LogisticsFile> {
  const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
  const { data: file } = await callApi<{ data: LogisticsFile }>(page, {
    method: 'POST',
    path: `/api/logistics/${slug}`,
    token,
    body: {
      from: { type: body.from.type, id: body.from.id },
      to: { type: body.to.type, id: body.to.id },
      date: new Date().toISOString().slice(0, 10),
      transportReason: slug === 'picking-files' ? 'transfer' : 'return',
      goodsAppearance: 'Cartoni',
      lines: body.lines,
    },
  });
  await callApi(page, { method: 'POST', path: `/api/logistics/${slug}/${file.id}/send`, token });
  return (
    await callApi<{ data: LogisticsFile }>(page, {
      method: 'POST',
      path: `/api/logistics/${slug}/${file.id}/process`,
      token,
    })
  ).data;
}

/** The first warehouse and Milano Duomo, as the person of the page may pick them. */
async function warehouseAndDuomo(page: Page): Promise<{ warehouse: LogisticsSide; duomo: LogisticsSide }> {
  const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
  const { data: sides } = await callApi<{
    data: { warehouses: LogisticsSide[]; shops: LogisticsSide[] };
  }>(page, { path: '/api/logistics/sides', token });
  return {
    warehouse: sides.warehouses[0] as LogisticsSide,
    duomo: sides.shops.find((shop) => shop.name.endsWith('Milano Duomo')) as LogisticsSide,
  };
}

test('a shop confirms a delivery note with a difference; an RM document is validated and a wrong one refused; the stock is searched and compared with a count', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const office = await openAs(browser, 'admin', 'Milano Duomo');
  const { warehouse, duomo } = await warehouseAndDuomo(office);
  const picking = await processedFile(office, 'picking-files', {
    from: warehouse,
    to: duomo,
    lines: [
      { productCode: 'DON0001', quantity: 3 },
      { productCode: 'UOM0002', quantity: 2 },
    ],
  });
  const shopReturn = await processedFile(office, 'shop-out-files', {
    from: duomo,
    to: warehouse,
    lines: [{ productCode: 'ACC0001', quantity: 1 }],
  });
  const pickingNumber = picking.documentNumber ?? '';
  expect(pickingNumber).toMatch(/^\d+\/[A-Z0-9-]+$/);

  // Giulia finds the bolla in her shop's archive, from the menu.
  const shop = await openAs(browser, 'commessa', 'Milano Duomo');
  await openMenuSection(shop, 'Negozio');
  await shop.getByRole('link', { name: 'Archivio bolle', exact: true }).click();
  await expect(shop.getByRole('heading', { name: 'Archivio bolle', level: 1 })).toBeVisible();
  await expect(shop).toHaveTitle('Archivio bolle · Milano Duomo · Bottega');
  await shop.getByTestId('note-search').fill(pickingNumber);
  await pick(shop, 'note-direction', 'In arrivo');
  const row = shop.getByTestId(`note-row-${picking.id}`);
  await expect(row.getByTestId('note-to-receive')).toHaveText('Da confermare');
  await row.getByRole('link', { name: pickingNumber, exact: true }).click();
  await expect(shop.getByRole('heading', { level: 1 })).toContainText(pickingNumber);
  await expect(shop.getByTestId('note-lines')).toContainText('DON0001');
  const download = shop.waitForEvent('download');
  await shop.getByRole('button', { name: 'Scarica il DDT (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^DDT-.+\.pdf$/);
  // One piece of UOM0002 is missing: the line is highlighted and counted.
  const receive = shop.getByTestId('note-receive');
  await expect(receive.getByTestId('note-differences')).toHaveText('Tutto corrisponde a quanto inviato.');
  await receive.getByRole('textbox', { name: 'Pezzi ricevuti di UOM0002' }).fill('1');
  await expect(receive.getByTestId('note-line-2')).toHaveAttribute('data-differs', 'true');
  await expect(receive.getByTestId('note-line-difference')).toHaveText('−1');
  await expect(receive.getByTestId('note-differences')).toHaveText('1 riga diversa da quanto inviato');
  await expectNoSeriousViolations(shop, 'bolla da ricevere');
  await receive.getByTestId('note-receive-button').click();
  const question = shop.getByRole('dialog', { name: 'Confermare il ricevimento?' });
  await expect(question).toContainText('UOM0002 −1');
  await question.getByTestId('confirm').click();
  await expect(shop.getByTestId('note-received-alert')).toContainText('con differenze');
  await expect(shop.getByTestId('note-receive')).toHaveCount(0);
  await expect(shop.getByTestId('note-line-2')).toContainText('1 (−1)');
  await shop.context().close();

  // The office validates the return's RM document; a number no processed file has is refused.
  await openMenuSection(office, 'Documenti');
  await office.getByRole('link', { name: 'Controllo documenti RM', exact: true }).click();
  await expect(office.getByRole('heading', { name: 'Controllo documenti RM', level: 1 })).toBeVisible();
  const [number, series] = (shopReturn.documentNumber ?? '').split('/');
  const [year, month, day] = (shopReturn.documentDate ?? shopReturn.date).split('-');
  const add = async (documentNumber: string) => {
    await office.getByTestId('document-add').click();
    const dialog = office.getByRole('dialog', { name: 'Aggiungi documento' });
    await dialog.getByTestId('document-date').fill(`${day}/${month}/${year}`);
    await dialog.getByTestId('document-number').fill(documentNumber);
    await dialog.getByTestId('document-serial').fill(series ?? '');
    await dialog.getByTestId('document-save').click();
    await expect(dialog).toHaveCount(0);
  };
  const validate = async (label: string) => {
    await office.getByTestId('document-search').fill(label.split('/')[0] ?? '');
    await office.getByRole('button', { name: `Convalida: ${label}`, exact: true }).click();
    const dialog = office.getByRole('dialog', { name: `Convalidare il documento ${label}?` });
    await expect(dialog).toContainText('irreversibile');
    await dialog.getByTestId('confirm').click();
    return dialog;
  };
  await add(number ?? '');
  await validate(`${number}/${series}`);
  const rowOf = (label: string) => office.getByRole('row').filter({ has: office.getByText(label, { exact: true }) });
  const validated = rowOf(`${number}/${series}`);
  await expect(validated.getByTestId('validated')).toHaveText('Convalidato');
  await expect(validated).toContainText('Alessandra Ferri');
  await expect(office.getByRole('button', { name: `Convalida: ${number}/${series}`, exact: true })).toHaveCount(0);
  const wrong = String(Number(number) + 90_000);
  await add(wrong);
  const refused = await validate(`${wrong}/${series}`);
  await expect(refused.getByRole('alert')).toHaveText("Convalida del documento non riuscita, contatta l'assistenza.");
  await refused.getByRole('button', { name: 'Annulla' }).click();
  await expect(rowOf(`${wrong}/${series}`).getByTestId('not-validated')).toBeVisible();
  await expectNoSeriousViolations(office, 'controllo documenti RM');

  // The stock of Milano Duomo, searched, then compared with a count.
  await openMenuSection(office, 'Logistica');
  await office.getByRole('link', { name: 'Giacenze', exact: true }).click();
  await pick(office, 'stock-location', 'MI01 · Milano Duomo');
  await office.getByTestId('stock-search').fill('DON0001');
  await expect(office.getByTestId('stock-row-DON0001')).toBeVisible();
  await expect(office.getByTestId('stock-total')).toHaveText('1 prodotto');
  const drop = office.getByTestId('stock-count-drop').locator('input[type=file]');
  await drop.setInputFiles(csv('conta.csv', ['codice;quantita', 'DON0001;0', 'UOM0002;tre', 'ZZZ-NON-ESISTE;1']));
  await expect(office.getByTestId('stock-count-errors')).toContainText('Riga 3');
  await expect(office.getByTestId('stock-count-unknown')).toContainText('ZZZ-NON-ESISTE');
  await drop.setInputFiles(csv('conta.csv', ['codice;quantita', 'DON0001;0', 'UOM0002;1']));
  await expect(office.getByTestId('stock-count-errors')).toHaveCount(0);
  await expect(office.getByTestId('difference-DON0001')).toBeVisible();
  await expectNoSeriousViolations(office, 'giacenze e inventario');
  const saved = office.waitForEvent('download');
  await office.getByRole('button', { name: 'Scarica le differenze (CSV)' }).click();
  expect((await saved).suggestedFilename()).toMatch(/^differenze-inventario-.+\.csv$/);
  await office.context().close();
});

test('the delivery notes, stock and document check screens on the tablet in dark and the phone in Arabic', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shot = (name: string) => test.info().outputPath(name);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    // A bolla to show, whatever ran before.
    const { warehouse, duomo } = await warehouseAndDuomo(page);
    await processedFile(page, 'picking-files', {
      from: warehouse,
      to: duomo,
      lines: [{ productCode: 'DON0001', quantity: 1 }],
    });
    for (const [name, path, shown] of [
      ['delivery-notes', '/app/shop/bds/archive', 'notes-table'],
      ['stock', '/app/logistics/stock', 'stock-table'],
      ['documents-rm', '/app/documents/manage/rm', 'documents-table'],
    ] as const) {
      await page.goto(path);
      // The register may be empty on a server of its own: its empty state is a screen too.
      await expect(page.getByTestId(shown).or(page.getByTestId('documents-empty'))).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${name} ${look.name} ${width}`);
      await keepForReview(page, { path: shot(`${name}-${look.lng}-${look.scheme}-${width}.png`), fullPage: true });
      if (name === 'delivery-notes') {
        await page.getByTestId('notes-table').getByRole('link').first().click();
        await expect(page.getByTestId('note-lines')).toBeVisible();
        await expectFitsWidth(page);
        await expectNoSeriousViolations(page, `delivery note ${look.name} ${width}`);
        await keepForReview(page, {
          path: shot(`delivery-note-${look.lng}-${look.scheme}-${width}.png`),
          fullPage: true,
        });
      }
    }
    await page.context().close();
  }
});
