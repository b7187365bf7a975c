// Steps every journey shares: signing in and out, choosing a shop, picking options, test images.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  request,
} from '@playwright/test';

/** Contexts a failed journey left open: its failure's screenshots are taken of their pages, then they are closed. */
let leftOpen: BrowserContext[] = [];

/**
 * The journeys' `test`: the browser is shared by every journey of a worker, so the contexts a journey opens on it
 * (openAs, openInLook, newContext) are closed when it ends. Left open, their pages kept running (live lists, polling,
 * charts) behind every later journey: a full run had a dozen such pages open by the tickets journey, whose clicks
 * then came too late.
 */
export const test = base.extend<{ closesItsContexts: undefined }>({
  closesItsContexts: [
    async ({ browser }, use, testInfo) => {
      await Promise.all(leftOpen.map((context) => context.close().catch(() => undefined)));
      leftOpen = [];
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      if (testInfo.status === testInfo.expectedStatus) await Promise.all(opened.map((context) => context.close()));
      else leftOpen = opened;
    },
    { auto: true },
  ],
});

export const demoPassword = 'bottega2026';

/** What people created by a journey choose through their invitation: the demo password is public, so refused. */
export const newcomerPassword = 'Tavolo-Verde-Quarantadue';

/** The business clock of the cash-register journeys' server: Sunday 22 November 2026, 19:00 in Rome. */
export const sundayEvening = '2026-11-22T19:00:00+01:00';

/** The port of the journeys' server (playwright.config.ts); the mail catcher sits next to it. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/**
 * Where the simulated Telegram Bot API of the journeys' first server listens (the other servers' are 10 and 20 above):
 * a journey plays the person there, `POST /simulator/chats/<chat id>/messages` with `{"text": "<code>"}`.
 */
export const telegramSimulatorPort = Number(process.env.TELEGRAM_SIMULATOR_PORT ?? 8090);

/**
 * Where the simulated cameras of the journeys' first server listen (the other servers' are 10, 20 and 30 above): a
 * Foscam's link is http://127.0.0.1:<port>, and `POST /simulator/cameras/<user>/mode?mode=<outcome>` changes its answer.
 */
export const cameraSimulatorPort = Number(process.env.CAMERA_SIMULATOR_PORT ?? 8091);

/**
 * Where the simulated SMS provider of the journeys' first server listens (the other servers' are 10, 20 and 30 above):
 * a journey reads a phone's messages at `GET /simulator/messages?to=<+number>`, as the customer would on the phone.
 */
export const smsSimulatorPort = Number(process.env.SMS_SIMULATOR_PORT ?? 8092);

/**
 * Where the journeys' server runs its simulated social network (SOCIAL_SIMULATOR_PORT): what the demo's accounts
 * published is read at /sim there.
 */
export const socialSimulatorPort = Number(process.env.SOCIAL_SIMULATOR_PORT ?? 8093);

/** Where e2e/mail-catcher.ts listens: SMTP for the server, HTTP for the journeys. */
export function mailCatcherPorts() {
  return { smtp: e2ePort + 25, http: e2ePort + 26 };
}

type CaughtMail = { to: string; subject: string; text: string };

async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${mailCatcherPorts().http}/messages`);
  return (await response.json()) as CaughtMail[];
}

/** How many links to this page were mailed to this address so far. */
export async function countLinksMailedTo(email: string, page: MailedPage): Promise<number> {
  return (await caughtMails()).filter((mail) => mail.to === email && mail.text.includes(`/${page}?token=`)).length;
}

type MailedPage = 'reset-password' | 'set-password' | 'confirm-email';

/**
 * The link of the newest mail to this address leading to this page, once more than `before` such
 * mails have arrived: what the recipient finds in their inbox.
 */
export async function linkMailedTo(email: string, page: MailedPage, before = 0): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const links = (await caughtMails())
        .filter((mail) => mail.to === email)
        .flatMap((mail) => new RegExp(`https?://\\S+/${page}\\?token=[\\w-]{43}`).exec(mail.text) ?? []);
      link = links.at(-1) ?? '';
      return links.length;
    })
    .toBeGreaterThan(before);
  return link;
}

