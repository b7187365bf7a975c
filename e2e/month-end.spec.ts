// Issue 22's month end, on the server of today: accounting opens last month, whose three checks hold for every demo
// shop (a day that differed from the printer was accepted when it was closed), convalidates one shop's month and sees
// it confirmed once the (simulated) accounting system has taken its entries; this month is red where cash waits for
// the bank, with the day. Then the page on the tablet in dark and on the phone in Arabic.
import { expect as baseExpect } from '@playwright/test';
import { businessDate } from '../packages/contracts/src/dates';
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

const expect = baseExpect.configure({ timeout: 30_000 });

const thisMonth = businessDate(new Date()).slice(0, 7);

test('accounting convalidates a clean month and sees it confirmed; this month shows its waiting days in red', async ({
  browser,
}) => {
  const page = await openAs(browser, 'contabilita', 'Milano Duomo');
  await openMenuSection(page, 'Contabilità');
  await page.getByRole('link', { name: 'Convalida mesi' }).click();
  await expect(page.getByRole('heading', { name: 'Convalida dei mesi', level: 1 })).toBeVisible();
  const duomo = page.getByTestId('month-shop-MI01');
  for (const check of ['compensation', 'pos', 'cash'])
    await expect(duomo.getByTestId(`month-check-${check}`)).toHaveAttribute('data-ok', 'true');
  await expect(duomo.getByTestId('month-state')).toHaveText('Da convalidare');
  await expectNoSeriousViolations(page, 'convalida mesi');
  await duomo.getByTestId('month-convalidate').click();
  const confirm = page.getByRole('dialog', { name: 'Convalidare il mese?' });
  await expect(confirm).toContainText('MI01 · Milano Duomo');
  await confirm.getByTestId('confirm').click();
  await expect(
    page.getByText('MI01 · Milano Duomo: mese convalidato, in trasmissione alla contabilità.'),
  ).toBeVisible();
  await expect(duomo.getByTestId('month-state')).toHaveText('Confermato');
  await expect(duomo).toContainText('Convalidato da Laura Bianchi');

  // This month: not over, and the cash of its last days still waits for the bank, named by day.
  await page.goto(`/app/report/convalidate?month=${thisMonth}`);
  const cash = page.getByTestId('month-shop-MI02').getByTestId('month-check-cash');
  await expect(cash).toHaveAttribute('data-ok', 'false');
  await expect(cash.getByTestId('month-check-day').first()).toContainText(
    /versamento non confermato dalla banca|contanti non ancora versati/,
  );
  await expect(page.getByTestId('month-shop-MI02').getByTestId('month-convalidate')).toBeDisabled();
  await page.context().close();
});

test('the month end on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'], viewport });
    await page.goto(`/app/report/convalidate?month=${thisMonth}`);
    await expect(page.getByTestId('month-shop-MI01')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `month end ${look.name}`);
    await keepForReview(page, { path: test.info().outputPath(`month-end-${look.lng}-${width}.png`), fullPage: true });
    await page.context().close();
  }
});
