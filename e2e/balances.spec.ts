import { expect as baseExpect } from '@playwright/test';
import {
  callApi,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  openAs,
  openMenuSection,
  switchLanguage,
  test,
  typedCents,
} from './helpers';

// The screen loads its code (and the calendar's) on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const euro = (cents: number) =>
  `${cents < 0 ? '-' : ''}€ ${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' }).format(Math.abs(cents) / 100)}`;

type ShopRow = { shopCode: string; balanceCents: number };

test('accounting sees each shop’s balance, generates last month’s and corrects one with a reason', async ({
  browser,
}, testInfo) => {
  const page = await openAs(browser, 'contabilita', 'Milano Duomo');
  const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
  const today = await callApi<{ data: { shops: ShopRow[] } }>(page, { path: '/api/balances', token });
  const navigli = today.data.shops.find((shop) => shop.shopCode === 'MI02') as ShopRow;

  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Saldi' }).click();
  await expect(page.getByRole('heading', { name: 'Saldi', exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-total-MI02')).toHaveText(euro(navigli.balanceCents));
  await expect(page.getByTestId('balance-totals')).toContainText('Totale');

  // Last month is shown first: the demo generated it already, so generating again leaves it as it was.
  await page.getByTestId('balance-generate').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByText(/saldi generati o aggiornati, \d+ invariati/)).toBeVisible();

  // Corrected with a reason, confirmed old → new.
  const row = page.getByTestId('balance-month-MI02');
  await page.getByTestId('balance-edit-MI02').click();
  const dialog = page.getByRole('dialog');
  const amountField = dialog.getByTestId('balance-edit-amount');
  const amountCents = Math.round(Number((await amountField.inputValue()).replace(/\./g, '').replace(',', '.')) * 100);
  await amountField.fill(typedCents(amountCents + 1_000));
  await dialog.getByTestId('balance-edit-next').click();
  await expect(dialog.getByText('Campo obbligatorio.')).toBeVisible();
  await dialog.getByTestId('balance-edit-reason').fill('Dieci euro in monete trovati nel conteggio della cassaforte');
  await dialog.getByTestId('balance-edit-next').click();
  await expect(dialog.getByTestId('balance-edit-confirm')).toContainText(
    `da \u2066${euro(amountCents)}\u2069 a \u2066${euro(amountCents + 1_000)}\u2069`,
  );
  await dialog.getByTestId('balance-edit-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('balance-edited-MI02')).toHaveText('Modificato');
  await expect(page.getByTestId('balance-reason-MI02')).toHaveText(
    'Dieci euro in monete trovati nel conteggio della cassaforte',
  );
  await expect(row).toContainText(euro(amountCents + 1_000));
  await expectNoSeriousViolations(page, 'saldi');

  // The tablet and the phone, dark, and Arabic right to left.
  const shot = (name: string) =>
    keepForReview(page, { path: testInfo.outputPath(`balances-${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectFitsWidth(page);
  await shot('tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  // The menu opened on the desktop closes on a phone's fresh load.
  await page.reload();
  await expect(page.getByTestId('balance-edited-MI02')).toBeVisible();
  await expectFitsWidth(page);
  await shot('phone');
  await page.evaluate(() => localStorage.setItem('bottega.color-scheme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('balance-edited-MI02')).toBeVisible();
  await shot('phone-dark');
  await page.setViewportSize({ width: 768, height: 1024 });
  await switchLanguage(page, 'ar');
  await expect(page.getByTestId('balance-edited-MI02')).toHaveText('معدَّل');
  await expectFitsWidth(page);
  await shot('tablet-dark-arabic');
});
