// Issue 20's time clock on the shop tablet (shop/shift), on the server of today: a colleague planned today punches
// start, break and stop, each confirmed by her password or by her passkey (Chromium's virtual authenticator), a wrong
// password punching nothing; her late start reaches the area manager live; another tablet follows every punch without
// a reload, and an administrator rectifies a punch with a reason. The screen is then looked at on the tablet, a phone
// and a desktop, light, dark and in Arabic.
import { expect, type Page } from '@playwright/test';
import { businessDate, isoWeekOf } from '../packages/contracts/src/dates';
import {
  callApi,
  createEmployee,
  demoPassword,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  looks,
  newcomerPassword,
  openAs,
  openInLook,
  signInWithShop,
  signOut,
  startAs,
  test,
} from './helpers';

// Four people at once (a colleague, the tablet, a second tablet, the area manager), each signed in: as long as the
// other journeys of several people.
test.describe.configure({ timeout: 180_000 });

const shopName = 'Milano Navigli';
const tablet = { width: 768, height: 1024 };

/** An administrator's session token, through the API (the demo admin has no second step). */
async function adminToken(page: Page): Promise<string> {
  const { data } = await callApi<{ data: { token: string } }>(page, {
    method: 'POST',
    path: '/api/auth/login',
    body: { login: 'admin', password: demoPassword },
  });
  return data.token;
}

/** HH:MM in Rome, `minutes` before now, not before today's midnight (a journey run just after it). */
function romeTimeAgo(minutes: number): string {
  const today = businessDate(new Date());
  const then = new Date(Date.now() - minutes * 60_000);
  if (businessDate(then) !== today) return '00:00';
  return new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(then);
}

/**
 * Plans today's shift for `userId` in the shop's week, sent to its people (as the administrator), with the shop's grace
 * set to `grace` minutes through the shop's form API.
 */
async function planToday(page: Page, options: { userId: number; start: string; grace: number }) {
  const token = await adminToken(page);
  const { data: shops } = await callApi<{ data: { id: number; name: string }[] }>(page, {
    path: `/api/shops?search=${encodeURIComponent(shopName)}`,
    token,
  });
  const shopId = shops.find((shop) => shop.name === shopName)?.id;
  if (!shopId) throw new Error(`no shop ${shopName}`);
  const { data: shop } = await callApi<{ data: Record<string, unknown> }>(page, {
    path: `/api/shops/${shopId}`,
    token,
  });
  await callApi(page, {
    method: 'PUT',
    path: `/api/shops/${shopId}`,
    token,
    body: { ...shop, shiftGraceMinutes: options.grace },
  });
  const day = businessDate(new Date());
  const week = `/api/shops/${shopId}/shift-weeks/${isoWeekOf(day)}`;
  // The demo's week is sent already: her shift joins it by a rectification; a week not planned yet is planned and sent.
  const { data: current } = await callApi<{ data: WeekAnswer }>(page, { path: week, token });
  const shift = { kind: 'shift', start: options.start, stop: '23:59', breakMinutes: 30, notes: '' };
  const body = {
    members: [
      ...current.members
        .filter((member) => member.userId !== options.userId)
        .map(({ userId, templateId }) => ({ userId, templateId })),
      { userId: options.userId, templateId: null },
    ],
    cells: [
      ...current.cells.filter((cell) => cell.userId !== options.userId),
      { userId: options.userId, day, cell: shift },
    ],
  };
  if (current.state === 'sent') {
    await callApi(page, {
      method: 'PUT',
      path: `${week}/rectification`,
      token,
      body: { ...body, reason: 'Turno aggiunto per la prova del marcatempo' },
    });
    return;
  }
  if (current.state === 'convalidated') await callApi(page, { method: 'POST', path: `${week}/reopen`, token });
  await callApi(page, { method: 'PUT', path: week, token, body });
  for (const action of ['convalidate', 'send'])
    await callApi(page, { method: 'POST', path: `${week}/${action}`, token });
}

type WeekAnswer = {
  state: 'assigned' | 'convalidated' | 'sent' | null;
  members: { userId: number; templateId: number | null }[];
  cells: { userId: number; day: string; cell: unknown }[];
};

/** Registers a passkey for the signed-in person from their profile, with the page's virtual authenticator. */
async function registerPasskey(page: Page, name: string) {
  await page.goto('/app/user?tab=security');
  const card = page.getByTestId('passkeys-card');
  await card.getByTestId('passkey-name').fill(name);
  await card.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(page.getByText(`Impronta «${name}» registrata.`)).toBeVisible();
}

