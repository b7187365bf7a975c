import { expect, type Page } from '@playwright/test';
import { keepForReview, openAs, openMenuSection, test } from './helpers';

/** Ticks or unticks abilities of the group open in the editor, found through the permission search. */
async function setAbilities(page: Page, abilities: string[], on: boolean) {
  for (const ability of abilities) {
    await page.getByTestId('permission-search').fill(ability);
    const checkbox = page.locator(`input[data-ability="${ability}"]`);
    if (on) await checkbox.check();
    else await checkbox.uncheck();
  }
  await page.getByTestId('permission-search').fill('');
}

async function saveGroup(page: Page) {
  // Wait for this save's own answer: an earlier save's toast may still be on screen.
  const saved = page.waitForResponse(
    (response) =>
      /\/api\/user-groups(\/\d+)?$/.test(new URL(response.url()).pathname) && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Salva' }).first().click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText(/^Gruppo .* salvato\.$/).first()).toBeVisible();
}

const groupsEntry = (page: Page) => page.getByRole('link', { name: 'Gruppi utenti' });

test('a permission removed from a group hides its menu entry and closes its page for the members, until restored', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await admin.goto('/app/usersGroup/list');
  await admin.getByRole('link', { name: 'Modifica: Ticket', exact: true }).click();
  await setAbilities(admin, ['employees.userGroups.list', 'employees.userGroups.view'], true);
  await saveGroup(admin);

  const member = await openAs(browser, 'ticket', 'Roma Termini');
  await openMenuSection(member, 'Gestione');
  await expect(groupsEntry(member)).toBeVisible();
  await groupsEntry(member).click();
  await expect(member.getByTestId('group-row-Ticket')).toBeVisible();
  // Only listing: no creating, editing or deleting.
  await expect(member.getByRole('link', { name: 'Nuovo gruppo' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Elimina: Ticket' })).toHaveCount(0);

  await setAbilities(admin, ['employees.userGroups.list'], false);
  await saveGroup(admin);

  await member.reload();
  await expect(member.getByTestId('status-403')).toBeVisible();
  await expect(groupsEntry(member)).toHaveCount(0);
  // Gestione stays for what the group still manages there, the ticket categories, without the groups.
  await openMenuSection(member, 'Gestione');
  await expect(member.getByRole('link', { name: 'Categorie ticket' })).toBeVisible();
  await expect(groupsEntry(member)).toHaveCount(0);

  await setAbilities(admin, ['employees.userGroups.list'], true);
  await saveGroup(admin);
  await member.reload();
  await expect(member.getByTestId('group-row-Ticket')).toBeVisible();
  await expect(groupsEntry(member)).toBeVisible();

  // Every change is on the group's page: who and what.
  await admin.reload();
  const history = admin.getByTestId('group-history');
  await expect(history.getByText('Alessandra Ferri').first()).toBeVisible();
  await expect(history.getByText('Permessi o nome modificati')).toHaveCount(3);
});

test('groups are created, deletion is refused while members remain, and admin groups are protected', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await admin.goto('/app/usersGroup/list');
  await admin.getByRole('link', { name: 'Nuovo gruppo' }).click();
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  await expect(admin.getByText('Campo obbligatorio.')).toBeVisible();

  await admin.getByTestId('group-name').fill('ticket');
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  await expect(admin.getByText('Questo valore è già in uso.')).toBeVisible();

  await admin.getByTestId('group-name').fill('Magazzino');
  await admin.getByTestId('select-all-logistics').check();
  await expect(admin.getByTestId('permission-count')).toHaveText('23 permessi scelti');
  await saveGroup(admin);
  await expect(admin).toHaveURL(/\/app\/usersGroup\/\d+\/edit$/);
  await expect(admin.getByTestId('group-history').getByText('Gruppo creato')).toBeVisible();

  await admin.goto('/app/usersGroup/list');
  await admin.getByRole('button', { name: 'Elimina: Ticket' }).click();
  const refused = admin.waitForResponse(
    (response) => /\/api\/user-groups\/\d+$/.test(response.url()) && response.request().method() === 'DELETE',
  );
  await admin.getByTestId('confirm').click();
  expect((await refused).status()).toBe(409);
  await expect(admin.getByRole('alert')).toContainText('Il gruppo ha ancora membri (1)');
  await admin.getByRole('button', { name: 'Annulla' }).click();
  await expect(admin.getByTestId('group-row-Ticket')).toBeVisible();

  await admin.getByRole('button', { name: 'Elimina: Magazzino' }).click();
  await admin.getByTestId('confirm').click();
  await expect(admin.getByText('Gruppo Magazzino eliminato.')).toBeVisible();
  await expect(admin.getByTestId('group-row-Magazzino')).toHaveCount(0);

  await expect(admin.getByRole('button', { name: 'Elimina: BOSS' })).toHaveCount(0);
  await admin.getByRole('link', { name: 'Modifica: BOSS', exact: true }).click();
  await expect(admin.getByTestId('admin-group-notice')).toBeVisible();
  await expect(admin.getByTestId('group-name')).toBeDisabled();
});

test('the channels of each notification event are saved per group', async ({ browser }) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await admin.goto('/app/usersGroup/list');
  await admin.getByRole('link', { name: 'Notifiche: Area Controllo' }).click();
  const lateStart = admin.getByTestId('event-shifts.notifications.lateStart');
  // Out of the box the group hears it in the app; it wants email and Telegram instead.
  await expect(lateStart.getByRole('checkbox').nth(1)).toBeChecked();
  await lateStart.getByRole('checkbox').nth(0).check();
  await lateStart.getByRole('checkbox').nth(1).uncheck();
  await lateStart.getByRole('checkbox').nth(2).check();
  await admin.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText('Gruppo Area Controllo salvato.')).toBeVisible();
  await admin.reload();
  await expect(lateStart.getByRole('checkbox').nth(0)).toBeChecked();
  await expect(lateStart.getByRole('checkbox').nth(1)).not.toBeChecked();
  await expect(lateStart.getByRole('checkbox').nth(2)).toBeChecked();
});

