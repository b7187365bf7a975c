import { expect, type Page, test } from '@playwright/test';
import { openAs } from './helpers';

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
  await member.getByText('Gestione').click();
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
  await expect(member.getByText('Gestione')).toHaveCount(0);

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
  await admin.getByTestId('confirm').click();
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
  await lateStart.getByRole('checkbox').nth(0).check();
  await lateStart.getByRole('checkbox').nth(2).check();
  await admin.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText('Gruppo Area Controllo salvato.')).toBeVisible();
  await admin.reload();
  await expect(lateStart.getByRole('checkbox').nth(0)).toBeChecked();
  await expect(lateStart.getByRole('checkbox').nth(1)).not.toBeChecked();
  await expect(lateStart.getByRole('checkbox').nth(2)).toBeChecked();
});