test('a colleague punches her day on the tablet with her password and her passkey; a late start reaches the area manager live', async ({
  browser,
}) => {
  const { id: elenaId, username: elena } = await createEmployee({ group: 'Dipendente', shop: shopName });

  // The shop tablet, with Chromium's virtual authenticator standing in for its fingerprint reader.
  const context = await browser.newContext({ viewport: tablet });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // Elena registers her fingerprint on the tablet once, from her profile.
  await signInWithShop(page, elena, shopName, { password: newcomerPassword });
  await registerPasskey(page, 'Tablet Navigli');

  // Her shift began an hour ago, in a week sent to the shop, which waits no minute's grace.
  await planToday(page, { userId: elenaId, start: romeTimeAgo(60), grace: 0 });
  await signOut(page);

  // The area manager works elsewhere with the app open; an administrator has the time clock open on another tablet.
  const manager = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  const admin = await openAs(browser, 'admin', shopName);
  await admin.goto('/app/shop/shift');
  const elenaOnAdmin = admin.getByTestId('time-clock-person').filter({ hasText: 'Elena Prova' });
  await expect(elenaOnAdmin.getByTestId('time-clock-state')).toHaveText('Non iniziato');

  // The shop's tablet, signed in by Marco.
  await startAs(page, 'dipendente', shopName);
  await page.goto('/app/shop/shift');
  await expect(page).toHaveTitle(/Timbrature/);
  await expect(page.getByRole('heading', { name: 'Timbrature di oggi', level: 1 })).toBeVisible();
  const card = page.getByTestId('time-clock-person').filter({ hasText: 'Elena Prova' });
  await expect(card.getByTestId('time-clock-state')).toHaveText('Non iniziato');
  await expect(card.getByTestId('time-clock-planned')).toContainText('–23:59');
  await expect(card.getByTestId('time-clock-lateness')).toContainText('Non ancora iniziato');
  await expect(card.getByRole('button')).toHaveText(['Inizio turno']);
  await expectNoSeriousViolations(page, 'time clock');
  await expectFitsWidth(page);

  // A wrong password: told in the dialog, nothing punched.
  const dialog = page.getByRole('dialog', { name: 'Conferma la presenza' });
  await card.getByRole('button', { name: 'Inizio turno: Elena Prova' }).click();
  await expect(dialog).toContainText('Elena Prova, conferma che sei tu.');
  await dialog.getByRole('button', { name: 'Usa invece la password' }).click();
  await dialog.getByTestId('presence-password').fill('non-la-mia-password');
  await dialog.getByRole('button', { name: 'Conferma', exact: true }).click();
  await expect(dialog).toContainText('Password non corretta.');
  await expectNoSeriousViolations(page, 'presence check');
  await keepForReview(page, { path: test.info().outputPath('time-clock-presence-refused-768.png') });
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(card.getByTestId('time-clock-state')).toHaveText('Non iniziato');
  await expect(card.getByTestId('time-clock-punch')).toHaveCount(0);

  // Her password: the shift starts, late, and the area manager is told as it is punched: the toast is watched for from
  // before the punch, since it stays only a few seconds.
  const toldLive = manager
    .getByText(`${shopName}: Elena Prova ha iniziato il turno in ritardo`)
    .waitFor({ state: 'visible', timeout: 30_000 });
  await card.getByRole('button', { name: 'Inizio turno: Elena Prova' }).click();
  await dialog.getByRole('button', { name: 'Usa invece la password' }).click();
  await dialog.getByTestId('presence-password').fill(newcomerPassword);
  await dialog.getByRole('button', { name: 'Conferma', exact: true }).click();
  await expect(page.getByText('Timbratura registrata: Inizio turno, Elena Prova.')).toBeVisible();
  await expect(card.getByTestId('time-clock-state')).toHaveText('In turno');
  await expect(card.getByTestId('time-clock-lateness')).toContainText('Iniziato in ritardo di');
  await expect(card.getByTestId('time-clock-punch')).toHaveCount(1);
  await toldLive;

  // Her fingerprint starts the break, her password ends it, her fingerprint ends the shift.
  await card.getByRole('button', { name: 'Inizio pausa: Elena Prova' }).click();
  await dialog.getByTestId('presence-passkey').click();
  await expect(card.getByTestId('time-clock-state')).toHaveText('In pausa');
  await expect(card.getByRole('button')).toHaveText(['Fine pausa']);
  await card.getByRole('button', { name: 'Fine pausa: Elena Prova' }).click();
  await dialog.getByRole('button', { name: 'Usa invece la password' }).click();
  await dialog.getByTestId('presence-password').fill(newcomerPassword);
  await dialog.getByRole('button', { name: 'Conferma', exact: true }).click();
  await expect(card.getByTestId('time-clock-state')).toHaveText('In turno');
  await card.getByRole('button', { name: 'Fine turno: Elena Prova' }).click();
  await dialog.getByTestId('presence-passkey').click();
  await expect(card.getByTestId('time-clock-state')).toHaveText('Turno finito');
  await expect(card.getByTestId('time-clock-punch')).toHaveCount(4);
  await expect(card.getByTestId('time-clock-punch').nth(1)).toContainText("Inizio pausa · con l'impronta");
  await expect(card.getByTestId('time-clock-lateness')).toContainText('Finito in anticipo di');

  // The other tablet followed every punch live, without a reload.
  await expect(elenaOnAdmin.getByTestId('time-clock-state')).toHaveText('Turno finito');
  await expect(elenaOnAdmin.getByTestId('time-clock-punch')).toHaveCount(4);
  // Marco may not rectify; the administrator sets the start right with a reason, both times kept.
  await expect(card.getByTestId('time-clock-rectify')).toHaveCount(0);
  const start = elenaOnAdmin.getByTestId('time-clock-punch').first();
  const punchedAt = (await start.locator('[dir="ltr"]').textContent()) ?? '';
  await start.getByTestId('time-clock-rectify').click();
  const rectify = admin.getByRole('dialog', { name: 'Rettifica una timbratura' });
  await rectify.getByRole('button', { name: 'Continua' }).click();
  await expect(rectify).toContainText("È l'orario già registrato.");
  // The time is read once: the confirmation must name the minute typed, even when the clock turns one meanwhile.
  const rectifiedTo = romeTimeAgo(60);
  await rectify.getByTestId('rectify-time').fill(rectifiedTo);
  await rectify.getByRole('button', { name: 'Continua' }).click();
  await expect(rectify.getByLabel('Motivo')).toHaveAttribute('aria-invalid', 'true');
  await rectify.getByLabel('Motivo').fill('Era in negozio dall’inizio del turno, il tablet era spento');
  await rectify.getByRole('button', { name: 'Continua' }).click();
  await expect(rectify.getByTestId('rectify-confirm')).toContainText(`dalle ${punchedAt} alle ${rectifiedTo}`);
  await expectNoSeriousViolations(admin, 'rectification');
  await keepForReview(admin, { path: test.info().outputPath('time-clock-rectify-confirm-1280.png') });
  await rectify.getByRole('button', { name: 'Rettifica', exact: true }).click();
  await expect(admin.getByText('Timbratura rettificata: Inizio turno, Elena Prova.')).toBeVisible();
  await expect(elenaOnAdmin.getByTestId('time-clock-rectified')).toContainText(`Rettificata, era ${punchedAt}`);
  // …and Marco's tablet shows it too.
  await expect(card.getByTestId('time-clock-rectified')).toContainText('il tablet era spento');

  await Promise.all([context.close(), manager.context().close(), admin.context().close()]);
});

test('the time clock on the tablet, a phone and a desktop, light, dark and in Arabic', async ({ browser }) => {
  for (const look of looks) {
    const page = await openInLook(browser, look, { as: ['admin', shopName] });
    await page.goto('/app/shop/shift');
    await expect(page.getByTestId('time-clock-people').or(page.getByTestId('time-clock-empty'))).toBeVisible();
    // The shop tablet in every look; the phone and the desktop in the first look only.
    for (const width of look === looks[0] ? [768, 390, 1280] : [768]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1024 });
      // Drawn afresh at that width, as a tablet or a phone opens it (not the desktop's frame shrinking).
      await page.reload();
      await expect(
        page.getByTestId('time-clock-person').first().or(page.getByTestId('time-clock-empty')),
      ).toBeVisible();
      await expectFitsWidth(page);
      await keepForReview(page, {
        path: test.info().outputPath(`time-clock-${look.lng}-${look.scheme}-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoSeriousViolations(page, `time clock, ${look.name}`);
    await page.context().close();
  }
});
