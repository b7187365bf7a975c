import { expect as baseExpect } from '@playwright/test';
import { businessDate, isoWeekDays, isoWeekOf, nextIsoWeek } from '../packages/contracts/src/dates';
import { expectNoSeriousViolations, openAs, openMenuSection, test } from './helpers';

// Each journey walks several screens, each loading its code on its first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// Next week, which the demo leaves to plan (apps/server/src/modules/shifts/shifts.seed.ts), Monday to Sunday.
const week = nextIsoWeek(isoWeekOf(businessDate()));
const [monday, tuesday, , , friday] = isoWeekDays(week) as [string, string, string, string, string];
const weekNumber = Number(week.split('-W')[1]);

test('a manager makes a template, fills next week from it, edits with the keyboard, sends it; the employee validates it and says when he is not free', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await openAs(browser, 'admin', 'Milano Duomo');

  // The template: Monday to Thursday 09–18 with an hour's break is 32 hours; held to 36 it warns (spec §5).
  await openMenuSection(manager, 'Gestione');
  await manager.getByRole('link', { name: 'Modelli di turno' }).click();
  await expect(manager.getByTestId('templates-table')).toContainText('Tempo pieno 40 h');
  await manager.getByTestId('template-new').click();
  await manager.getByTestId('template-name').fill('Apertura 32 h');
  await manager.getByRole('checkbox', { name: /venerdì/i }).uncheck();
  await manager.getByTestId('template-weekly-hours').fill('36');
  await expect(manager.getByTestId('template-below')).toContainText('mancano 4h');
  await manager.getByTestId('template-weekly-hours').fill('32');
  await expect(manager.getByTestId('template-below')).toHaveCount(0);
  await expect(manager.getByTestId('template-planned')).toContainText('32h');
  await manager.getByTestId('template-save').click();
  await expect(manager.getByTestId('templates-table')).toContainText('Apertura 32 h');

  // Next week's grid: nobody planned yet; Marco follows the new template and the grid fills from it.
  await manager.getByRole('link', { name: 'Pianificazione turni' }).click();
  await expect(manager.getByTestId('week-title')).toHaveText(`Settimana ${weekNumber}/${week.slice(0, 4)}`);
  await expect(manager.getByTestId('week-state')).toHaveText('Da pianificare');
  const marco = manager.locator('[data-testid^="grid-row-"]').filter({ hasText: 'Marco Rossi' });
  const giulia = manager.locator('[data-testid^="grid-row-"]').filter({ hasText: 'Giulia Neri' });
  await marco.getByTestId('row-template').click();
  await manager.getByRole('option', { name: 'Apertura 32 h', exact: true }).click();
  await manager.getByTestId('fill-templates').click();
  const marcoOn = (day: string) => marco.locator(`[data-testid$="-${day}"]`);
  await expect(marcoOn(monday)).toContainText('09:00–18:00');
  await expect(marcoOn(friday)).not.toContainText('09:00');
  await expect(marco.getByTestId('row-total')).toHaveText('Totale 32h su 32h');

  // The keyboard: copy Monday, four steps right to Friday, paste; then empty it again.
  await marcoOn(monday).focus();
  await manager.keyboard.press('Control+c');
  for (let step = 0; step < 4; step += 1) await manager.keyboard.press('ArrowRight');
  await expect(marcoOn(friday)).toBeFocused();
  await manager.keyboard.press('Control+v');
  await expect(marcoOn(friday)).toContainText('09:00–18:00');
  await manager.keyboard.press('Delete');
  await expect(marcoOn(friday)).not.toContainText('09:00');

  // Giulia closes on Monday night and opens on Tuesday morning: eight hours' rest, warned beside the cell.
  const giuliaOn = (day: string) => giulia.locator(`[data-testid$="-${day}"]`);
  await giuliaOn(monday).click();
  await manager.getByTestId('cell-start').fill('14:00');
  await manager.getByTestId('cell-stop').fill('23:00');
  await manager.getByTestId('cell-save').click();
  await giuliaOn(tuesday).click();
  await manager.getByTestId('cell-start').fill('07:00');
  await manager.getByTestId('cell-stop').fill('15:00');
  await manager.getByTestId('cell-save').click();
  await expect(manager.getByTestId('week-warnings')).toContainText('Riposo di 8h: meno di 11 ore tra due giorni');
  await expect(giuliaOn(tuesday).getByTestId('cell-warning')).toBeVisible();
  await expectNoSeriousViolations(manager, 'week grid');

  await manager.getByTestId('week-save').click();
  await expect(manager.getByTestId('week-state')).toHaveText('Assegnata');
  await manager.getByTestId('week-convalidate').click();
  await manager.getByTestId('confirm').click();
  await expect(manager.getByTestId('week-state')).toHaveText('Convalidata');
  await manager.getByTestId('week-send').click();
  await manager.getByTestId('confirm').click();
  await expect(manager.getByTestId('week-state')).toHaveText('Inviata ai dipendenti');
  // Sent, the grid is read-only; the overview shows the week sent with nobody validated yet.
  await expect(manager.getByTestId('fill-templates')).toHaveCount(0);
  await manager.getByRole('link', { name: 'Panoramica turni' }).click();
  await expect(manager.getByTestId('week-title')).toHaveText(`Settimana ${weekNumber}/${week.slice(0, 4)}`);
  const row = manager.getByTestId('overview-MI01');
  await expect(row.getByTestId('week-state')).toHaveText('Inviata ai dipendenti');
  await expect(row).toContainText(/0 su \d+ convalidate/);

  // Marco is asked on his dashboard, follows the prompt and validates the new week.
  const employee = await openAs(browser, 'dipendente', 'Milano Duomo');
  const prompt = employee.getByTestId('popup-shiftWeeksToValidate');
  await expect(prompt).toContainText('settimane di turni da convalidare');
  await prompt.getByRole('link').click();
  await expect(employee).toHaveURL(/\/app\/user\/convalidate\/shift$/);
  const card = employee.getByTestId(`own-week-${week}`);
  await expect(card.getByTestId(`own-day-${monday}`)).toContainText('09:00–18:00');
  await card.getByTestId('own-validate').click();
  await employee.getByTestId('confirm').click();
  await expect(card.getByTestId('own-validated')).toBeVisible();
  // He says he cannot work that Friday; whoever plans sees it on his cell.
  const availability = employee.getByTestId(`availability-${friday}`);
  await availability.getByText('Non disponibile').click();
  await availability.getByRole('textbox').fill('Visita medica');
  await employee.getByTestId('availability-save').click();
  await expect(employee.getByTestId('availability-saved')).toBeVisible();
  await expectNoSeriousViolations(employee, 'own shifts');
  // Back on the dashboard the prompt does not come again in this session.
  await employee.goto('/app');
  await expect(employee.getByTestId('dashboard-facts')).toBeVisible();
  await expect(employee.getByTestId('sign-in-popup')).toHaveCount(0);

  await manager.reload();
  await expect(manager.getByTestId('overview-MI01')).toContainText(/1 su \d+ convalidate/);
  await manager.goto(`/app/employeesShift/assign?week=${week}`);
  const marcoFriday = manager
    .locator('[data-testid^="grid-row-"]')
    .filter({ hasText: 'Marco Rossi' })
    .locator(`[data-testid$="-${friday}"]`);
  await expect(marcoFriday.getByTestId('cell-availability')).toHaveText('Non disponibile');
});
