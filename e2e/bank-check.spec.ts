// Issue 21's bank side, on the server of today: a shop records two deposits of the same sum; accounting
// uploads the bank's statement (its one credit could be either), resolves the ambiguous match by choosing one and
// convalidates it; the archive then shows the deposit with its bank line, and the same statement uploaded again adds
// nothing. The upload and the check are then looked at on the tablet in dark and on the phone in Arabic.

import { expect as baseExpect, type Page } from '@playwright/test';
import type { BankStatement } from '../apps/server/src/integrations/bank/bank-statement';
import { writeCamt053 } from '../apps/server/src/integrations/bank/bank-statement.simulator';
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

// The check's and the upload's code load on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const dayMs = 86_400_000;
const token = (page: Page) => page.evaluate(() => localStorage.getItem('bottega.token') ?? '');

/**
 * A shop with cash still to deposit (not Milano Navigli, whose cash the deposits journey takes): its id, account, two
 * of its people and its last closed day, on which it can deposit without having deposited more than it took.
 */
async function shopWithCash(page: Page, amountCents: number) {
  const auth = await token(page);
  const { data: shops } = await callApi<{ data: { shopId: number; shopCode: string; balanceCents: number }[] }>(page, {
    path: '/api/cash-to-deposit?perPage=100',
    token: auth,
  });
  const shop = shops
    .filter((each) => each.shopCode !== 'MI02')
    .sort((left, right) => right.balanceCents - left.balanceCents)[0];
  if (!shop || shop.balanceCents < 2 * amountCents) throw new Error('no shop with cash to deposit');
  const today = businessDate(new Date());
  let lastClosed: string | undefined;
  for (const month of [today.slice(0, 7), businessDate(new Date(Date.now() - 28 * dayMs)).slice(0, 7)]) {
    const { data } = await callApi<{ data: { days: { date: string; reportStatus: string | null }[] } }>(page, {
      path: `/api/shops/${shop.shopId}/cash-to-deposit?month=${month}`,
      token: auth,
    });
    lastClosed ??= data.days.filter((day) => day.reportStatus === 'closed').at(-1)?.date;
  }
  const { data: detail } = await callApi<{ data: { accountNumber: string; name: string } }>(page, {
    path: `/api/shops/${shop.shopId}`,
    token: auth,
  });
  const { data: carriers } = await callApi<{ data: { id: number }[] }>(page, {
    path: `/api/shops/${shop.shopId}/deposit-carriers`,
    token: auth,
  });
  if (!lastClosed || carriers.length === 0) throw new Error(`${shop.shopCode} has no closed day or no people`);
  return { id: shop.shopId, account: detail.accountNumber, carriers: carriers.map((each) => each.id), lastClosed };
}

function statementFile(account: string, bookingDate: string, amountCents: number, id: string): Buffer {
  const statement: BankStatement = {
    format: 'camt053',
    statementId: id,
    account: `0306909606${account}`,
    currency: 'EUR',
    openingDate: bookingDate,
    closingDate: bookingDate,
    openingCents: 1_000_000,
    closingCents: 1_000_000 + amountCents,
    entries: [
      {
        line: 0,
        bankReference: `E2E-${id}`,
        bookingDate,
        valueDate: bookingDate,
        amountCents,
        description: 'VERSAMENTO CONTANTI SPORTELLO',
        counterparty: null,
      },
    ],
  };
  return Buffer.from(writeCamt053([statement]));
}

