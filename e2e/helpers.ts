// Steps every journey shares: signing in and out, choosing a shop, picking options, test images.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, expect, type Page } from '@playwright/test';

export const demoPassword = 'bottega2026';

/** The business clock of the cash-register journeys' server: Sunday 22 November 2026, 19:00 in Rome. */
export const sundayEvening = '2026-11-22T19:00:00+01:00';

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

/**
 * A fresh browser context (its own local storage, so its own session) signed in with a shop. `at` fixes the
 * browser's clock (Date) at that instant, for journeys on a server whose business clock is set (CLOCK_START).
 */
export async function openAs(
  browser: Browser,
  login: string,
  shop: string,
  options: { at?: string } = {},
): Promise<Page> {
  const context = await browser.newContext();
  if (options.at) await context.clock.setFixedTime(new Date(options.at));
  const page = await context.newPage();
  await signInWithShop(page, login, shop);
  return page;
}

/** Picks an option of a Mantine Select found by its test id. */
export async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A slow upload link, so an upload's progress can be seen; answers how to lift it again. */
export async function slowUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = (uploadThroughput: number, latency: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput });
  await conditions(bytesPerSecond, 20);
  return async () => {
    await conditions(-1, 0);
  };
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

type ApiCall = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; token?: string; body?: unknown };

/**
 * Calls the API from the page (which must show the app, for its CSRF meta tag) with the headers the
 * web app sends (spec §7); a refusal fails the journey with the server's answer.
 */
export async function callApi<T>(page: Page, call: ApiCall): Promise<T> {
  return page.evaluate(async ({ method = 'GET', path, token, body }) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as T;
  }, call);
}

/** A session token for a user without a second step (a password sign-in through the API). */
async function tokenOf(page: Page, login: string, password = demoPassword): Promise<string> {
  const { data } = await callApi<{ data: { step: string; token?: string } }>(page, {
    method: 'POST',
    path: '/api/auth/login',
    body: { login, password },
  });
  if (!data.token) throw new Error(`${login} has a second sign-in step: ${data.step}`);
  return data.token;
}

/**
 * A person only one journey uses, so it can change their sign-in without disturbing the others:
 * created by the administrator through the API, with the demo password, already registered, in the
 * given shop and either an existing group or a new group of their own with the given abilities.
 */
export async function createEmployee(
  browser: Browser,
  options: { shop: string } & ({ group: string } | { permissions: string[] }),
): Promise<{ id: number; username: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    const admin = await tokenOf(page, 'admin');
    const { data: choices } = await callApi<{
      data: { shops: { id: number; name: string }[]; groups: { id: number; name: string }[] };
    }>(page, { path: '/api/employees/options', token: admin });
    const username = `e2e.${randomBytes(4).toString('hex')}`;
    const shopId = choices.shops.find((shop) => shop.name === options.shop)?.id;
    // A group of their own gets its abilities once they are registered: one like "must use MFA"
    // would stop the password-only sign-in the registration below needs.
    const groupId =
      'group' in options
        ? choices.groups.find((group) => group.name === options.group)?.id
        : (
            await callApi<{ data: { id: number } }>(page, {
              method: 'POST',
              path: '/api/user-groups',
              token: admin,
              body: { name: `Gruppo ${username}`, permissions: [] },
            })
          ).data.id;
    if (!shopId || !groupId) throw new Error(`no shop ${options.shop} or no group`);
    const { data: employee } = await callApi<{ data: { id: number } }>(page, {
      method: 'POST',
      path: '/api/employees',
      token: admin,
      body: {
        name: 'Elena',
        surname: 'Prova',
        matricola: '',
        username,
        email: `${username}@bottega.example`,
        depositCardNumber: '',
        shopId,
        shopIds: [],
        groupIds: [groupId],
        phone: '',
        fiscalCode: '',
        engagementDate: null,
        birthday: null,
        identityCardNumber: '',
        address: '',
        city: '',
        cap: '',
        iban: '',
        bic: '',
        bankName: '',
        useFingerprint: false,
        password: demoPassword,
        passwordConfirmation: demoPassword,
      },
    });
    await callApi(page, {
      method: 'POST',
      path: '/api/profile/registration',
      token: await tokenOf(page, username),
      body: {
        phone: '+39 333 765 4321',
        fiscalCode: 'PRVLNE90A41F205K',
        birthday: '1990-01-01',
        identityCardNumber: 'CA00000AA',
        address: 'Via Torino 1',
        city: 'Milano',
        cap: '20123',
        iban: 'IT60 X054 2811 1010 0000 0123 456',
        bankName: 'Banca di Milano',
      },
    });
    if ('permissions' in options) {
      await callApi(page, {
        method: 'PUT',
        path: `/api/user-groups/${groupId}`,
        token: admin,
        body: { name: `Gruppo ${username}`, permissions: options.permissions },
      });
    }
    return { id: employee.id, username };
  } finally {
    await context.close();
  }
}
