// Issue 18 on the second server of today: the notification centre (the bell's drawer, /app/notifications with its
// filter and the person's preferences), a Telegram chat linked from the profile through the simulated bot, and a long
// job — a receipts export — whose progress bar a reload keeps, then found by developers among the jobs.

import { expect, type Page } from '@playwright/test';
import { businessDate } from '../packages/contracts/src/dates';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  openAs,
  openMenuSection,
  smallScreens,
  telegramSimulatorPort,
  test,
} from './helpers';

// This server's simulated Telegram bot (playwright.config.ts: the second server of today's).
const telegram = `http://127.0.0.1:${telegramSimulatorPort + 30}/simulator/chats`;

/** The date N days before the browser's today, as typed: DD/MM/YYYY. */
/**
 * The day `daysAgo` calendar days before today in Rome, as typed (DD/MM/YYYY). Counted on the calendar, not as 24-hour
 * steps back from now, which across a change of summer time land on the day after late in the evening.
 */
function typedDay(daysAgo: number): string {
  const day = new Date(Date.parse(`${businessDate(new Date())}T12:00:00Z`) - daysAgo * 86_400_000);
  return day.toISOString().slice(0, 10).split('-').reverse().join('/');
}

async function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifiche/ });
}

test('the bell opens the latest notifications, the page filters them and shows who decides the channels', async ({
  browser,
}) => {
  const giulia = await openAs(browser, 'commessa', 'Milano Duomo');
  // The welcome waits unread: the drawer shows it first and marks it read when followed.
  await (await bell(giulia)).click();
  const drawer = giulia.getByTestId('notification-drawer');
  await expect(drawer).toContainText('Benvenuto in Bottega, Giulia!');
  await expectNoSeriousViolations(giulia, 'notification drawer');
  await drawer.getByRole('link', { name: 'Vedi tutte' }).click();
  await expect(giulia).toHaveURL(/\/app\/notifications/);
  await expect(giulia).toHaveTitle(/Notifiche/);
  await expect(giulia.getByTestId('notifications-table')).toContainText('Benvenuto in Bottega, Giulia!');
  await expectNoSeriousViolations(giulia, 'notifications');

  // Only what is unread, then everything read at once.
  const onlyUnread = giulia.getByRole('switch', { name: 'Solo da leggere' });
  await onlyUnread.click();
  await expect(onlyUnread).toBeChecked();
  await expect(giulia).toHaveURL(/unread=1/);
  await expect(giulia.getByTestId('notifications-table')).toContainText('Benvenuto');
  await giulia.getByRole('button', { name: 'Segna tutte come lette' }).click();
  await expect(giulia.getByTestId('notifications-empty')).toBeVisible();
  await expect(await bell(giulia)).toHaveAccessibleName('Notifiche');

  // Her preferences: the events her group hears, read-only, with whom to ask.
  await giulia.getByTestId('notifications-tab-preferences').click();
  await expect(giulia.getByTestId('preferences-group-note')).toContainText('Le sceglie il tuo gruppo');
  const waiting = giulia.getByTestId('preference-cashRegister.awaitingConfirmation');
  await expect(waiting).toContainText('Cassa in attesa di conferma');
  await expect(waiting.getByRole('checkbox')).toHaveCount(0);
  await expect(giulia.getByTestId('preferences-telegram')).toContainText('Telegram');
  await expectNoSeriousViolations(giulia, 'notification preferences');

  // The page fits the shop's tablet and a phone, the list and the preferences alike.
  for (const screen of smallScreens) {
    await giulia.setViewportSize(screen);
    for (const tab of ['list', 'preferences']) {
      await giulia.goto(`/app/notifications?tab=${tab}`);
      await expect(giulia.getByRole('heading', { name: 'Notifiche', level: 1 })).toBeVisible();
      await expectFitsWidth(giulia);
    }
  }
  await giulia.context().close();
});

test('a Telegram chat is linked from the profile with a one-time code sent to the bot, then unlinked', async ({
  browser,
}) => {
  const giulia = await openAs(browser, 'commessa', 'Milano Duomo');
  await openMenuSection(giulia, 'Utente');
  await giulia.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Profilo' }).click();
  const card = giulia.getByTestId('telegram-card');
  await expect(card.getByTestId('telegram-status')).toHaveText('Non collegato');
  await expectNoSeriousViolations(giulia, 'profile with its Telegram card');
  await card.getByTestId('telegram-link').click();
  const code = ((await card.getByTestId('telegram-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(card.getByTestId('telegram-open-bot')).toHaveAttribute('href', new RegExp(`t\\.me/.+\\?start=${code}$`));

  // Giulia writes the code to the bot from her phone's Telegram (chat 7001 of the simulated bot).
  const chat = `${telegram}/7001/messages`;
  const sent = await giulia.request.post(chat, { data: { text: `/start ${code}`, firstName: 'Giulia' } });
  expect(sent.ok()).toBe(true);
  await expect(card.getByTestId('telegram-status')).toHaveText('Collegato', { timeout: 30_000 });
  await expect(card.getByTestId('telegram-chat')).toContainText('Giulia');
  // The bot answered in her chat.
  await expect
    .poll(async () => JSON.stringify(await (await giulia.request.get(chat)).json()), { timeout: 20_000 })
    .toContain('Giulia Neri');

  await card.getByTestId('telegram-unlink').click();
  await giulia.getByTestId('confirm').click();
  await expect(card.getByTestId('telegram-status')).toHaveText('Non collegato');
  await giulia.context().close();
});

test('a receipts export shows its progress, a reload keeps it, its file downloads and developers see the job', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin', 'Milano Duomo');
  await openMenuSection(admin, 'Gestione');
  await admin.getByRole('link', { name: 'Negozi', exact: true }).click();
  await admin.getByRole('link', { name: 'Flusso vendite: Milano Duomo' }).click();
  await expect(admin).toHaveURL(/\/app\/shops\/\d+\/sales-feed$/);

  // Three months of receipts, day by day.
  await admin.getByTestId('sales-export-from').fill(typedDay(90));
  await admin.getByTestId('sales-export-to').fill(typedDay(0));
  await admin.getByTestId('sales-export-submit').click();
  const exported = admin
    .getByTestId('sales-exports')
    .locator('[data-testid^="sales-export-"]')
    .filter({ has: admin.locator('[data-state]') })
    .first();
  await expect(exported).toBeVisible();
  const exportId = (await exported.getAttribute('data-testid')) as string;

  // A reload finds the same export with its progress, from the server, and it ends with its file.
  await admin.reload();
  const again = admin.getByTestId(exportId);
  await expect(again.getByRole('progressbar')).toBeVisible();
  await expect(again.locator('[data-state]')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(again.getByTestId('job-count')).toContainText('91 di 91');
  await expectNoSeriousViolations(admin, 'sales feed with an export');
  const download = admin.waitForEvent('download');
  await again.getByTestId('job-download').click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Among the developers' jobs, done.
  await admin.goto('/app/developer/jobs');
  await expect(admin).toHaveTitle(/Lavori in background/);
  const filter = admin.getByTestId('job-state-filter');
  await filter.getByText(/^Completati/).click();
  await expect(admin.getByTestId('job-list')).toContainText('sales.receiptsExport');
  await expectNoSeriousViolations(admin, 'background jobs');
  await filter.getByText(/^Non riusciti/).click();
  await expect(admin.getByText('Nessun lavoro in questo stato.')).toBeVisible();
  await admin.context().close();
});