test('accounting uploads a statement, chooses the deposit of an ambiguous credit and convalidates it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  // Two deposits of the same sum (in cents no demo deposit has), on the shop's last closed day, by two of its people.
  const amountCents = 12_345;
  const shop = await shopWithCash(accounting, amountCents);
  const ids: number[] = [];
  for (const carriedBy of [shop.carriers[0], shop.carriers[1] ?? shop.carriers[0]]) {
    const { data } = await callApi<{ data: { id: number } }>(accounting, {
      method: 'POST',
      path: '/api/deposits',
      token: await token(accounting),
      body: { shopId: shop.id, date: shop.lastClosed, amountCents, carriedBy },
    });
    ids.push(data.id);
  }
  const file = statementFile(shop.account, businessDate(new Date()), amountCents, `E2E${Date.now() % 100000}/1`);

  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Carica estratto conto' }).click();
  await expect(accounting.getByRole('heading', { name: 'Carica estratto conto', level: 1 })).toBeVisible();
  await expect(accounting.getByTestId('bank-demo-files')).toBeVisible();
  // A file that is not a statement is refused with the reason, nothing imported.
  await accounting
    .getByTestId('bank-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('solo un appunto') });
  await expect(accounting.getByTestId('bank-upload-failure')).toHaveText(
    'Il file non è un estratto conto CAMT.053 o CBI.',
  );
  await accounting.getByRole('button', { name: 'Carica un altro file' }).click();
  await accounting
    .getByTestId('bank-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'estratto.xml', mimeType: 'application/xml', buffer: file });
  await expect(accounting.getByTestId('bank-upload-result')).toContainText('Righe lette: 1, nuove: 1');
  await expectNoSeriousViolations(accounting, 'carica estratto conto');

  await accounting.getByRole('link', { name: 'Vai al controllo versamenti' }).click();
  await expect(accounting.getByRole('heading', { name: 'Controllo versamenti', level: 1 })).toBeVisible();
  const credit = accounting.getByTestId('check-ambiguous-credit').filter({ hasText: 'VERSAMENTO CONTANTI SPORTELLO' });
  await expect(credit.getByRole('radio')).toHaveCount(2);
  await expect(credit.getByTestId('check-convalidate-choice')).toBeDisabled();
  await expectNoSeriousViolations(accounting, 'controllo versamenti');
  await credit.getByRole('radio').nth(1).check();
  await credit.getByTestId('check-convalidate-choice').click();
  const confirm = accounting.getByRole('dialog', { name: 'Convalidare i versamenti?' });
  await expect(confirm).toContainText('€ 123,45');
  await confirm.getByTestId('confirm').click();
  await expect(accounting.getByText('Versamento di \u2066€ 123,45\u2069 convalidato.')).toBeVisible();
  // Settled: the credit is gone, its twin waits among the unmatched deposits.
  await expect(credit).toHaveCount(0);
  await expect(accounting.getByTestId(`check-deposit-${ids[0]}`)).toBeVisible();

  // The archive shows the convalidated deposit with the bank line it arrived in.
  await openMenuSection(accounting, 'Contabilità');
  await accounting.getByRole('link', { name: 'Archivio versamenti' }).click();
  await expect(accounting.getByTestId(`deposit-state-${ids[1]}`)).toHaveText('Convalidato');
  await expect(accounting.getByTestId(`deposit-bank-line-${ids[1]}`)).toContainText('In banca il');

  // The demo bank's statement (as CBI) of every deposit not yet convalidated: most match, and go at once; one names
  // a card nobody has.
  const demo = await accounting.request.get('/api/bank/demo-statement?format=cbi', {
    headers: { authorization: `Bearer ${await token(accounting)}` },
  });
  expect(demo.status()).toBe(200);
  await accounting.goto('/app/deposit/upload/bank');
  await accounting
    .getByTestId('bank-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'estratto-demo.txt', mimeType: 'text/plain', buffer: await demo.body() });
  await expect(accounting.getByTestId('bank-upload-result')).toContainText('Righe lette');
  await accounting.getByRole('link', { name: 'Vai al controllo versamenti' }).click();
  await expect(accounting.getByTestId('check-unknown-cards')).toContainText('5999000011112222');
  await accounting.getByTestId('check-convalidate-all').click();
  await accounting.getByRole('dialog', { name: 'Convalidare i versamenti?' }).getByTestId('confirm').click();
  await expect(accounting.getByText(/versamenti per .* convalidati\./)).toBeVisible();
  await expect(accounting.getByTestId('check-convalidate-all')).toHaveCount(0);

  // The same statement again: nothing new.
  await accounting.goto('/app/deposit/upload/bank');
  await accounting
    .getByTestId('bank-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'estratto.xml', mimeType: 'application/xml', buffer: file });
  await expect(accounting.getByTestId('bank-upload-result')).toContainText('nessuna riga nuova');
  // The first upload's line, as read: convalidated with its deposit.
  await accounting.getByTestId('bank-uploads').getByRole('button', { name: '1 (1)' }).first().click();
  await expect(accounting.getByTestId('bank-lines')).toContainText('Convalidata con 1 versamento');
  await expectNoSeriousViolations(accounting, 'righe dell’estratto');
  await accounting.context().close();
});

test('the upload and the check on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'], viewport });
    for (const path of ['/app/deposit/upload/bank', '/app/deposit/check']) {
      await page.goto(path);
      await expect(page.getByTestId('bank-uploads').or(page.getByTestId('check-matched'))).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${path} ${look.name}`);
      await keepForReview(page, {
        path: test.info().outputPath(`${path.split('/').at(-1)}-${look.lng}-${width}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  }
});