test('a group editor can grant only the abilities they hold, and only read a group holding more', async ({
  browser,
}) => {
  const editing = ['employees.userGroups.list', 'employees.userGroups.view', 'employees.userGroups.edit'];
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await admin.goto('/app/usersGroup/list');
  await admin.getByRole('link', { name: 'Modifica: Ticket', exact: true }).click();
  await setAbilities(admin, editing, true);
  await saveGroup(admin);

  const editor = await openAs(browser, 'ticket', 'Roma Termini');
  await editor.goto('/app/usersGroup/list');
  await editor.getByRole('link', { name: 'Modifica: Ticket', exact: true }).click();
  await expect(editor.getByTestId('not-held-notice')).toBeVisible();
  await editor.getByTestId('permission-search').fill('shops.cashRegister.close');
  await expect(editor.locator('input[data-ability="shops.cashRegister.close"]')).toBeDisabled();
  await editor.getByTestId('not-held-shops.cashRegister.close').hover();
  await expect(editor.getByRole('tooltip')).toHaveText(
    'Non hai questo permesso: puoi concedere solo i permessi che hai.',
  );
  await keepForReview(editor, { path: 'test-results/e2e/user-group-not-held.png' });
  // What the editor holds stays theirs to give or take.
  await editor.getByTestId('permission-search').fill('employees.userGroups.view');
  await expect(editor.locator('input[data-ability="employees.userGroups.view"]')).toBeEnabled();

  // A group holding abilities the editor lacks is read-only.
  await editor.goto('/app/usersGroup/list');
  await editor.getByRole('link', { name: 'Modifica: Contabilità', exact: true }).click();
  await expect(editor.getByTestId('not-delegable-notice')).toBeVisible();
  await expect(editor.getByTestId('group-name')).toBeDisabled();
  await expect(editor.getByRole('button', { name: 'Salva' })).toHaveCount(0);

  await admin.reload();
  await setAbilities(admin, editing, false);
  await saveGroup(admin);
});
