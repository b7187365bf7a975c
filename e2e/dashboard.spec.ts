// The dashboard as a work queue (issue 17 §1): "Da fare" with links into the screens where each thing is done, the
// empty state, quick actions, the abilities on the profile by section, every page's own title, and the side menu
// opening the section of the page on screen. On the machine's clock: the demo leaves Milano Duomo's last day
// before today open (and today's till is to count tonight), and Napoli's last two days unclosed.
import { expect, type Page } from '@playwright/test';
import { chooseShop, keepForReview, signIn, startAs, test } from './helpers';

function menuSection(page: Page, section: string) {
  return page.getByTestId(`menu-section-${section}`);
}

test('a shop assistant goes from "Da fare" and the quick actions straight into the day’s screens', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Accedi · Bottega');
  await signIn(page, 'dipendente');
  await expect(page).toHaveTitle('Scegli il negozio · Bottega');
  await chooseShop(page, 'Milano Duomo');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page).toHaveTitle('Dashboard · Milano Duomo · Bottega');

  // The facts in one row, the list of abilities gone from here.
  await expect(page.getByTestId('dashboard-facts')).toContainText('Milano Duomo');
  await expect(page.getByText('Cosa puoi fare')).toHaveCount(0);

  // Yesterday (left open by the demo) and today: the oldest day first, a link to where it is closed.
  const list = page.getByTestId('todo-list');
  await expect(list).toBeVisible();
  const toClose = page.getByTestId('todo-cashDayToClose');
  await expect(toClose).toContainText(/\d+ giornat[ae] di cassa da contare e chiudere/);
  await expect(toClose).toContainText(/dal \d{2}\/\d{2}\/\d{4}/);
  // Marco sees neither the days left unclosed across shops nor the invoices waiting for accounting.
  await expect(page.getByTestId('todo-cashDaysUnclosed')).toHaveCount(0);
  await expect(page.getByTestId('todo-invoiceRequests')).toHaveCount(0);

  await toClose.click();
  await expect(page).toHaveURL(/\/app\/shop\/cashRegister(\?month=\d{4}-\d{2}|\/\d+\/edit)$/);
  await expect(page).toHaveTitle(/^(Cassa|Giornata di cassa) · Milano Duomo · Bottega$/);
  // The menu opened the section of the page reached by the link.
  await expect(menuSection(page, 'shop')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuSection(page, 'management')).toHaveAttribute('aria-expanded', 'false');

  // The quick actions: only those his abilities open (no unclosed days for him).
  await page.goto('/app');
  await expect(page.getByTestId('quick-unclosed')).toHaveCount(0);
  await page.getByTestId('quick-weekly-cash').click();
  await expect(page).toHaveURL(/\/app\/shops\/weekly-cash$/);
  await expect(page).toHaveTitle('Cassa settimanale · Milano Duomo · Bottega');
  await expect(menuSection(page, 'management')).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('quick-cash-today').click();
  await expect(page).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit$/);
  await expect(page).toHaveTitle('Giornata di cassa · Milano Duomo · Bottega');
  await expect(page.getByTestId('cash-tab-compensation')).toHaveAttribute('aria-selected', 'true');

  // Invoices are requested from the day's receipts.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByTestId('quick-invoices').click();
  await expect(page).toHaveURL(/\/app\/shop\/cashRegister\/\d+\/edit\?tab=receipts$/);
  await expect(page.getByTestId('cash-tab-receipts')).toHaveAttribute('aria-selected', 'true');
});

