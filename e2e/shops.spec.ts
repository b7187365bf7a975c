import { expect } from '@playwright/test';
import { openAs, openMenuSection, pick, test } from './helpers';

test('a company and a shop are created with working hours and a closure day, found in the lists, and the shop is closed', async ({
  browser,
}, testInfo) => {
  // A retry works on a database where the first attempt may have saved its company and shop: its own names.
  const attempt = testInfo.retry;
  const tag = attempt ? ` ${attempt + 1}` : '';
  const company = `Bottega Sport${tag} S.r.l.`;
  const companyCode = `BSPORT${attempt ? attempt + 1 : ''}`;
  const shop = `Bergamo Città Alta${tag}`;
  const shopCode = `BG0${attempt + 1}`;
  const search = attempt ? `Alta${tag}` : 'bergamo';
  // A partita IVA is one company's: each attempt its own (valid) one, typed first with a wrong check digit.
  const vat = ['00743110157', '00743110264', '00743110363'][attempt] ?? '00743110363';
  const typed = `${vat.slice(0, 3)} ${vat.slice(3, 6)} ${vat.slice(6, 9)} ${vat.slice(9)}`;
  const admin = await openAs(browser, 'admin', 'Milano Duomo');

  // The company: the partita IVA is checked digit by digit.
  await openMenuSection(admin, 'Gestione');
  await admin.getByRole('link', { name: 'Aziende', exact: true }).click();
  await expect(admin.getByTestId('company-row-BMODA')).toBeVisible();
  await admin.getByRole('link', { name: 'Nuova azienda' }).click();
  await admin.getByTestId('company-name').fill(company);
  await admin.getByTestId('company-code').fill(companyCode.toLowerCase());
  await admin.getByTestId('company-vat').fill(`${typed.slice(0, -1)}${(Number(vat.at(-1)) + 3) % 10}`);
  await admin.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText('La cifra di controllo della partita IVA non è corretta.')).toBeVisible();
  await admin.getByTestId('company-vat').fill(typed);
  await admin.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText(`Azienda ${company} salvata.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/app\/company\/\d+\/edit$/);
  await expect(admin.getByTestId('company-code')).toHaveValue(companyCode);
  await expect(admin.getByTestId('company-vat')).toHaveValue(vat);

  await admin.getByRole('link', { name: 'Torna alle aziende' }).click();
  await admin.getByTestId('company-search').fill(companyCode.toLowerCase());
  await expect(admin.getByTestId(`company-row-${companyCode}`)).toBeVisible();
  await expect(admin.getByTestId('company-row-BMODA')).toHaveCount(0);

  // The shop, with every field of the form.
  await admin.getByRole('link', { name: 'Negozi', exact: true }).click();
  await expect(admin.getByTestId('shop-row-MI01')).toBeVisible();
  await admin.getByRole('link', { name: 'Nuovo negozio' }).click();
  await admin.getByTestId('shop-name').fill(shop);
  await admin.getByTestId('shop-code').fill(shopCode.toLowerCase());
  await pick(admin, 'shop-companyId', company);
  await admin.getByTestId('shop-section').fill('Nord');
  await admin.getByTestId('shop-address').fill('Via Gombito 7');
  await admin.getByTestId('shop-city').fill('Bergamo');
  await admin.getByTestId('shop-province').fill('bg');
  await admin.getByTestId('shop-cap').fill('2412');
  await admin.getByTestId('shop-phone').fill('+39 035 123 4567');
  await admin.getByTestId('shop-email').fill('bergamo@bottega.example');
  await admin.getByTestId('shop-fiscalPrinterIp').fill('192.168.40.20');
  await admin.getByTestId('shop-routerIp').fill('192.168.40.1');
  await admin.getByTestId('shop-routerUsername').fill('bottega-bg01');
  await admin.getByTestId('router-password').fill('R0uter segreto!');
  await admin.getByTestId('shop-accountNumber').fill('000055512345');
  await admin.getByTestId('shop-merchantCode').fill('4570099001');
  await admin.getByTestId('shop-isRanked').check();
  await admin.getByTestId('shop-hasRankingPortal').check();
  await pick(admin, 'shop-rankingPortal', 'Retail Ranking');
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  // The server's check, next to the field.
  await expect(admin.getByText('Il CAP deve avere 5 cifre.')).toBeVisible();
  await admin.getByTestId('shop-cap').fill('24129');
  await admin.getByRole('button', { name: 'Salva' }).first().click();
  await expect(admin.getByText(`Negozio ${shop} salvato.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/app\/shops\/\d+\/edit$/);
  await expect(admin.getByTestId('shop-code')).toHaveValue(shopCode);
  await expect(admin.getByTestId('shop-province')).toHaveValue('BG');

  // The router password is never sent with the shop: the form says whether it is set, and shows it on request.
  await expect(admin.getByTestId('router-password-state')).toHaveText('Impostata');
  await expect(admin.getByText('R0uter segreto!')).toHaveCount(0);
  await admin.getByTestId('router-password-show').click();
  await expect(admin.getByTestId('router-password-revealed')).toHaveText('R0uter segreto!');

  // Working hours: a split opening on Monday, copied to Saturday; an overlap is refused.
  await admin.getByTestId('shop-tab-workingHours').click();
  await expect(admin.getByTestId('weekday-1')).toContainText('Chiuso');
  await admin.getByTestId('add-slot-1').click();
  await admin.getByTestId('add-slot-1').click();
  await expect(admin.getByTestId('slot-1-0-opens')).toHaveValue('09:00');
  await expect(admin.getByTestId('slot-1-1-closes')).toHaveValue('19:30');
  await admin.getByTestId('slot-1-1-opens').fill('12:00');
  await admin.getByTestId('working-hours-save').click();
  await expect(admin.getByText("Questa fascia si sovrappone a un'altra dello stesso giorno.")).toBeVisible();
  await admin.getByTestId('slot-1-1-opens').fill('15:30');
  await admin.getByTestId('copy-monday').click();
  await admin.getByTestId('working-hours-save').click();
  await expect(admin.getByText('Orari salvati.')).toBeVisible();
  await admin.reload();
  await expect(admin.getByTestId('slot-6-1-opens')).toHaveValue('15:30');
  await expect(admin.getByTestId('slot-6-1-closes')).toHaveValue('19:30');
  await expect(admin.getByTestId('weekday-7')).toContainText('Chiuso');

  // A closure day.
  await admin.getByTestId('shop-tab-closures').click();
  await admin.getByTestId('closure-from').fill('2026-12-24');
  await admin.getByTestId('closure-reason').fill('Vigilia di Natale');
  await admin.getByTestId('closure-add').click();
  await expect(admin.getByTestId('closure-day-2026-12-24')).toContainText('Vigilia di Natale');
  await expect(admin.getByTestId('closure-day-2026-12-24')).toContainText('24/12/2026');

  // Found in the list by search and by company.
  await admin.getByRole('link', { name: 'Torna ai negozi' }).click();
  await admin.getByTestId('shop-search').fill(search);
  await expect(admin.getByTestId(`shop-row-${shopCode}`)).toBeVisible();
  await expect(admin.getByTestId('shop-row-MI01')).toHaveCount(0);
  await admin.getByTestId('shop-search').fill('');
  await pick(admin, 'filter-company', company);
  await expect(admin.getByTestId(`shop-row-${shopCode}`)).toBeVisible();
  await expect(admin.getByTestId('shops-total')).toHaveText('1 negozio');

  // A company with shops cannot be deleted.
  await admin.goto('/app/company/list');
  await admin.getByRole('button', { name: `Elimina: ${company}` }).click();
  await admin.getByTestId('confirm').click();
  await expect(admin.getByRole('alert')).toContainText("L'azienda ha ancora negozi (1)");
  await admin.getByRole('button', { name: 'Annulla' }).click();

  // Closing the shop: it leaves the open shops and shows among the closed ones.
  await admin.goto(`/app/shops/list?search=${encodeURIComponent(search)}`);
  await admin.getByRole('link', { name: `Chiusure: ${shop}`, exact: true }).click();
  await expect(admin.getByTestId('closure-state')).toHaveText('Il negozio è aperto.');
  await admin.getByTestId('closures-closed').check();
  await admin.getByTestId('closures-closedOn').fill('2026-12-31');
  await admin.getByTestId('closures-save').click();
  await expect(admin.getByText('Negozio chiuso dal 31/12/2026.')).toBeVisible();
  await expect(admin.getByTestId('closure-state')).toHaveText('Il negozio è chiuso dal 31/12/2026.');

  await admin.goto(`/app/shops/list?search=${encodeURIComponent(search)}`);
  await expect(admin.getByTestId('shops-empty')).toBeVisible();
  await admin.getByTestId('filter-status').getByText('Chiusi').click();
  await expect(admin.getByTestId(`shop-row-${shopCode}`)).toBeVisible();
  await expect(admin.getByTestId(`shop-row-${shopCode}`).getByTestId('closed-badge')).toHaveText(
    'Chiuso dal 31/12/2026',
  );
});

