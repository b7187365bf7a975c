// Issue 17 §3: the cash screens on a phone (390 × 844) and the shop tablet (768 × 1024), on the Sunday-evening
// server (playwright.config.ts): the month, a day's report, the weekly cash list and a week fit without scrolling
// sideways, their badges whole, the shop in the header, and the draft's toast leaves the report's buttons free.
// Torino Centro, which no other cash journey touches.
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  callApi,
  expectBadgesWhole,
  expectFitsWidth,
  expectToastClearOf,
  smallScreens,
  startAs,
  sundayEvening,
  switchLanguage,
  test,
} from './helpers';

// Each journey walks several screens, each loading its code on its first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const shop = 'Torino Centro';
const today = sundayEvening.slice(0, 10);

async function signedIn(page: Page) {
  await page.clock.setFixedTime(new Date(sundayEvening));
  await startAs(page, 'admin', shop);
}

async function expectFits(page: Page) {
  await expectFitsWidth(page);
  await expectBadgesWhole(page);
  await expect(page.getByTestId('current-shop')).toHaveText(shop);
}

for (const screen of smallScreens) {
  test.describe(`on the ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the month, a closed day, the weekly cash list and a week fit the screen', async ({ page }) => {
      await signedIn(page);
      await page.goto('/app/shop/cashRegister');
      await expect(page.getByTestId('cash-day-2026-11-20')).toBeVisible();
      await expectFits(page);

      await page.getByTestId('cash-day-2026-11-20').click();
      await expect(page).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit/);
      await expect(page.getByTestId('cash-summary')).toBeVisible();
      await expectFits(page);

      await page.goto('/app/shops/weekly-cash/list');
      await expect(page.getByTestId('weekly-list-table')).toBeVisible();
      await expectFits(page);

      await page.goto('/app/shops/weekly-cash/create/2026-W47');
      await expect(page.getByTestId('weekly-day-2026-11-22')).toBeVisible();
      await expectFits(page);
    });

    test('a saved draft’s toast leaves the report’s buttons and the shop badge free', async ({ page }) => {
      await signedIn(page);
      const token = await page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
      const { data: user } = await callApi<{ data: { shop: { id: number } } }>(page, {
        path: '/api/auth/user',
        token,
      });
      const { data: report } = await callApi<{ data: { id: number } }>(page, {
        method: 'POST',
        path: `/api/shops/${user.shop.id}/cash-reports`,
        token,
        body: { businessDate: today },
      });
      await page.goto(`/app/shop/cashRegister/${report.id}/edit`);
      const save = page.getByTestId('cash-save');
      await expect(save).toBeVisible();
      await save.click();
      await expectToastClearOf(page, 'Bozza salvata', save);
      await expectToastClearOf(page, 'Bozza salvata', page.getByTestId('cash-confirm'));
    });

    test('in Arabic, right to left, the week fits the screen', async ({ page }) => {
      await signedIn(page);
      await page.goto('/app/shops/weekly-cash/create/2026-W47');
      await switchLanguage(page, 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('weekly-day-2026-11-22')).toBeVisible();
      await expectFits(page);
    });
  });
}
