// Issue 23's rankings: the administrator adds a competitor to Milano Navigli, enters the month's positions of the shop
// and its competitors, loads the ranking portal's file (refused first with its bad lines, then taken whole) and sees
// the shop's position over time against its competitors on the chart. Then the three screens on the tablet in dark
// and on the phone in Arabic.
import { expect as baseExpect, type Page } from '@playwright/test';
import { businessDate } from '../packages/contracts/src/dates';
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
const token = (page: Page) => page.evaluate(() => localStorage.getItem('bottega.token') ?? '');
const screenshot = (page: Page, name: string) =>
  keepForReview(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });

async function navigliId(page: Page): Promise<number> {
  const { data } = await callApi<{ data: { id: number; code: string }[] }>(page, {
    path: '/api/rankings/shops',
    token: await token(page),
  });
  return data.find((shop) => shop.code === 'MI02')?.id as number;
}

test('a competitor added, a month of positions entered, the portal file loaded and the chart seen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, 'admin', 'Milano Navigli');
  // The demo's rankings stop at last month: this month is still empty. A name of its own, for a server run twice.
  const month = businessDate(new Date()).slice(0, 7);
  const rival = `Rivale E2E ${Date.now() % 100_000}`;

  await openMenuSection(page, 'Classifiche');
  await page.getByRole('link', { name: 'Concorrenti' }).click();
  await expect(page.getByRole('heading', { name: 'Concorrenti', level: 1 })).toBeVisible();
  await expect(page.getByTestId('competitors-table')).toContainText('Navigli Fashion');
  await expectNoSeriousViolations(page, 'concorrenti');
  await screenshot(page, 'competitors-1280');

  await page.getByRole('link', { name: 'Nuovo concorrente' }).click();
  await pick(page, 'competitor-shop', 'MI02 · Milano Navigli');
  await page.getByTestId('competitor-name').fill(rival);
  await page.getByTestId('competitor-priority').fill('4');
  await expectNoSeriousViolations(page, 'nuovo concorrente');
  await page.getByTestId('competitor-save').click();
  await expect(page.getByText(`Concorrente ${rival} salvato.`)).toBeVisible();
  await expect(page.getByTestId('competitors-table')).toContainText(rival);

  const shopId = await navigliId(page);
  await openMenuSection(page, 'Classifiche');
  await page.getByRole('link', { name: 'Inserisci posizioni' }).click();
  await expect(page.getByRole('heading', { name: 'Inserisci posizioni', level: 1 })).toBeVisible();
  await page.goto(`/app/ranks/position/add?shopId=${shopId}&period=${month}`);
  await expect(page.getByTestId('positions-table')).toContainText(rival);
  await page.getByRole('textbox', { name: 'Posizione di Milano Navigli' }).fill('7');
  await page.getByRole('textbox', { name: `Posizione di ${rival}` }).fill('7');
  await page.getByRole('textbox', { name: 'Posizione di Navigli Fashion' }).fill('3');
  await page.getByTestId('positions-save').click();
  await expect(page.getByText('Posizioni salvate.')).toBeVisible();
  await expect(page.getByTestId('positions-row-shop')).toContainText('Alessandra Ferri');
  await expectNoSeriousViolations(page, 'inserisci posizioni');

  // The example offered is the shop's month, ready to fill in.
  const download = page.waitForEvent('download');
  await page.getByTestId('ranking-upload-example').click();
  expect((await download).suggestedFilename()).toBe(`ranking-${month}.csv`);

  const input = page.getByTestId('ranking-upload-drop').locator('input[type="file"]');
  const file = (rows: string[]) => Buffer.from(`\uFEFFperiodo;nome;posizione;punteggio\r\n${rows.join('\r\n')}\r\n`);
  await input.setInputFiles({
    name: 'classifica-rotta.csv',
    mimeType: 'text/csv',
    buffer: file([`${month};MI02;6;`, `${month};Sconosciuto;2;`, `${month};${rival};0;`]),
  });
  const refusal = page.getByTestId('ranking-upload-error');
  await expect(refusal).toContainText('Nessuna posizione importata. Righe non valide: 2.');
  await expect(refusal).toContainText('Riga 3: «Sconosciuto» non è né il negozio né uno dei suoi concorrenti.');
  await expect(refusal).toContainText('Riga 4: La posizione deve essere un numero intero da 1 a 999.');
  await expect(page.getByRole('textbox', { name: 'Posizione di Milano Navigli' })).toHaveValue('7');

  await input.setInputFiles({
    name: 'classifica.csv',
    mimeType: 'text/csv',
    buffer: file([
      `${month};milano navigli;5;8400`,
      `${month};${rival.toUpperCase()};6;`,
      `${month};Navigli Fashion;3;`,
    ]),
  });
  await expect(page.getByTestId('ranking-upload-result')).toContainText('posizioni scritte 2, invariate 1');
  await expect(page.getByRole('textbox', { name: 'Posizione di Milano Navigli' })).toHaveValue('5');
  await expect(page.getByTestId('positions-row-shop')).toContainText('dal file del portale');
  await screenshot(page, 'positions-1280');

  await openMenuSection(page, 'Classifiche');
  await page.getByRole('link', { name: 'Analisi classifica' }).click();
  await expect(page.getByRole('heading', { name: 'Analisi classifica', level: 1 })).toBeVisible();
  await page.goto(`/app/ranks/analytics?shopId=${shopId}&from=${month}&to=${month}`);
  await expect(page.getByTestId('analytics-table')).toContainText(rival);
  await page.goto(`/app/ranks/analytics?shopId=${shopId}`);
  await expect(page.getByTestId('rank-chart').locator('.recharts-line')).toHaveCount(5);
  await expect(page.getByTestId('analytics-table')).toContainText('Navigli Fashion');
  await expectNoSeriousViolations(page, 'analisi classifica');
  await screenshot(page, 'analytics-1280');

  // A shop's range with no positions yet says so.
  await page.goto(`/app/ranks/analytics?shopId=${shopId}&from=2020-01&to=2020-03`);
  await expect(page.getByTestId('analytics-empty')).toBeVisible();
  await page.context().close();
});

test('the rankings screens on the tablet in dark and on the phone in Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const { look, viewport } of tabletAndPhone) {
    const { width } = viewport;
    const page = await openInLook(browser, look, { as: ['admin', 'Milano Duomo'], viewport });
    for (const [path, ready] of [
      ['/app/ranks/competitors', 'competitors-table'],
      ['/app/ranks/position/add', 'positions-table'],
      ['/app/ranks/analytics', 'rank-chart'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expectFitsWidth(page);
      await expectNoSeriousViolations(page, `${path} ${look.name} ${width}`);
      await screenshot(page, `${path.split('/').at(-1)}-${look.lng}-${look.scheme}-${width}`);
    }
    await page.context().close();
  }
});