test('a user without "all shops" sees only their shops, and no other shop opens', async ({ browser }) => {
  const page = await openAs(browser, 'areacontrollo', 'Milano Duomo');
  await openMenuSection(page, 'Gestione');
  await page.getByRole('link', { name: 'Negozi', exact: true }).click();
  await expect(page.getByTestId('shops-total')).toHaveText('3 negozi');
  await expect(page.getByTestId('shop-row-MI01')).toBeVisible();
  await expect(page.getByTestId('shop-row-TO01')).toBeVisible();
  await expect(page.getByTestId('shop-row-NA01')).toHaveCount(0);
  // Area Controllo may look and set working hours, not create, edit or delete.
  await expect(page.getByRole('link', { name: 'Nuovo negozio' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Elimina/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Aziende', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Apri: Torino Centro' }).click();
  await expect(page.getByTestId('shop-name')).toHaveValue('Torino Centro');
  await expect(page.getByTestId('shop-name')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
  await page.getByTestId('shop-tab-workingHours').click();
  await expect(page.getByTestId('slot-1-0-opens')).toHaveValue('09:30');

  // Napoli Toledo is not theirs: it answers as if it did not exist.
  await page.goto('/app/shops/6/edit');
  await expect(page.getByTestId('status-404')).toBeVisible();
});