test('the ticket waiting for the developer is opened from "Da fare"; then nothing waits, and the outbox is in its own menu section', async ({
  page,
}) => {
  // Sara handles IT: the demo's till ticket has Marco's last word, unread by her.
  await startAs(page, 'developer', 'Torino Centro');
  const waiting = page.getByTestId('todo-ticketsToAnswer');
  await expect(waiting).toContainText('1 ticket in attesa di risposta');
  await waiting.click();
  await expect(page).toHaveURL(/\/app\/ticket\/list$/);
  await expect(page.getByTestId('ticket-reach').getByRole('radio', { name: 'Assegnati a me' })).toBeChecked();
  await page.getByRole('link', { name: 'La cassa 2 non stampa lo scontrino' }).click();
  await expect(page.getByTestId('ticket-message')).toHaveCount(3);
  // Read, it waits no more.
  await page.goto('/app');
  await expect(page.getByTestId('todo-empty')).toContainText('Niente in attesa');
  await expect(page.getByTestId('todo-list')).toHaveCount(0);
  await expect(page.getByTestId('quick-actions')).toHaveCount(0);

  // Not among the daily entries: under Sviluppo, closed until opened.
  const menu = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(menuSection(page, 'developer')).toHaveAttribute('aria-expanded', 'false');
  await menu.getByText('Sviluppo', { exact: true }).click();
  await menu.getByRole('link', { name: 'Posta in uscita' }).click();
  await expect(page).toHaveURL(/\/app\/developer\/mail$/);
  await expect(page).toHaveTitle('Posta in uscita · Torino Centro · Bottega');
  // Reloaded on the page, the menu opens its section by itself.
  await page.reload();
  await expect(menuSection(page, 'developer')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Posta in uscita' })).toBeVisible();
});

test('accounting sees the days left unclosed across shops and opens their list', async ({ page }) => {
  await startAs(page, 'contabilita', 'Milano Duomo');
  const unclosed = page.getByTestId('todo-cashDaysUnclosed');
  await expect(unclosed).toContainText(/\d+ giorn[oi] non chius[oi] nei negozi/);
  // Accounting fills no till: no day to close, no quick way into one.
  await expect(page.getByTestId('todo-cashDayToClose')).toHaveCount(0);
  await expect(page.getByTestId('quick-cash-today')).toHaveCount(0);
  await unclosed.click();
  await expect(page).toHaveURL(/\/app\/shop\/cashRegister\/unclosed$/);
  await expect(page).toHaveTitle('Giorni non chiusi · Milano Duomo · Bottega');
});

test('the profile lists what the person may do by section, each ability once', async ({ page }) => {
  await startAs(page, 'dipendente', 'Milano Duomo');
  await page.goto('/app/user');
  await expect(page).toHaveTitle('Profilo · Milano Duomo · Bottega');
  await expect(menuSection(page, 'user')).toHaveAttribute('aria-expanded', 'true');
  const card = page.getByTestId('profile-abilities');
  await expect(card.getByRole('heading', { name: 'Cosa puoi fare' })).toBeVisible();
  const shops = card.getByTestId('profile-abilities-shops');
  await shops.getByRole('button', { name: /Negozi/ }).click();
  await expect(shops.getByText('Cassa', { exact: true })).toBeVisible();
  await expect(shops.getByText('Chiusura giornaliera', { exact: true })).toBeVisible();
  // Every ability of his groups is listed once.
  const user = await page.evaluate(async () => {
    const token = localStorage.getItem('bottega.token');
    const response = await fetch('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).data as { can: string[] };
  });
  const listed = await card.locator('[data-ability]').evaluateAll((items) => items.map((item) => item.dataset.ability));
  expect(listed.length).toBe(user.can.length);
  expect(new Set(listed)).toEqual(new Set(user.can));
});

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];

test('the dashboard fits the desktop, the shop tablet and a phone, light and dark, in Italian and Arabic', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await startAs(page, 'dipendente', 'Milano Duomo');
  for (const lng of ['it', 'ar']) {
    for (const scheme of ['light', 'dark']) {
      await page.evaluate(
        ([language, colorScheme]) => {
          localStorage.setItem('bottega.lng', language as string);
          localStorage.setItem('bottega.color-scheme', colorScheme as string);
        },
        [lng, scheme],
      );
      for (const viewport of viewports) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto('/app');
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(page.getByTestId('todo-cashDayToClose')).toContainText(
          lng === 'ar' ? 'للعد والإغلاق' : 'da contare e chiudere',
        );
        // Nothing runs off the side of the page.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${viewport.name} ${scheme} ${lng}`).toBeLessThanOrEqual(0);
        await keepForReview(page, {
          path: testInfo.outputPath(`dashboard-${viewport.width}-${scheme}-${lng}.png`),
          fullPage: true,
        });
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem('bottega.lng', 'it');
    localStorage.setItem('bottega.color-scheme', 'light');
  });
});
