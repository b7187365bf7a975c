// Issue 17 §3: axe-core finds nothing serious or critical on the cash screens (the month, a day's report, the weekly
// cash), in Italian light and dark (colour contrast) and in Arabic. On the Sunday-evening server, only reading.
import { expect } from '@playwright/test';
import { expectNoSeriousViolations, looks, openInLook, sundayEvening, test } from './helpers';

for (const look of looks) {
  test(`the cash month, a day's report and the weekly cash pass axe (${look.name})`, async ({ browser }) => {
    test.setTimeout(420_000);
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], at: sundayEvening });

    await page.goto('/app/shop/cashRegister');
    const wednesday = page.getByTestId('cash-day-2026-11-18');
    await expect(wednesday).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'cash month');

    await wednesday.click();
    await expect(page).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit/);
    await expect(page.getByTestId('cash-field-totalCents')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'cash report');

    await page.goto('/app/shops/weekly-cash');
    await expect(page.getByTestId('week-2026-W47')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'weekly cash');

    await page.goto('/app/shops/weekly-cash/create/2026-W46');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'weekly cash form');
    await page.context().close();
  });
}
