import { expect } from '@playwright/test';
import { chooseShop, demoPassword, keepForReview, signIn, signInWithShop, test } from './helpers';

test('opening a page under /app signed out lands on the login', async ({ page }) => {
  await page.goto('/app/some/deep/page');
  await expect(page).toHaveURL(/\/\?next=/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
});

test('a wrong password is refused with the localized message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Nome utente o email').fill('dipendente');
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Le credenziali non corrispondono ai nostri archivi.');
  await expect(page).toHaveURL(/\/$/);
});

test('sign in, choose a shop, and the session, dark mode and language survive reloads until sign-out', async ({
  page,
}) => {
  await signIn(page, 'dipendente', { remember: true });

  // The shop is required.
  await expect(page.getByText('In quale negozio lavori oggi?')).toBeVisible();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByText('Punto vendita obbligatorio: scegli un negozio.')).toBeVisible();
  await chooseShop(page, 'Milano Navigli');

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Marco' })).toBeVisible();
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Milano Navigli');
  await expect(page.getByTestId('dashboard-group')).toHaveText('Dipendente');
  await expect(page.getByTestId('current-shop')).toHaveText('Milano Navigli');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // The welcome notification and the month's budget sent to Milano Duomo (the demo's) raise the new-notification flag.
  await expect(page.getByTestId('dashboard-unread')).toHaveText('2 da leggere');

  await page.reload();
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Milano Navigli');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('toggle-dark-mode').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-it').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.goto('/app/not-a-page');
  await expect(page.getByTestId('status-404')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bottega.token'))).toBeNull();

  await page.goto('/app');
  await expect(page).toHaveURL(/\/\?next=/);
});

test('the sign-in page loads its own language and none of the app, then Arabic when chosen and back', async ({
  page,
}) => {
  const assets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) assets.push(pathname);
  });
  const catalogs = () => assets.filter((asset) => asset.startsWith('/assets/catalog-'));

  await page.goto('/');
  // Texts from the first paint on: the Italian catalog came before the page drew.
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(catalogs()).toHaveLength(1);
  // The signed-in app (frame, menu, screens) is not part of the sign-in page.
  expect(assets.filter((asset) => /\/assets\/(signed-in-app|app-layout|dashboard-page)-/.test(asset))).toEqual([]);

  await page.getByTestId('language-picker').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول', exact: true })).toBeVisible();
  expect(catalogs()).toHaveLength(2);

  await page.getByTestId('language-picker').selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  // Italian was already there: switching back fetches nothing.
  expect(catalogs()).toHaveLength(2);

  // The choice is remembered: a reload fetches Italian only.
  assets.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(catalogs()).toHaveLength(1);
});

test('a stale token is removed and the page reloads onto the login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('bottega.token', 'not-a-real-token'));
  await page.goto('/app');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bottega.token'))).toBeNull();
});

test('an expired session takes the person to the sign-in page, saying so, and back to their page', async ({ page }) => {
  await signIn(page, 'exdipendente');
  await page.waitForURL(/\/app$/);
  await page.goto('/app/user');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The server answers as it does once the session's idle timeout or absolute lifetime has passed.
  const expired = { code: 'sessionExpired', message: 'La sessione è scaduta: accedi di nuovo.' };
  await page.route('**/api/auth/user', (route) => route.fulfill({ status: 401, json: expired }));
  await page.reload();
  await expect(page).toHaveURL(/\/\?next=%2Fapp%2Fuser&expired=1$/);
  await expect(page.getByTestId('session-expired')).toHaveText(
    'La sessione è scaduta: accedi di nuovo per continuare.',
  );
  expect(await page.evaluate(() => localStorage.getItem('bottega.token'))).toBeNull();
  await page.unroute('**/api/auth/user');
  await keepForReview(page, { path: 'test-results/e2e/session-expired.png' });
  // The same notice in Arabic (right to left) and dark mode.
  await page.evaluate(() => {
    localStorage.setItem('bottega.lng', 'ar');
    localStorage.setItem('bottega.color-scheme', 'dark');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('session-expired')).toBeVisible();
  await keepForReview(page, { path: 'test-results/e2e/session-expired-ar-dark.png' });
  await page.evaluate(() => {
    localStorage.setItem('bottega.lng', 'it');
    localStorage.setItem('bottega.color-scheme', 'light');
  });
  await page.reload();

  await page.getByLabel('Nome utente o email').fill('exdipendente');
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/app\/user$/);
});

test('a user without shops (former employee) signs in straight to the dashboard', async ({ page }) => {
  await signIn(page, 'exdipendente');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Nessun negozio assegnato')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // Former employees keep only their own payslips and tax certificates: their profile lists them.
  await page.goto('/app/user');
  await expect(page.getByTestId('profile-abilities').locator('[data-ability]')).toHaveCount(2);
});

test('an admin can work in any open shop and the live notification flag clears when read', async ({ page }) => {
  await signIn(page, 'admin');
  await chooseShop(page, 'Napoli Toledo');
  await expect(page.getByTestId('dashboard-shop')).toHaveText('Napoli Toledo');
  await page.getByRole('button', { name: 'Notifiche' }).click();
  await expect(page.getByText('Benvenuto in Bottega, Alessandra!')).toBeVisible();
  await page.getByRole('button', { name: 'Segna tutte come lette' }).click();
  await expect(page.getByRole('button', { name: 'Segna tutte come lette' })).toBeDisabled();
});

test('the app boots under its Content-Security-Policy with no violation, light and dark, and its socket connects', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const socketFrames = new Promise<string>((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/')) socket.on('framereceived', () => resolve(socket.url()));
    });
  });

  await signInWithShop(page, 'dipendente', 'Milano Navigli');
  await expect(page.getByRole('heading', { name: 'Ciao, Marco' })).toBeVisible();
  // Mantine's <style> elements carry the page's nonce.
  expect(await page.locator('style[nonce]').count()).toBeGreaterThan(0);
  // The realtime socket connects and talks.
  expect(await socketFrames).toMatch(/^ws:\/\/localhost:\d+\/socket\.io\//);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('toggle-dark-mode').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ciao, Marco' })).toBeVisible();

  // The colour-scheme boot runs before the app: with the app's scripts held back the page is dark already.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.unroute('**/assets/*.js');
  await page.reload();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('toggle-dark-mode').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The API reference runs under a policy of its own.
  await page.goto('/api/docs/');
  await expect(page.getByText('Bottega API').first()).toBeVisible();

  expect(violations).toEqual([]);
});
