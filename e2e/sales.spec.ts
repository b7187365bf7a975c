import { expect, type Page } from '@playwright/test';
import { openAs, openMenuSection, sundayEvening, test } from './helpers';

// This journey's server and browser clocks are Sunday 22 November 2026, 19:00 (playwright.config.ts), so the demo's
// days are the same whenever the suite runs: Saturday 21 is Milano Duomo's last open day, whose close the printer's
// agent never sent.
/** The Sunday before: the demo shops are closed then, so it has no fiscal close. */
const sunday = '2026-11-15';

function receipt(day: string, receiptNumber: number, totalCents: number) {
  return {
    registerCode: 'E2E-CASSA9',
    businessDate: day,
    issuedAt: `${day}T10:${String(receiptNumber).padStart(2, '0')}:00Z`,
    receiptNumber,
    sequenceNumber: receiptNumber,
    type: 'sale',
    totalCents,
    pieces: 1,
    lines: [{ productCode: 'E2E-1', quantity: 1, unitPriceCents: 2500, subtotalCents: 2500, vatRate: 2200 }],
    payments: [{ method: 'cash', amountCents: totalCents }],
  };
}

/** The day's corrispettivi XML (COR10) as the printer gives it: the one 25,00 € receipt at 22 % VAT. */
function corrispettivi(day: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<n1:DatiCorrispettivi xmlns:n1="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/corrispettivi/dati/v1.0" versione="COR10">
  <Trasmissione><Progressivo>901</Progressivo><Formato>COR10</Formato>
    <Dispositivo><Tipo>RT</Tipo><IdDispositivo>72MEX000777</IdDispositivo></Dispositivo></Trasmissione>
  <DataOraRilevazione>${day}T19:55:00</DataOraRilevazione>
  <DatiRT>
    <Riepilogo><IVA><AliquotaIVA>22.00</AliquotaIVA><Imposta>4.51</Imposta></IVA><Ammontare>20.49</Ammontare><ImportoParziale>20.49</ImportoParziale></Riepilogo>
    <Totali><NumeroDocCommerciali>1</NumeroDocCommerciali><PagatoContanti>25.00</PagatoContanti><PagatoElettronico>0.00</PagatoElettronico></Totali>
  </DatiRT>
</n1:DatiCorrispettivi>`;
}

async function sendReceipts(page: Page, credential: string, receipts: unknown[]) {
  return page.request.post('/api/sales/ingest/receipts', {
    headers: { Authorization: `Bearer ${credential}` },
    data: { receipts },
  });
}

test('a shop is connected with a credential, its refused record and missing close are seen, the close is typed in and the credential revoked', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo', { at: sundayEvening });

  // From the shops list to the shop's sales feed.
  await openMenuSection(admin, 'Gestione');
  await admin.getByRole('link', { name: 'Negozi', exact: true }).click();
  await admin.getByRole('link', { name: 'Flusso vendite: Milano Duomo' }).click();
  await expect(admin).toHaveURL(/\/app\/shops\/\d+\/sales-feed$/);
  await expect(admin.getByRole('heading', { name: 'Flusso vendite · Milano Duomo' })).toBeVisible();
  const shopUrl = admin.url();

  // A credential: its secret is shown this once.
  await admin.getByTestId('sales-client-create').click();
  await admin.getByRole('button', { name: 'Crea credenziale' }).click();
  await expect(admin.getByText('Campo obbligatorio.')).toBeVisible();
  await admin.getByTestId('sales-client-name').fill('Cassa E2E');
  await admin.getByRole('button', { name: 'Crea credenziale' }).click();
  await expect(admin.getByText('Il segreto non sarà più mostrato')).toBeVisible();
  const clientId = (await admin.getByTestId('sales-client-id').textContent()) ?? '';
  const secret = (await admin.getByTestId('sales-client-secret').textContent()) ?? '';
  expect(clientId).toMatch(/^bsc_/);
  expect(secret.length).toBeGreaterThan(20);
  await expect(admin.getByTestId('sales-client-header')).toHaveText(`Authorization: Bearer ${clientId}.${secret}`);
  await admin.getByTestId('sales-client-done').click();
  await expect(admin.getByText(secret)).toHaveCount(0);
  await expect(admin.getByTestId(`sales-client-${clientId}`)).toContainText('Mai usata');

  // The register sends a Sunday's receipts; the second one's total does not match its lines.
  const credential = `${clientId}.${secret}`;
  const answer = await sendReceipts(admin, credential, [receipt(sunday, 1, 2500), receipt(sunday, 2, 3000)]);
  expect(answer.status()).toBe(200);
  const { data } = await answer.json();
  expect(data.accepted).toBe(1);
  expect(data.rejected).toMatchObject([{ index: 1, reason: 'totalsMismatch' }]);

  await admin.reload();
  await expect(admin.getByTestId('sales-source-E2E-CASSA9')).toContainText('Cassa');
  const rejection = admin.getByTestId('sales-rejections').getByRole('row', { name: /E2E-CASSA9/ });
  await expect(rejection).toContainText('Totale non coerente');
  await expect(rejection).toContainText('Scontrino');
  await expect(rejection).toContainText(`E2E-CASSA9/${sunday}/2`);
  await expect(admin.getByTestId(`sales-client-${clientId}`)).not.toContainText('Mai usata');

  // The Sunday has receipts and no fiscal close: typed in from the paper report.
  await admin.getByTestId(`sales-enter-close-${sunday}`).click();
  await expect(admin.getByTestId('close-businessDate')).toHaveValue(sunday);
  await admin.getByRole('button', { name: 'Salva chiusura' }).click();
  await expect(admin.getByText('Campo obbligatorio.').first()).toBeVisible();
  await admin.getByTestId('close-closedAt').fill('20:00');
  await admin.getByTestId('close-closeNumber').fill('900');
  await admin.getByTestId('close-totalCents').fill('25,00');
  await admin.getByTestId('close-documentsCount').fill('1');
  await admin.getByTestId('close-vatBreakdown.0.taxableCents').fill('20,49');
  await admin.getByTestId('close-vatBreakdown.0.taxCents').fill('4,00');
  await admin.getByRole('button', { name: 'Salva chiusura' }).click();
  await expect(admin.getByRole('alert')).toContainText('Il riepilogo IVA non torna');
  await admin.getByTestId('close-vatBreakdown.0.taxCents').fill('4,51');
  await admin.getByRole('button', { name: 'Salva chiusura' }).click();
  await expect(admin.getByText('segnata come inserita a mano')).toBeVisible();
  await expect(admin.getByTestId(`sales-missing-${sunday}`)).toHaveCount(0);

  // The Sunday before: the printer has no close for a day the shop was shut, so its corrispettivi file is uploaded.
  const sundayBefore = new Date(Date.parse(`${sunday}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  expect((await sendReceipts(admin, credential, [receipt(sundayBefore, 1, 2500)])).status()).toBe(200);
  await admin.reload();
  await admin.getByTestId(`sales-read-printer-${sundayBefore}`).click();
  await expect(admin.getByText('Chiusura fiscale assente').first()).toBeVisible();
  await admin.getByTestId(`sales-upload-close-${sundayBefore}`).click();
  const drop = admin.getByTestId('close-file-drop').locator('input[type=file]');
  await drop.setInputFiles({ name: 'z-report.xml', mimeType: 'text/xml', buffer: Buffer.from(corrispettivi(sunday)) });
  await expect(admin.getByTestId('close-file-error')).toContainText('non del');
  await drop.setInputFiles({ name: 'notes.xml', mimeType: 'text/xml', buffer: Buffer.from('<note>ciao</note>') });
  await expect(admin.getByTestId('close-file-error')).toContainText('non è un file dei corrispettivi');
  await drop.setInputFiles({
    name: 'z-report.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(corrispettivi(sundayBefore)),
  });
  await expect(admin.getByText('letta dal file')).toBeVisible();
  await expect(admin.getByTestId(`sales-missing-${sundayBefore}`)).toHaveCount(0);
  await expect(admin.getByTestId('sales-source-72MEX000777')).toContainText('Stampante fiscale');

  // A weekday whose close the printer's agent did not send (one a month in the demo): read from the printer.
  await admin.getByTestId('sales-read-printer-2026-11-21').click();
  await expect(admin.getByText('Chiusura fiscale del 21/11/2026 letta dalla stampante.')).toBeVisible();
  await expect(admin.getByTestId('sales-missing-2026-11-21')).toHaveCount(0);

  // Revoked, the credential is refused.
  await admin.getByRole('button', { name: 'Revoca: Cassa E2E' }).click();
  await admin.getByTestId('confirm').click();
  await expect(admin.getByText('Credenziale «Cassa E2E» revocata.')).toBeVisible();
  await expect(admin.getByTestId(`sales-client-${clientId}`).getByTestId('sales-client-revoked')).toBeVisible();
  expect((await sendReceipts(admin, credential, [receipt(sunday, 3, 2500)])).status()).toBe(401);

  // The shop's page leads here too.
  await admin.getByRole('link', { name: 'Scheda negozio', exact: true }).click();
  await admin.getByRole('link', { name: 'Flusso vendite', exact: true }).click();
  await expect(admin).toHaveURL(shopUrl);

  // Without shops.manage.edit the feed shows, the credentials do not; without the daily close, no close buttons.
  const controller = await openAs(browser, 'areacontrollo', 'Milano Duomo', { at: sundayEvening });
  await controller.goto(shopUrl);
  await expect(controller.getByTestId('sales-source-E2E-CASSA9')).toBeVisible();
  await expect(controller.getByTestId('sales-rejections')).toContainText('Totale non coerente');
  await expect(controller.getByTestId('sales-days')).toBeVisible();
  await expect(controller.getByTestId('sales-clients')).toHaveCount(0);
  await expect(controller.getByTestId('sales-client-create')).toHaveCount(0);
});
