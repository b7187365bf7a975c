// Issue 26's security cameras, on the server of today with its simulated cameras: the administrator adds a camera
// of Napoli Toledo from the menu, tests it with a wrong password (the §8 message) and the right one, saves it, finds
// it in the viewer and sees its picture change, watches it live full screen and finds the viewing in the log. The
// area manager, whose shops are Milano and Torino, does not see it. Then the screens on the tablet in dark and the
// phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  cameraSimulatorPort,
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

/** A digest of the picture a tile shows now: its pixels, drawn on a canvas (the page's CSP lets no script fetch blob:). */
async function pictureDigest(page: Page, tile: string): Promise<string> {
  return page
    .getByTestId(tile)
    .locator('img')
    .first()
    .evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const digest = await crypto.subtle.digest('SHA-256', pixels);
      return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    });
}

test('the administrator adds and tests a camera, watches it in the viewer and live; another area’s manager does not see it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  const name = `Vetrina ${Date.now() % 100_000}`;

  await openMenuSection(admin, 'Videosorveglianza');
  await admin.getByRole('link', { name: 'Aggiungi telecamera', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Nuova telecamera', level: 1 })).toBeVisible();
  await admin.getByTestId('camera-name').fill(name);
  await pick(admin, 'camera-shopId', 'NA01 · Napoli Toledo');
  await pick(admin, 'camera-categoryId', 'Ingresso');
  await pick(admin, 'camera-type', 'Foscam HD (CGIProxy)');
  await admin.getByTestId('camera-link').fill(`http://127.0.0.1:${cameraSimulatorPort}`);
  await admin.getByTestId('camera-username').fill('na01-ingresso');
  // A wrong password: the camera's own answer, as §8 words it.
  await admin.getByTestId('camera-password').fill('sbagliata');
  await admin.getByTestId('camera-test').click();
  await expect(admin.getByTestId('camera-test-outcome')).toContainText('credenziali errate');
  await admin.getByTestId('camera-password').fill('demo-camera-2026');
  await admin.getByTestId('camera-test').click();
  await expect(admin.getByTestId('camera-test-outcome')).toContainText('contattata correttamente');
  await admin.getByTestId('camera-save').click();
  await admin.waitForURL(/\/app\/security\/video\/list/);
  await admin.getByTestId('cameras-search').fill(name);
  await expect(admin.getByRole('cell', { name, exact: true })).toBeVisible();

  // The viewer: searched by name, its picture through the server, a new one every few seconds.
  await admin.goto('/app/security/video/viewer');
  await admin.getByTestId('viewer-search').fill(name);
  const tile = admin.locator('[data-testid^="camera-tile-"]').filter({ hasText: name });
  await expect(tile).toHaveCount(1);
  const tileId = (await tile.getAttribute('data-testid')) as string;
  await expect(tile.locator('img')).toBeVisible();
  const first = await pictureDigest(admin, tileId);
  await expect.poll(() => pictureDigest(admin, tileId), { timeout: 15_000 }).not.toBe(first);

  // Live, full screen: the server's relay of the camera's MJPEG sub-stream.
  await tile.getByTestId('camera-tile-open').click();
  const live = admin.getByRole('dialog');
  await expect(live.getByTestId('camera-live-mode')).toHaveText('In diretta');
  await expect(live.locator('img')).toBeVisible();
  await expectNoSeriousViolations(admin, 'camera live');
  await live.getByRole('button', { name: 'Chiudi' }).first().click();

  // The log says who watched it.
  await openMenuSection(admin, 'Videosorveglianza');
  await admin.getByRole('link', { name: 'Registro delle visioni', exact: true }).click();
  await expect(admin.getByRole('cell', { name, exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(admin, 'camera viewing log');

  // The area manager's shops are Milano and Torino: the camera of Napoli is not theirs.
  const area = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await openMenuSection(area, 'Videosorveglianza');
  await area.getByRole('link', { name: 'Visualizzatore', exact: true }).click();
  await expect(area.locator('[data-testid^="camera-tile-"]').first()).toBeVisible();
  await area.getByTestId('viewer-search').fill(name);
  await expect(area.getByTestId('viewer-empty')).toBeVisible();
  await expect(area.getByRole('link', { name: 'Aggiungi telecamera' })).toHaveCount(0);
});

test('the camera screens on the tablet in dark and the phone in Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  const shot = (name: string) => test.info().outputPath(name);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    for (const [path, ready, screen] of [
      ['/app/security/video/viewer', 'viewer-grid', 'viewer'],
      ['/app/security/video/list', 'cameras-search', 'list'],
      ['/app/security/video/add', 'camera-save', 'add'],
      ['/app/security/video/categories', 'camera-categories-table', 'categories'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      if (screen === 'viewer') await expect(page.locator('[data-testid^="camera-tile-"] img').first()).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `cameras ${screen} ${look.name} ${width}`);
      await keepForReview(page, {
        path: shot(`cameras-${screen}-${look.lng}-${look.scheme}-${width}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  }
});
