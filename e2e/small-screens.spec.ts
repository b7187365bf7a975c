// Issue 17 §3: the screens of the day on a phone (390 × 844) and the shop tablet (768 × 1024): no table scrolls
// sideways, no badge is cut short, the shop stays in the header, and a toast leaves the buttons free. The cash
// screens have theirs in cash-register-small-screens.spec.ts (on the Sunday-evening server).
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  expectBadgesWhole,
  expectFitsWidth,
  expectToastClearOf,
  signInWithShop,
  smallScreens,
  startAs,
  switchLanguage,
  test,
} from './helpers';

// Each journey walks several screens, each loading its code on its first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

async function expectShopInHeader(page: Page, shop: string) {
  const badge = page.getByTestId('current-shop');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(shop);
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

for (const screen of smallScreens) {
  test.describe(`on the ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the dashboard, the employee list and the file manager fit, with the shop in the header', async ({ page }) => {
      await signInWithShop(page, 'admin', 'Milano Duomo');
      await expectShopInHeader(page, 'Milano Duomo');
      await expectFitsWidth(page);

      await page.goto('/app/employees/list');
      await expect(page.getByTestId('employee-row-noshifts')).toBeVisible();
      await expectFitsWidth(page);
      await expectBadgesWhole(page);
      await expectShopInHeader(page, 'Milano Duomo');

      await page.goto('/app/files');
      await expect(page.getByTestId('file-toolbar')).toBeVisible();
      await expectFitsWidth(page);
      await page.getByTestId('view-toggle').locator('label', { hasText: 'Elenco' }).click();
      await expect(page.getByRole('checkbox', { name: 'Seleziona tutto' })).toBeVisible();
      await expectFitsWidth(page);
    });

    test('a saved employee’s toast leaves Salva and the shop badge free', async ({ page }) => {
      await startAs(page, 'admin', 'Milano Duomo');
      await page.goto('/app/employees/list');
      const row = page.getByTestId('employee-row-dipendente');
      await expect(row).toBeVisible();
      await row.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/app\/employees\/\d+\/edit/);
      await expectFitsWidth(page);
      const save = page.getByRole('button', { name: 'Salva', exact: true });
      await save.first().click();
      await expectToastClearOf(page, 'salvati', save.first());
      await expectToastClearOf(page, 'salvati', save.last());
    });

    test('in Arabic, right to left, the employee list fits and the shop stays in the header', async ({ page }) => {
      await startAs(page, 'admin', 'Milano Duomo');
      await page.goto('/app/employees/list');
      await switchLanguage(page, 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('employee-row-noshifts')).toBeVisible();
      await expectFitsWidth(page);
      await expectBadgesWhole(page);
      await expectShopInHeader(page, 'Milano Duomo');
    });
  });
}
