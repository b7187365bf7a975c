// Steps every journey shares: signing in and out, choosing a shop, picking options, test images.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, expect, type Page } from '@playwright/test';

export const demoPassword = 'bottega2026';

export async function signIn(page: Page, login: string, options: { remember?: boolean; password?: string } = {}) {
  await page.goto('/');
  await page.getByLabel('Nome utente o email').fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(options.password ?? demoPassword);
  if (options.remember) await page.getByLabel('Ricordami su questo dispositivo').check();
  await page.getByRole('button', { name: 'Accedi' }).click();
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/$/);
}

export async function chooseShop(page: Page, name: string) {
  await page.getByTestId('shop-select').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Continua' }).click();
}

export async function signInWithShop(page: Page, login: string, shop: string) {
  await signIn(page, login);
  await chooseShop(page, shop);
  await page.waitForURL(/\/app$/);
}

/** A fresh browser context (its own local storage, so its own session) signed in with a shop. */
export async function openAs(browser: Browser, login: string, shop: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithShop(page, login, shop);
  return page;
}

/** Picks an option of a Mantine Select found by its test id. */
export async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A real RGB PNG the browser can show: one colour, or random noise, which does not compress, so its
 * upload is large enough to watch the progress bar.
 */
export function pngImage(width: number, height: number, fill: 'colour' | 'noise' = 'colour'): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rowLength = width * 3 + 1;
  const pixels =
    fill === 'noise'
      ? randomBytes(rowLength * height)
      : Buffer.concat(Array.from({ length: height }, () => Buffer.alloc(rowLength, Buffer.from([40, 120, 200]))));
  // Every row starts with its filter type: none.
  for (let row = 0; row < height; row++) pixels[row * rowLength] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