/** The one-time code of the newest mail to this address, once more than `before` such mails have arrived (the club). */
export async function codeMailedTo(email: string, before = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const codes = (await caughtMails())
        .filter((mail) => mail.to === email)
        .flatMap((mail) => /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1] ?? []);
      code = codes.at(-1) ?? '';
      return codes.length;
    })
    .toBeGreaterThan(before);
  return code;
}

/** The one-time code of the newest SMS to this number (+39…) at the first server's simulated provider. */
export async function codeTextedTo(number: string, before = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await fetch(
        `http://127.0.0.1:${smsSimulatorPort}/simulator/messages?to=${encodeURIComponent(number)}`,
      );
      const { messages } = (await response.json()) as { messages: { text: string }[] };
      const codes = messages.flatMap((message) => /\b(\d{6})\b/.exec(message.text)?.[1] ?? []);
      code = codes.at(-1) ?? '';
      return codes.length;
    })
    .toBeGreaterThan(before);
  return code;
}

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

/**
 * Opens a section of the side menu ("Gestione", "Negozio" …): within the menu, since a page may say the same word.
 * The section of the page on screen is open already (a click would close it), so only a closed one is clicked.
 */
export async function openMenuSection(page: Page, section: string) {
  const menu = page.getByRole('navigation', { name: 'Menu principale' });
  const header = menu.locator('button[aria-expanded]').filter({ has: page.getByText(section, { exact: true }) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

export async function chooseShop(page: Page, name: string) {
  await page.getByTestId('shop-select').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Continua' }).click();
}

export async function signInWithShop(page: Page, login: string, shop: string, options: { password?: string } = {}) {
  await signIn(page, login, options);
  await chooseShop(page, shop);
  await page.waitForURL(/\/app$/);
}

/** Where the web app keeps the staff's session token (apps/web/src/lib/api-client.ts). */
const authTokenKey = 'bottega.token';

/**
 * A session of `login` in `shop`, opened through the API as the sign-in page opens one (password, then the shop): the
 * journeys about signing in walk the page itself (signIn); the rest start signed in, a second or two sooner each.
 */
async function sessionOf(login: string, shop: string): Promise<string> {
  const api = await apiClient();
  try {
    const signedIn = await api.signIn(login);
    const shopId = signedIn.shops?.find((each) => each.name === shop)?.id;
    if (shopId === undefined) throw new Error(`${login} cannot sign in to ${shop}`);
    await api.call('POST', '/api/auth/shop', { body: { shopId }, token: signedIn.token });
    return signedIn.token;
  } finally {
    await api.dispose();
  }
}

/**
 * The API of the journey's server as the web app calls it (JSON, the CSRF token of the page's meta tag), from the
 * journey itself rather than a page: a refusal fails the journey with the server's answer.
 */
async function apiClient() {
  const api = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(await (await api.get('/')).text())?.[1] ?? '';
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; token?: string } = {},
  ): Promise<T> => {
    const headers: Record<string, string> = { 'X-CSRF-TOKEN': csrf };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await api.fetch(path, { method, data: options.body, headers });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  /** A password sign-in; a second step (two-factor, a passkey) fails the journey. */
  const signIn = async (login: string, password = demoPassword) => {
    const signedIn = await call<{ step: string; token?: string; shops?: { id: number; name: string }[] }>(
      'POST',
      '/api/auth/login',
      { body: { login, password } },
    );
    if (!signedIn.token) throw new Error(`${login} has a second sign-in step: ${signedIn.step}`);
    return { ...signedIn, token: signedIn.token };
  };
  return { call, signIn, dispose: () => api.dispose() };
}

/** Where a journey's fresh browser context starts: signed in `as` a login in a shop, its window and its clock. */
type ContextStart = { as?: [login: string, shop: string]; viewport?: { width: number; height: number }; at?: string };

/**
 * A fresh browser context (its own local storage, so its own session): with `as`, the session's token is in its
 * storage from the first page; `at` fixes the browser's clock (Date) at that instant, for journeys on a server whose
 * business clock is set (CLOCK_START).
 */
async function freshContext(browser: Browser, start: ContextStart): Promise<BrowserContext> {
  const options: BrowserContextOptions = start.viewport ? { viewport: start.viewport } : {};
  if (start.as) {
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    const token = await sessionOf(...start.as);
    options.storageState = { cookies: [], origins: [{ origin, localStorage: [{ name: authTokenKey, value: token }] }] };
  }
  const context = await browser.newContext(options);
  if (start.at) await context.clock.setFixedTime(new Date(start.at));
  return context;
}

/** A fresh browser context signed in with a shop, on the dashboard. */
export async function openAs(
  browser: Browser,
  login: string,
  shop: string,
  options: { at?: string } = {},
): Promise<Page> {
  const page = await (await freshContext(browser, { ...options, as: [login, shop] })).newPage();
  await page.goto('/app');
  return page;
}

/**
 * Signs the page in as `login` in `shop` through the API and opens the dashboard: for journeys whose subject comes
 * after the sign-in (those about signing in walk the page, signInWithShop).
 */
export async function startAs(page: Page, login: string, shop: string) {
  const token = await sessionOf(login, shop);
  // A page of the app's origin that is not the app, so nothing reads the storage before the token is in it.
  await page.goto('/api/settings');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [authTokenKey, token] as const);
  await page.goto('/app');
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

/**
 * A person only one journey uses, so it can change their sign-in without disturbing the others:
 * created by the administrator through the API, choosing `newcomerPassword` through the invitation, already registered, in the
 * given shop and either an existing group or a new group of their own with the given abilities.
 */
export async function createEmployee(
  options: { shop: string } & ({ group: string } | { permissions: string[] }),
): Promise<{ id: number; username: string }> {
  const api = await apiClient();
  try {
    const { token: admin } = await api.signIn('admin');
    const choices = await api.call<{ shops: { id: number; name: string }[]; groups: { id: number; name: string }[] }>(
      'GET',
      '/api/employees/options',
      { token: admin },
    );
    const username = `e2e.${randomBytes(4).toString('hex')}`;
    const shopId = choices.shops.find((shop) => shop.name === options.shop)?.id;
    // A group of their own gets its abilities once they are registered: one like "must use MFA"
    // would stop the password-only sign-in the registration below needs.
    const groupId =
      'group' in options
        ? choices.groups.find((group) => group.name === options.group)?.id
        : (
            await api.call<{ id: number }>('POST', '/api/user-groups', {
              token: admin,
              body: { name: `Gruppo ${username}`, permissions: [] },
            })
          ).id;
    if (!shopId || !groupId) throw new Error(`no shop ${options.shop} or no group`);
    const employee = await api.call<{ id: number }>('POST', '/api/employees', {
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
      },
    });
    // They choose their password through their invitation, as a new employee does.
    const invitation = await linkMailedTo(`${username}@bottega.example`, 'set-password');
    await api.call('POST', '/api/auth/password-reset', {
      body: {
        token: new URL(invitation).searchParams.get('token'),
        password: newcomerPassword,
        passwordConfirmation: newcomerPassword,
      },
    });
    await api.call('POST', '/api/profile/registration', {
      token: (await api.signIn(username, newcomerPassword)).token,
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
      await api.call('PUT', `/api/user-groups/${groupId}`, {
        token: admin,
        body: { name: `Gruppo ${username}`, permissions: options.permissions },
      });
    }
    return { id: employee.id, username };
  } finally {
    await api.dispose();
  }
}

/** The looks every screen is checked in: Italian light and dark (colour contrast), and Arabic (right to left). */
export const looks = [
  { name: 'italiano chiaro', lng: 'it', scheme: 'light' },
  { name: 'italiano scuro', lng: 'it', scheme: 'dark' },
  { name: 'arabo', lng: 'ar', scheme: 'light' },
] as const;

export type Look = (typeof looks)[number];

/** The shop's tablet in dark and a phone in Arabic: the two small screens each area's screens are walked on. */
export const tabletAndPhone = [
  { look: looks[1], viewport: { width: 768, height: 1024 } },
  { look: looks[2], viewport: { width: 390, height: 844 } },
] as const;

/**
 * A fresh browser context in a look: the language and colour scheme the app keeps in the browser (i18n's bottega.lng,
 * color-scheme.js's bottega.color-scheme), on the sign-in page, or with `as` on the dashboard signed in.
 */
export async function openInLook(browser: Browser, look: Look, start: ContextStart = {}): Promise<Page> {
  const context = await freshContext(browser, start);
  await context.addInitScript(
    ([lng, scheme]) => {
      localStorage.setItem('bottega.lng', lng);
      localStorage.setItem('bottega.color-scheme', scheme);
    },
    [look.lng, look.scheme] as const,
  );
  const page = await context.newPage();
  await page.goto(start.as ? '/app' : '/');
  await expect(page.locator('html')).toHaveAttribute('lang', look.lng);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', look.scheme);
  return page;
}

/**
 * Saves a picture of the page for a person to look at, in a local run (`npm run test:e2e`): under CI nobody does, and
 * a run's 154 full-page pictures took about 45 s of it. A failing journey's own screenshot is taken either way
 * (`screenshot: 'only-on-failure'`).
 */
export async function keepForReview(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (!process.env.CI) await page.screenshot(options);
}

/** The WCAG 2.1 A and AA rules axe-core checks. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the page once it has settled (no loader, no skeleton, no list busy refreshing: a list dims its
 * previous rows while it fetches, which axe would read as faint text) and fails the journey (going on to the next
 * screens, so one run lists them all) with the serious and critical violations it finds, each with the elements and
 * what is wrong with them.
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(
    page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"], [aria-busy="true"]'),
  ).toHaveCount(0, { timeout: 30_000 });
  // Legacy mode runs axe in the page itself: the default opens a blank page for every check to gather the frames'
  // results, which doubled each check (about 2 s against 1 s here). It leaves out only cross-origin frames: the app's
  // are the previews of a file or a mail, people's own content rather than the app's screens.
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.html.slice(0, 160)}: ${node.failureSummary ?? ''}`),
    }));
  expect.soft(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** The phone and the shop tablet the small-screen journeys walk (issue 17). */
export const smallScreens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

/**
 * The screen fits its width: the page does not scroll sideways, nothing in the main content reaches past the
 * viewport, and no part of it (a table) scrolls sideways on its own.
 */
export async function expectFitsWidth(page: Page) {
  const fit = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`;
    const inMain = [...document.querySelectorAll('main *')];
    return {
      pageWidth: document.documentElement.scrollWidth,
      width,
      wider: inMain
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > width + 1);
        })
        .map(name),
      scrolling: inMain
        .filter(
          (element) =>
            !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
            ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
            element.scrollWidth > element.clientWidth + 1,
        )
        .map(name),
    };
  });
  expect(fit.pageWidth).toBeLessThanOrEqual(fit.width);
  expect(fit.wider).toEqual([]);
  expect(fit.scrolling).toEqual([]);
}

/** Every badge shown is as wide as its text: none ends in an ellipsis. */
export async function expectBadgesWhole(page: Page) {
  const badges = page.locator('.mantine-Badge-root:visible');
  await expect(badges.first()).toBeVisible();
  const cut = await badges.evaluateAll((found) =>
    found.filter((badge) => badge.scrollWidth > badge.clientWidth + 1).map((badge) => badge.textContent),
  );
  expect(cut).toEqual([]);
}

/** The toast saying `message` does not cover `button` (nor the shop's badge in the header). */
export async function expectToastClearOf(page: Page, message: string, button: Locator) {
  const toast = page.getByRole('alert').filter({ hasText: message }).first();
  // Held under the pointer, it stays while it is measured; the hover waits for its entrance to end.
  await toast.hover();
  const overlaps = async (other: Locator) => {
    const [a, b] = await Promise.all([toast.boundingBox(), other.boundingBox()]);
    if (!a || !b) throw new Error('the toast or the button is not on the screen');
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  expect(await overlaps(button)).toBe(false);
  expect(await overlaps(page.getByTestId('current-shop'))).toBe(false);
}

/** Shows the app in another language from now on (after signing in, which the helpers do in Italian). */
export async function switchLanguage(page: Page, language: string) {
  await page.evaluate((lng) => localStorage.setItem('bottega.lng', lng), language);
  await page.reload();
}

/** A cash report as the server has it, read with the page's own session (its bearer token). */
export type CashReportSeen = {
  id: number;
  status: string;
  system: Record<string, number>;
  fiscal: { fiscalPosCents: number } | null;
};

export async function cashReportOf(page: Page, id: number): Promise<CashReportSeen> {
  return page.evaluate(async (reportId) => {
    const response = await fetch(`/api/cash-reports/${reportId}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('bottega.token')}` },
    });
    return (await response.json()).data;
  }, id);
}

/** Cents as typed at the till: "1234,56". */
export const typedCents = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
