import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openAs, openMenuSection, pngImage, slowUploads, startAs, test } from './helpers';

const item = (page: Page, name: string) => page.getByTestId(`file-item-${name}`);

/** The names shown, in order. */
async function shownNames(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid^="file-item-"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')?.slice(10) ?? ''));
}

/**
 * Drops a folder tree on the file manager the way a browser does: a 'drop' whose items answer
 * webkitGetAsEntry() with FileSystemEntry objects (here stand-ins built around real File objects).
 */
async function dropTree(page: Page, tree: Record<string, unknown>) {
  await page.getByTestId('file-area').evaluate((area, tree) => {
    type Node = { [name: string]: Node | string };
    const entryOf = (name: string, node: Node | string, parent: string): unknown => {
      const fullPath = `${parent}/${name}`;
      if (typeof node === 'string') {
        const file = new File([node], name, { type: 'text/plain' });
        return { isFile: true, isDirectory: false, name, fullPath, file: (done: (file: File) => void) => done(file) };
      }
      const children = Object.entries(node).map(([childName, child]) => entryOf(childName, child, fullPath));
      return {
        isFile: false,
        isDirectory: true,
        name,
        fullPath,
        createReader: () => {
          let read = false;
          return {
            readEntries: (done: (entries: unknown[]) => void) => {
              done(read ? [] : children);
              read = true;
            },
          };
        },
      };
    };
    const entries = Object.entries(tree as Node).map(([name, node]) => entryOf(name, node, ''));
    const event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', {
      value: {
        items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
        files: [],
        types: ['Files'],
      },
    });
    area.dispatchEvent(event);
  }, tree);
}

