// Issue 24's ticket categories: the administrator opens the tree, creates a parent and a leaf under it, renames the
// leaf, assigns the parent to Luca, moves the parent up with the keyboard and back down with the pointer, is told
// when the order seen has gone stale, is refused the deletion of IT › Cassa (it holds tickets, and says how many)
// and deletes the empty leaf. Then the tree on the tablet in dark and on the phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  callApi,
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
const screenshot = (page: Page, name: string) =>
  keepForReview(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The names of the top-level categories, in the order the tree shows them. */
const topLevel = (page: Page) =>
  page
    .getByTestId('categories-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .filter((row) => row.getAttribute('data-depth') === '0')
        .map((row) => row.querySelector('bdi')?.textContent ?? ''),
    );

/**
 * Moves the category taken with the keyboard one place up. An arrow pressed while the drag is still settling (the
 * rows taking their drop targets after the category was taken) may be a no-op, as for a person: it is pressed again
 * until the move is announced.
 */
async function moveUpOnePlace(page: Page, name: string, total: number) {
  const moved = page.getByText(`Spostata: ${name}, posizione ${total - 1} di ${total}.`);
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(moved).toBeAttached({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('a parent and a leaf created, renamed, assigned, reordered by keyboard and pointer, deleted only when empty', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, 'admin', 'Milano Duomo');
  // Names of their own, for a server run twice.
  const suffix = Date.now() % 100_000;
  const parent = `Magazzino ${suffix}`;
  const leaf = `Scaffali ${suffix}`;
  const renamed = `Scaffalature ${suffix}`;

  await openMenuSection(page, 'Gestione');
  await page.getByRole('link', { name: 'Categorie ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Categorie ticket', level: 1 })).toBeVisible();
  const table = page.getByTestId('categories-table');
  await expect(table.getByTestId('category-row-IT-Cassa')).toBeVisible();
  await expect(table.getByTestId('category-row-IT')).toContainText('Categorie');
  await expect(table.getByTestId('category-row-IT').getByRole('img', { name: 'Luca Gallo' })).toBeVisible();
  await expectNoSeriousViolations(page, 'categorie ticket');

  await page.getByRole('link', { name: 'Nuova categoria' }).click();
  await expect(page.getByRole('heading', { name: 'Nuova categoria ticket', level: 1 })).toBeVisible();
  // Saved empty, the name is asked for in words of the page's language.
  await page.getByTestId('category-save').click();
  await expect(page.getByText('Campo obbligatorio.')).toBeVisible();
  // A name taken at the top, whatever its case: the server's refusal, in Italian.
  await page.getByTestId('category-name').fill('it');
  await page.getByTestId('category-is-parent').check();
  await page.getByTestId('category-save').click();
  await expect(page.getByTestId('category-error')).toHaveText(
    'Categoria ticket non salvata: sotto lo stesso genitore esiste già una categoria con questo nome.',
  );
  await page.getByTestId('category-name').fill(parent);
  await expectNoSeriousViolations(page, 'nuova categoria');
  await page.getByTestId('category-save').click();
  await expect(page.getByText(`Categoria ${parent} salvata.`)).toBeVisible();
  await expect(table.getByTestId(`category-row-${parent}`)).toContainText('Categorie');

  await page.getByRole('link', { name: 'Nuova categoria' }).click();
  await page.getByTestId('category-name').fill(leaf);
  await pick(page, 'category-parent', parent);
  await page.getByTestId('category-save').click();
  await expect(page.getByText(`Categoria ${leaf} salvata.`)).toBeVisible();
  await expect(table.getByTestId(`category-row-${parent}-${leaf}`)).toContainText('Ticket');

  await page.getByRole('link', { name: `Modifica: ${leaf}` }).click();
  await expect(page.getByRole('heading', { name: `Categoria ${leaf}`, level: 1 })).toBeVisible();
  // The leaf cannot be offered as its own parent: only the parents are.
  await page.getByTestId('category-parent').click();
  await expect(page.getByRole('option', { name: 'IT', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: leaf })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('category-name').fill(renamed);
  await page.getByTestId('category-save').click();
  await expect(page.getByText(`Categoria ${renamed} salvata.`)).toBeVisible();
  await expect(table.getByTestId(`category-row-${parent}-${renamed}`)).toBeVisible();

  await page.getByRole('link', { name: `Assegna: ${parent}` }).click();
  await expect(page.getByRole('heading', { name: `Chi gestisce ${parent}`, level: 1 })).toBeVisible();
  await page.getByTestId('assign-users').click();
  await page.getByRole('option', { name: 'Luca Gallo' }).click();
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'assegna categoria');
  await page.getByTestId('assign-save').click();
  await expect(page.getByText(`Assegnatari di ${parent} salvati.`)).toBeVisible();
  await expect(table.getByTestId(`category-row-${parent}`).getByRole('img', { name: 'Luca Gallo' })).toBeVisible();
  // Its leaf, with nobody of its own, is handled by the parent's people, and says so.
  await expect(table.getByTestId(`category-row-${parent}-${renamed}`).getByTestId('category-inherited')).toContainText(
    `Come ${parent}`,
  );

  // The new parent came last among the top-level categories; the keyboard moves it one place up, with its leaf.
  const before = await topLevel(page);
  expect(before.at(-1)).toBe(parent);
  // Each key once the previous one took effect: the sensor listens for the arrows only once the category is taken.
  const total = before.length;
  const handle = table.getByRole('button', { name: `Sposta ${parent}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await moveUpOnePlace(page, parent, total);
  await page.keyboard.press('Space');
  await expect(page.getByText('Ordine delle categorie salvato.')).toBeVisible();
  const moved = [...before.slice(0, -2), parent, before.at(-2) as string];
  await expect.poll(() => topLevel(page)).toEqual(moved);
  await page.reload();
  await expect.poll(() => topLevel(page)).toEqual(moved);
  const rows = table.locator('tbody tr');
  const parentRow = await rows.evaluateAll(
    (found, name) => found.findIndex((row) => row.querySelector('bdi')?.textContent === name),
    parent,
  );
  await expect(rows.nth(parentRow + 1)).toHaveAttribute('data-testid', `category-row-${parent}-${renamed}`);
  await screenshot(page, 'ticket-categories-it-light-1280');

  // With the pointer it goes back down, below the category it passed.
  const above = before.at(-2) as string;
  const from = await handle.boundingBox();
  const target = await table.getByTestId(`category-row-${above}`).boundingBox();
  if (!from || !target) throw new Error('the handle or the row is not on the screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, target.y + target.height / 2, { steps: 10 });
  // The line shows where it lands: below the passed category's branch.
  await expect(table.locator('tr[data-drop="bottom"]')).toHaveCount(1);
  // Only the viewport: a full-page shot resizes the window, which ends the drag.
  await keepForReview(page, { path: test.info().outputPath('ticket-categories-dragging-1280.png') });
  await page.mouse.up();
  await expect.poll(() => topLevel(page)).toEqual(before);
  await page.reload();
  await expect.poll(() => topLevel(page)).toEqual(before);

  // Someone else adds a category meanwhile: the order seen is stale, refused with a toast, and the tree reloaded.
  const other = `Altro ${suffix}`;
  await callApi(page, {
    method: 'POST',
    path: '/api/ticket-categories',
    token: await page.evaluate(() => localStorage.getItem('bottega.token') ?? ''),
    body: { name: other },
  });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await moveUpOnePlace(page, parent, total);
  await page.keyboard.press('Space');
  await expect(
    page.getByText('Ordine non salvato: nel frattempo le categorie sono cambiate. Ricarica e riprova.'),
  ).toBeVisible();
  await expect.poll(() => topLevel(page)).toEqual([...before, other]);

  // IT › Cassa holds tickets: the refusal says how many, in Italian.
  await table.getByRole('button', { name: 'Elimina: Cassa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminare la categoria?' });
  await dialog.getByTestId('confirm').click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Categoria ticket non modificata: contiene \d+ ticket, aperti o chiusi\.$/,
  );
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(table.getByTestId('category-row-IT-Cassa')).toBeVisible();

  await table.getByRole('button', { name: `Elimina: ${renamed}` }).click();
  await expect(dialog).toContainText(`La categoria ${renamed} sarà eliminata.`);
  await dialog.getByTestId('confirm').click();
  await expect(page.getByText(`Categoria ${renamed} eliminata.`)).toBeVisible();
  await expect(table.getByTestId(`category-row-${parent}-${renamed}`)).toHaveCount(0);
  await page.context().close();
});

test('the ticket category tree on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    for (const [path, ready] of [
      ['/app/ticketCategory/list', 'categories-table'],
      ['/app/ticketCategory/create', 'category-name'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${path} ${look.name} ${width}`);
      await screenshot(page, `${path.split('/').at(-1)}-${look.lng}-${look.scheme}-${width}`);
    }
    // The first category's assignees (IT's), reached from the tree.
    await page.goto('/app/ticketCategory/list');
    await page.getByTestId('categories-table').locator('a[href$="/assign"]').first().click();
    await expect(page.getByTestId('assign-users')).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousViolations(page, `assign ${look.name} ${width}`);
    await screenshot(page, `assign-${look.lng}-${look.scheme}-${width}`);
    await page.context().close();
  }
});
