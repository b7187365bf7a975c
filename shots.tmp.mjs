import { chromium } from '@playwright/test';
const base = 'http://localhost:4500';
const [, , login, shop, path, name, width = '1280', lng = 'it', scheme = 'light'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
await context.addInitScript(([l, s]) => { localStorage.setItem('bottega.lng', l); localStorage.setItem('bottega.color-scheme', s); }, [lng, scheme]);
const page = await context.newPage();
await page.goto(base + '/');
await page.locator('input[autocomplete="username"]').fill(login);
await page.locator('input[autocomplete="current-password"]').fill('bottega2026');
await page.locator('button[type="submit"]').click();
if (shop !== '-') {
  await page.getByTestId('shop-select').click();
  await page.getByRole('option', { name: new RegExp(shop) }).click();
  await page.locator('button[type="submit"]').click();
}
await page.waitForURL(/\/app/);
await page.waitForTimeout(1500);
await page.goto(base + path);
await page.waitForTimeout(3000);
if (process.env.SCROLL) await page.mouse.wheel(0, Number(process.env.SCROLL)); await page.waitForTimeout(300);
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: !process.env.VIEWPORT });
await browser.close();
