import { expect as baseExpect } from '@playwright/test';
import { writePosSettlement } from '../apps/server/src/integrations/pos/pos-settlement.simulator';
import { businessDate } from '../packages/contracts/src/dates';
import type { PosComparison } from '../packages/contracts/src/pos';
import {
  callApi,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openMenuSection,
  pick,
  test,
} from './helpers';

// The import and the screens load their code on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const milanMerchant = '4570011021';

test('accounting uploads the acquirer’s settlement, filters the archive and finds the day that differs', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const page = await openAs(browser, 'contabilita', 'Milano Duomo');
  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Archivio POS' }).click();
  await expect(page.getByRole('heading', { name: 'Archivio POS' })).toBeVisible();

  // A day of Milano Duomo the demo's settlement agrees on: one transaction more will make it differ.
  const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
  const yesterday = businessDate(new Date(Date.now() - 86_400_000));
  const month = yesterday.slice(0, 7);
  const shops = await callApi<{ data: { id: number; code: string }[] }>(page, { path: '/api/auth/shops', token });
  const milanId = shops.data.find((shop) => shop.code === 'MI01')?.id;
  const comparison = await callApi<{ data: PosComparison }>(page, {
    path: `/api/pos/comparison?month=${month}&shopId=${milanId}`,
    token,
  });
  const day = comparison.data.days.filter((candidate) => !candidate.differs && candidate.salesCents !== null).at(-1);
  if (!day) throw new Error(`the demo settled no agreeing day of MI01 in ${month}`);
  // Unique per run, so a retried journey's file is new too.
  const code = `E2E${Date.now() % 1_000_000}`;
  const file = (amount: string) =>
    Buffer.from(
      writePosSettlement([
        {
          date: day.date,
          merchantCode: milanMerchant,
          terminal: 'MI01-09',
          cardType: 'AMEX',
          amountCents: 1_234,
          state: 'accepted',
          authorisationCode: code,
        },
        {
          date: day.date,
          merchantCode: '4570098765',
          terminal: 'XX-01',
          cardType: 'VISA',
          amountCents: 500,
          state: 'accepted',
          authorisationCode: code,
        },
      ]).replace('12,34', amount),
    );
  const input = page.getByTestId('pos-upload-drop').locator('input[type=file]');

  // A file the import cannot read: refused whole, naming the line and the field.
  await input.setInputFiles({ name: 'estratto-rotto.csv', mimeType: 'text/csv', buffer: file('dodici') });
  await expect(page.getByTestId('pos-upload-failure')).toContainText('Riga 2: valore di «Importo» non leggibile.');
  await page.getByTestId('pos-upload-another').click();

  // The good file: the import's bar ends, with what it made of the file.
  await input.setInputFiles({ name: 'estratto.csv', mimeType: 'text/csv', buffer: file('12,34') });
  const imported = page.getByTestId('pos-upload-import');
  await expect(imported.locator('[data-state]')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('pos-upload-result')).toContainText('1 riga dei negozi · 1 nuova');
  await expect(page.getByTestId('pos-upload-unknown')).toContainText('4570098765: 1 riga');

  // The archive filtered to the shop, the month and the card type shows it.
  if (month !== businessDate().slice(0, 7)) await page.goto(`/app/shops/pos/archive?month=${month}`);
  await pick(page, 'pos-shop', 'MI01 · Milano Duomo');
  await pick(page, 'pos-card-type', 'AMEX');
  await expect(page.getByTestId('pos-entries')).toContainText(code);
  await expect(page.getByTestId('pos-entries-total')).toContainText('€ 12,34');
  await expectNoSeriousViolations(page, 'archivio POS');

  // The comparison flags that day, the report and the sales each € 12,34 short of the settlement.
  await page.getByTestId('pos-tab-comparison').click();
  const row = page.getByTestId(`pos-day-MI01-${day.date}`);
  await expect(row).toHaveAttribute('data-differs', 'true');
  await expect(row.getByTestId(`pos-day-MI01-${day.date}-sales`)).toContainText('12,34');
  await page.getByTestId('pos-only-differing').click();
  await expect(page.getByTestId('pos-comparison').locator('tbody tr:not([data-differs="true"])')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'confronto POS');

  // The shop tablet in dark mode and the phone in Arabic.
  await page.evaluate(() => localStorage.setItem('bottega.color-scheme', 'dark'));
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.reload();
  await expect(row).toBeVisible();
  await expectFitsWidth(page);
  await expectNoSeriousViolations(page, 'confronto POS, tablet scuro');
  await row.scrollIntoViewIfNeeded();
  await keepForReview(page, { path: testInfo.outputPath('pos-comparison-768-dark.png') });
  await page.evaluate(() => {
    localStorage.setItem('bottega.color-scheme', 'light');
    localStorage.setItem('bottega.lng', 'ar');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(row).toBeVisible();
  await expectFitsWidth(page);
  await expectNoSeriousViolations(page, 'confronto POS, telefono arabo');
  await row.scrollIntoViewIfNeeded();
  await keepForReview(page, { path: testInfo.outputPath('pos-comparison-390-ar.png') });
  await page.getByTestId('pos-tab-entries').click();
  await expect(page.getByTestId('pos-entries')).toContainText(code);
  await expectFitsWidth(page);
  await keepForReview(page, { path: testInfo.outputPath('pos-entries-390-ar.png'), fullPage: true });
  await page.getByTestId('pos-upload').scrollIntoViewIfNeeded();
  await keepForReview(page, { path: testInfo.outputPath('pos-upload-390-ar.png') });
});
