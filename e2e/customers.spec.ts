// Issue 27's marketing screens, on the server of today with the demo's sales: the area manager (Milano and Torino)
// finds the cards their registers scanned that nobody registered, opens one with its receipt lines, and exports the
// month's discounted sales. Then the marketing and club screens on the tablet in dark and on the phone in Arabic.
import { readFileSync } from 'node:fs';
import { expect as baseExpect } from '@playwright/test';
import {
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

test('the area manager finds their shops’ non-registered customers, their receipt lines, and exports the discounted sales', async ({
  browser,
}) => {
  const manager = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await openMenuSection(manager, 'Marketing');
  await expect(manager.getByRole('link', { name: 'Impostazioni del club' })).toHaveCount(0);
  await manager.getByRole('link', { name: 'Clienti', exact: true }).click();
  await pick(manager, 'customers-registered', 'Non registrati');
  const rows = manager.locator('[data-testid^="customers-row-"]');
  await expect(rows.first()).toBeVisible();
  await expect(manager.getByText('Napoli Toledo')).toHaveCount(0);
  await expectNoSeriousViolations(manager, 'customers list');
  await rows.first().getByRole('link').first().click();
  await expect(manager.getByTestId('customer-identity')).toBeVisible();
  await expect(manager.getByTestId('customer-loyalty')).toBeVisible();
  await expect(manager.locator('[data-testid^="customer-sales-row"]').first()).toBeVisible();
  await expectNoSeriousViolations(manager, 'customer');
  await expect(manager.getByTestId('customer-edit')).toHaveCount(0);

  await manager.getByRole('link', { name: 'Vendite scontate' }).click();
  await expect(manager.getByRole('heading', { name: 'Vendite scontate' })).toBeVisible();
  await expect(manager.getByTestId('discounted-total-lines')).not.toHaveText('0');
  await expect(manager.locator('[data-testid^="discounted-row"]').first()).toBeVisible();
  await expectNoSeriousViolations(manager, 'discounted sales');
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('button', { name: 'Esporta CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vendite-scontate-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFData;Negozio;Tipo;Scontrino;Codice prodotto;Descrizione;Quantità;Importo;Sconto;Subtotale;Listino;Carta fedeltà;Operatore',
  );
  expect(csv).not.toContain('Napoli');
});

test('the marketing and club screens on the tablet in dark and the phone in Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  const shot = (name: string) => test.info().outputPath(name);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    for (const [path, ready, screen] of [
      ['/app/marketing/customers/list', 'customers-search', 'customers'],
      ['/app/marketing/users/list', 'members-search', 'members'],
      ['/app/marketing/users/search', 'member-search-submit', 'search'],
      ['/app/marketing/discounted-sales', 'discounted-total-lines', 'discounted'],
      ['/app/marketing/club-settings', 'club-levels', 'settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `marketing ${screen} ${look.name} ${width}`);
      await keepForReview(page, {
        path: shot(`marketing-${screen}-${look.lng}-${look.scheme}-${width}.png`),
        fullPage: true,
      });
    }
    await page.goto('/app/marketing/users/list');
    await page.locator('[data-testid^="members-row-"]').first().getByRole('link').first().click();
    await expect(page.getByTestId('customer-loyalty')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `member ${look.name} ${width}`);
    await keepForReview(page, {
      path: shot(`marketing-member-${look.lng}-${look.scheme}-${width}.png`),
      fullPage: true,
    });

    // The club, in the same look: its own language and scheme keys.
    const club = await page.context().newPage();
    await club.addInitScript(([lng]) => localStorage.setItem('bottega.club.lng', lng), [look.lng] as const);
    await club.setViewportSize({ width, height: width === 390 ? 844 : 1024 });
    for (const [path, screen] of [
      ['/club', 'welcome'],
      ['/club/register', 'register'],
      ['/club/sign-in', 'sign-in'],
    ] as const) {
      await club.goto(path);
      await expect(club.locator('html')).toHaveAttribute('lang', look.lng);
      await expect(club.locator('html')).toHaveAttribute('dir', look.lng === 'ar' ? 'rtl' : 'ltr');
      await expect(club.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFitsWidth(club);
      await expectNoSeriousViolations(club, `club ${screen} ${look.name} ${width}`);
      await keepForReview(club, {
        path: shot(`club-${screen}-${look.lng}-${look.scheme}-${width}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  }
});