test('the company documents: a folder, uploads with progress, a dropped tree, rename, preview, sort and delete', async ({
  page,
}) => {
  await startAs(page, 'admin', 'Milano Duomo');
  await openMenuSection(page, 'Documenti');
  await page.getByRole('link', { name: 'Archivio documenti' }).click();
  await expect(page).toHaveURL(/\/app\/files$/);
  await expect(page.getByTestId('file-root')).toHaveValue('Documenti aziendali');
  await expect(item(page, 'Procedure')).toBeVisible();

  // A new folder: refused while empty or with a character Windows cannot hold.
  await page.getByTestId('action-newFolder').click();
  const dialog = page.getByRole('dialog');
  const create = dialog.getByRole('button', { name: 'Crea' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Nome della cartella').fill('Giro: e2e');
  await expect(dialog.getByText('Il nome non può contenere')).toBeVisible();
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Nome della cartella').fill('Giro e2e');
  await create.click();
  await expect(page.getByText('Cartella Giro e2e creata.')).toBeVisible();
  await item(page, 'Giro e2e').dblclick();
  await expect(page).toHaveURL(/root=company&path=%2FGiro\+e2e/);
  await expect(page.getByTestId('file-breadcrumb')).toContainText('Giro e2e');
  await expect(page.getByTestId('file-empty')).toBeVisible();

  // Two uploads on a slow link: each shows its own progress.
  const fullSpeed = await slowUploads(page, 200 * 1024);

  await page.getByTestId('action-upload').click();
  await page.getByTestId('upload-files-input').setInputFiles([
    { name: 'vetrina.png', mimeType: 'image/png', buffer: pngImage(300, 200, 'noise') },
    { name: 'bancone.png', mimeType: 'image/png', buffer: pngImage(200, 150, 'noise') },
  ]);
  const vetrina = page.getByTestId('upload-vetrina.png');
  await expect(vetrina).toHaveAttribute('data-state', 'uploading');
  await expect(vetrina.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByTestId('upload-bancone.png')).toBeVisible();
  await expect(vetrina).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('upload-bancone.png')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await fullSpeed();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(item(page, 'vetrina.png')).toBeVisible();
  await expect(item(page, 'bancone.png')).toBeVisible();

  // A dropped folder tree: folders first (the empty one too), then the files into them.
  await dropTree(page, {
    Scatola: { 'nota.txt': 'Da rileggere lunedì.', Interno: { 'dentro.txt': 'In fondo.' }, Vuota: {} },
  });
  const dragDialog = page.getByTestId('file-upload-drag');
  await expect(dragDialog.getByText('Cartelle create: 3 di 3')).toBeVisible();
  await expect(page.getByTestId('upload-nota.txt')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('upload-dentro.txt')).toHaveAttribute('data-state', 'done');
  await page.keyboard.press('Escape');
  await item(page, 'Scatola').dblclick();
  await expect(item(page, 'Interno')).toBeVisible();
  await expect(item(page, 'Vuota')).toBeVisible();
  await expect(item(page, 'nota.txt')).toBeVisible();

  // A text file's preview.
  await item(page, 'nota.txt').click();
  await page.getByTestId('action-preview').click();
  await expect(page.getByTestId('file-preview-text')).toHaveText('Da rileggere lunedì.');
  await page.keyboard.press('Escape');
  await page.getByTestId('file-back').click();
  await expect(page).toHaveURL(/path=%2FGiro\+e2e$/);

  // A folder picked with the folder picker.
  const picked = mkdtempSync(path.join(tmpdir(), 'bottega-files-'));
  mkdirSync(path.join(picked, 'Scelta', 'Sotto'), { recursive: true });
  writeFileSync(path.join(picked, 'Scelta', 'Sotto', 'scelto.txt'), 'Scelto dal disco.');
  await page.getByTestId('action-upload').click();
  await page.getByTestId('upload-folder-input').setInputFiles(path.join(picked, 'Scelta'));
  await expect(page.getByTestId('upload-scelto.txt')).toHaveAttribute('data-state', 'done');
  await page.keyboard.press('Escape');
  await expect(item(page, 'Scelta')).toBeVisible();

  // Rename with F2: refused while empty.
  await item(page, 'vetrina.png').click();
  await page.keyboard.press('F2');
  const name = dialog.getByLabel('Nuovo nome');
  await expect(name).toHaveValue('vetrina.png');
  await name.fill('');
  await expect(dialog.getByRole('button', { name: 'Rinomina' })).toBeDisabled();
  await name.fill('vetrina-natale.png');
  await dialog.getByRole('button', { name: 'Rinomina' }).click();
  await expect(item(page, 'vetrina-natale.png')).toBeVisible();
  await expect(item(page, 'vetrina.png')).toHaveCount(0);

  // An image's preview, opened with Enter.
  await item(page, 'vetrina-natale.png').click();
  await page.keyboard.press('Enter');
  const image = page.getByTestId('file-preview-image');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(300);
  await page.keyboard.press('Escape');

  // The list view, kept over a reload, sorted by size both ways (folders always first).
  await page.getByTestId('view-toggle').locator('label', { hasText: 'Elenco' }).click();
  await page.reload();
  await expect(page.getByTestId('select-all')).toBeVisible();
  await page.getByTestId('sort-size').click();
  expect(await shownNames(page)).toEqual(['Scatola', 'Scelta', 'bancone.png', 'vetrina-natale.png']);
  await page.getByTestId('sort-size').click();
  expect(await shownNames(page)).toEqual(['Scelta', 'Scatola', 'vetrina-natale.png', 'bancone.png']);

  // Two selected with Ctrl-click, Delete asks first and lists what goes.
  await item(page, 'bancone.png').click();
  await item(page, 'Scatola').click({ modifiers: ['ControlOrMeta'] });
  await page.keyboard.press('Delete');
  const confirm = page.getByTestId('file-delete');
  await expect(confirm).toContainText('/Giro e2e/bancone.png');
  await expect(confirm).toContainText('/Giro e2e/Scatola');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('2 elementi eliminati.')).toBeVisible();
  expect(await shownNames(page)).toEqual(['Scelta', 'vetrina-natale.png']);

  // The context menu offers the same actions.
  await item(page, 'Scelta').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Rinomina' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Anteprima' })).toBeDisabled();
  await page.keyboard.press('Escape');
});

test('without the write ability the company documents are read-only', async ({ browser }) => {
  const page = await openAs(browser, 'dipendente', 'Milano Duomo');
  await page.goto('/app/files?root=company&path=%2FProcedure');
  await expect(item(page, 'Chiusura cassa.txt')).toBeVisible();
  await expect(page.getByTestId('action-download')).toBeVisible();
  for (const action of ['upload', 'newFolder', 'rename', 'delete']) {
    await expect(page.getByTestId(`action-${action}`)).toHaveCount(0);
  }
  await item(page, 'Chiusura cassa.txt').dblclick();
  await expect(page.getByTestId('file-preview-text')).toContainText('Chiusura cassa giornaliera');
  await page.close();
});
