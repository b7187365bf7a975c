// Issue 27's loyalty club and marketing, on the server of today (its mails go to the catcher, its SMS to the simulated
// provider). On a phone, a customer joins the club from /club, confirms the email code (from the inbox) and the SMS
// code (from the phone), sees the card and the level progress, and invites a friend, who opens the link on their own
// phone, joins and confirms; the first customer then has the friend's 40 points. Marketing finds both and the points.
// Then the administrator suspends registration: the club shows the maintenance message, and reopens it.
import { type Browser, expect as baseExpect, type Page } from '@playwright/test';
import {
  codeMailedTo,
  codeTextedTo,
  expectFitsWidth,
  expectNoSeriousViolations,
  openAs,
  openMenuSection,
  test,
} from './helpers';

// The pages' code loads on first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const phone = { width: 390, height: 844 };

type Newcomer = { firstName: string; lastName: string; email: string; mobile: string; number: string };

function newcomer(firstName: string, lastName: string): Newcomer {
  const digits = String(Date.now()).slice(-7);
  const mobile = `347 ${digits}`;
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${digits}@club.example`.toLowerCase(),
    mobile,
    number: `+39347${digits}`,
  };
}

async function onPhone(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function join(page: Page, person: Newcomer) {
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(person.firstName);
  await page.getByLabel('Cognome').fill(person.lastName);
  await page.getByLabel('Data di nascita').fill('1991-04-12');
  await page.getByLabel('Genere').selectOption({ label: 'Donna' });
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Club-Verde-2026');
  await page.getByLabel('Cellulare').fill(person.mobile);
  await page.getByLabel('Città').fill('Milano');
  await page.getByLabel('Il tuo negozio').selectOption({ label: 'Milano Duomo — Milano' });
  await page.getByLabel(/informativa sulla privacy/).check();
  await page.getByRole('button', { name: 'Iscriviti', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Conferma il tuo account' })).toBeVisible();
  const emailCode = await codeMailedTo(person.email);
  await page.getByRole('group', { name: 'Codice ricevuto per email' }).locator('input').first().click();
  await page.keyboard.type(emailCode);
  await expect(page.getByText(/è confermata/)).toBeVisible();
  const smsCode = await codeTextedTo(person.number);
  await page.getByRole('group', { name: 'Codice ricevuto per SMS' }).locator('input').first().click();
  await page.keyboard.type(smsCode);
  await expect(page.getByRole('heading', { name: 'La tua carta' })).toBeVisible();
}

test('a customer joins on the phone with both codes, invites a friend who joins; marketing finds both with the points', async ({
  browser,
}) => {
  const anna = newcomer('Anna', 'Galli');
  const first = await onPhone(browser, '/club');
  await expect(first.getByText('Sconti fino al 15%')).toBeVisible();
  await expectNoSeriousViolations(first, 'club welcome');
  await first.getByRole('link', { name: 'Iscriviti gratis' }).click();
  await expect(first.getByRole('heading', { name: 'Iscriviti al club' })).toBeVisible();
  await expectNoSeriousViolations(first, 'club register');
  await expectFitsWidth(first);
  await join(first, anna);
  const card = ((await first.getByTestId('club-card-number').textContent()) ?? '').replace(/\s/g, '');
  expect(card).toMatch(/^29\d{11}$/);
  await expectNoSeriousViolations(first, 'club card');

  await first.getByRole('link', { name: 'Livello', exact: true }).click();
  await expect(first.getByRole('heading', { name: 'Il tuo livello' })).toBeVisible();
  await expect(first.getByTestId('club-level-points')).toHaveText('0 punti');
  await expect(first.getByText('Ti mancano 300 punti per il livello Argento.')).toBeVisible();
  await expectNoSeriousViolations(first, 'club level');

  await first.getByRole('link', { name: 'Invita', exact: true }).click();
  const link = await first.getByTestId('club-invite-link').inputValue();
  expect(link).toMatch(/\/club\/register\?invite=[\w-]+$/);
  await expectNoSeriousViolations(first, 'club invite');

  // The friend opens the link on their own phone.
  const sara = newcomer('Sara', 'Conti');
  const friend = await onPhone(browser, link);
  await expect(friend.getByText('Anna ti ha invitato nel club')).toBeVisible();
  await join(friend, sara);

  await first.reload();
  await expect(first.getByTestId('club-invite-confirmed')).toHaveText('1');
  await expect(first.getByTestId('club-invite-points')).toHaveText('40');
  await first.getByRole('link', { name: 'Attività', exact: true }).click();
  await expect(first.getByText(/Sara/).first()).toBeVisible();

  // Marketing finds both club members, Anna with the 40 points of her invitation.
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await openMenuSection(admin, 'Marketing');
  await admin.getByRole('link', { name: 'Iscritti al club' }).click();
  await admin.getByTestId('members-search').fill('Conti');
  await expect(admin).toHaveURL(/search=Conti/);
  await expect(admin.locator('[data-testid^="members-row-"]').filter({ hasText: sara.email })).toBeVisible();
  // The list follows the box once typing pauses: open the member once the address has caught up with the search.
  await admin.getByTestId('members-search').fill('Galli');
  await expect(admin).toHaveURL(/search=Galli/);
  const row = admin.locator('[data-testid^="members-row-"]').filter({ hasText: card });
  await expect(row).toContainText('40');
  await row.getByRole('link', { name: card }).click();
  await expect(admin).toHaveURL(/\/app\/marketing\/users\/\d+$/);
  await expect(admin.getByTestId('customer-points')).toContainText('40');
  await admin.getByRole('tab', { name: 'Punti' }).click();
  await expect(admin.getByTestId('points-row').first()).toContainText('40');
  await expectNoSeriousViolations(admin, 'marketing member');
});

test('suspending registration shows the club the maintenance message and stores nothing; reopening lets people join', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await openMenuSection(admin, 'Marketing');
  await admin.getByRole('link', { name: 'Impostazioni del club' }).click();
  await expect(admin.getByTestId('club-level-0-name')).toHaveValue('Bronzo');
  await expectNoSeriousViolations(admin, 'club settings');
  const suspend = admin.getByTestId('club-registration-suspended');
  await suspend.check({ force: true });
  await admin.getByTestId('club-settings-save').click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Sospendi e salva' }).click();
  await expect(admin.getByText('Impostazioni del club salvate.').first()).toBeVisible();
  await expect(admin.getByTestId('club-suspended')).toBeVisible();

  const late = newcomer('Lia', 'Serra');
  const page = await onPhone(browser, '/club/register');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(late.firstName);
  await page.getByLabel('Cognome').fill(late.lastName);
  await page.getByLabel('Data di nascita').fill('1991-04-12');
  await page.getByLabel('Genere').selectOption({ label: 'Uomo' });
  await page.getByRole('textbox', { name: 'Email' }).fill(late.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Club-Verde-2026');
  await page.getByLabel('Cellulare').fill(late.mobile);
  await page.getByLabel('Il tuo negozio').selectOption({ label: 'Milano Duomo — Milano' });
  await page.getByLabel(/informativa sulla privacy/).check();
  await page.getByRole('button', { name: 'Iscriviti', exact: true }).click();
  await expect(
    page.getByText('Le iscrizioni al club sono momentaneamente sospese per manutenzione. Riprova più tardi.'),
  ).toBeVisible();
  // What was typed is still there.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(late.email);

  await suspend.uncheck({ force: true });
  await admin.getByTestId('club-settings-save').click();
  await expect(admin.getByTestId('club-suspended')).toHaveCount(0);
  await page.getByRole('button', { name: 'Iscriviti', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Conferma il tuo account' })).toBeVisible();
});
