import { expect as baseExpect, type Page } from '@playwright/test';
import { generateConsultantFile, madeUpFiscalCode } from '../apps/server/src/modules/payslips/payslip-pdf.generator';
import {
  expectBadgesWhole,
  expectFitsWidth,
  expectNoSeriousViolations,
  keepForReview,
  looks,
  openAs,
  openInLook,
  pick,
  smallScreens,
  test,
} from './helpers';

// Each journey walks several screens, each loading its code on its first visit: room for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

// Demo people with their codici fiscali (apps/server/src/seed.ts): Marco Rossi (dipendente), Giulia Neri (commessa),
// Paola Verdi (exdipendente, a former employee with no shop).
const marco = { name: 'MARCO ROSSI', fiscalCode: 'RSSMRC90H21F205T', pages: 2 } as const;
const giulia = { name: 'GIULIA NERI', fiscalCode: 'NREGLI95D52F205A', pages: 1 } as const;
const paola = { name: 'PAOLA VERDI', fiscalCode: 'VRDPLA79A30L219S', pages: 1 } as const;
const stranger = { name: 'PERSONA SCONOSCIUTA', fiscalCode: madeUpFiscalCode(4242), pages: 1 } as const;

/**
 * The consultant's August file for Bottega Moda: a stray summary page after Marco's two (so Giulia's single page, next
 * to it, is held: its code is seen once), and someone we do not know.
 */
async function augustFile(): Promise<Buffer> {
  const { pdf } = await generateConsultantFile({
    company: { name: 'Bottega Moda S.r.l.', vatNumber: '08712340150' },
    month: 'AGOSTO 2026',
    employees: [marco, giulia, paola, stranger],
    faults: [{ kind: 'strayPage', after: marco.fiscalCode }],
  });
  return Buffer.from(pdf);
}

async function downloadOwn(page: Page, month: string) {
  const row = page.getByTestId('own-table').getByRole('row', { name: new RegExp(month, 'i') });
  await expect(row.getByTestId('own-new')).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Scarica/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^busta-paga-2026-08-.*\.pdf$/);
  await expect(row.getByTestId('own-new')).toHaveCount(0);
}

test('accounting uploads a month, follows the split, reviews its problems and a payslip, and convalidates; the employees download theirs', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const accounting = await openAs(browser, 'contabilita', 'Milano Duomo');
  await accounting.goto('/app/payslips/upload');
  await pick(accounting, 'upload-company', 'Bottega Moda S.r.l.');
  await pick(accounting, 'upload-month', 'agosto');
  await pick(accounting, 'upload-year', '2026');
  // A file that is not a PDF is refused before it is sent.
  const input = accounting.getByTestId('upload-drop').locator('input[type=file]');
  await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
  await expect(accounting.getByRole('alert')).toContainText('PDF');
  await input.setInputFiles({ name: 'cedolini-agosto.pdf', mimeType: 'application/pdf', buffer: await augustFile() });
  await accounting.getByTestId('upload-submit').click();
  // The split's progress, then what came of it.
  await expect(accounting.getByTestId('upload-split')).toBeVisible();
  await accounting.getByTestId('upload-open-items').click();
  await expect(accounting).toHaveURL(/\/app\/payslips\/upload-logs\/\d+\/items$/);
  await expect(accounting.getByTestId('outcome-count-payslip')).toContainText('2');
  await expect(accounting.getByTestId('outcome-count-fiscalCodeOnce')).toContainText('1');
  await expect(accounting.getByTestId('outcome-count-notUploaded')).toContainText('2');
  const items = accounting.getByTestId('items-table');
  await expect(items.getByRole('row', { name: new RegExp(stranger.fiscalCode) })).toContainText('nessun dipendente');
  await keepForReview(accounting, { path: 'test-results/e2e/payslips-items.png', fullPage: true });

  // Marco's payslip previewed: two pages of his.
  const marcoRow = items.getByRole('row', { name: /Rossi/ });
  await marcoRow.getByRole('button', { name: /Anteprima/ }).click();
  await expect(accounting.getByTestId('payslip-preview-frame')).toBeVisible();
  await accounting.keyboard.press('Escape');

  // "Convalida tutte" leaves Giulia's held payslip (code seen once) for a decision.
  await accounting.getByTestId('convalidate-all').click();
  await accounting.getByTestId('confirm').click();
  await expect(accounting.getByText('2 buste paga convalidate; dipendenti avvisati: 2.')).toBeVisible();
  await expect(items.getByRole('row', { name: /Rossi/ }).getByTestId('payslip-status')).toHaveText('Convalidata');
  await expect(items.getByRole('row', { name: /Neri/ }).getByTestId('payslip-status')).toHaveText('Da convalidare');

  // Marco is told, finds it in his to-dos and downloads it; the mark "new" goes.
  const employee = await openAs(browser, 'dipendente', 'Milano Duomo');
  await employee
    .getByTestId('todo-list')
    .getByRole('link', { name: /bust[ae] paga da scaricare/ })
    .click();
  await expect(employee).toHaveURL(/\/app\/user\/payslips$/);
  await downloadOwn(employee, 'agosto');

  // The former employee, with no shop, signs in to her to-dos and her payslip.
  const former = await (await browser.newContext()).newPage();
  await former.goto('/');
  await former.getByLabel('Nome utente o email').fill('exdipendente');
  await former.getByRole('textbox', { name: 'Password' }).fill('bottega2026');
  await former.getByRole('button', { name: 'Accedi' }).click();
  await former.waitForURL(/\/app$/);
  await former
    .getByTestId('todo-list')
    .getByRole('link', { name: /bust[ae] paga da scaricare/ })
    .click();
  await downloadOwn(former, 'agosto');
});

// Light and dark Italian, where axe measures colour contrast; the phone below walks these screens in Arabic.
for (const look of looks.filter((candidate) => candidate.lng === 'it')) {
  test(`the upload log, a review, the archive and one's own payslips pass axe (${look.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await openInLook(browser, look, { as: ['contabilita', 'Milano Duomo'] });
    await page.goto('/app/payslips/upload-logs');
    await expect(page.getByTestId('upload-logs-table')).toBeVisible();
    await expectNoSeriousViolations(page, 'upload log');
    // The demo's file of this month waits for review, with someone we do not know in it.
    await page.goto('/app/payslips/convalidate');
    await page.getByTestId('convalidate-uploads-table').getByRole('link').first().click();
    await expect(page.getByTestId('items-table')).toBeVisible();
    await expectNoSeriousViolations(page, 'review');
    await keepForReview(page, { path: `test-results/e2e/payslips-review-${look.lng}-${look.scheme}.png` });
    await page.goto('/app/payslips/archive');
    await expect(page.getByTestId('archive-table')).toBeVisible();
    await expectNoSeriousViolations(page, 'archive');
    await page.goto('/app/payslips/blacklist');
    await expect(page.getByTestId('blacklist')).toBeVisible();
    await expectNoSeriousViolations(page, 'blacklist');
    await page.goto('/app/user/payslips');
    await expectNoSeriousViolations(page, 'own payslips');
  });
}

for (const screen of smallScreens) {
  test.describe(`on the ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the review, the archive and one’s own payslips fit, in the look of that device', async ({ browser }) => {
      test.setTimeout(180_000);
      // The tablet in dark Italian (the shop's evening), the phone in Arabic (right to left): each look once.
      for (const look of [screen.name === 'tablet' ? looks[1] : looks[2]]) {
        const page = await openInLook(browser, look, {
          as: ['contabilita', 'Milano Duomo'],
          viewport: { width: screen.width, height: screen.height },
        });
        await page.goto('/app/payslips/convalidate');
        await page.getByTestId('convalidate-uploads-table').getByRole('link').first().click();
        await expect(page.getByTestId('items-table')).toBeVisible();
        await expectFitsWidth(page);
        await expectBadgesWhole(page);
        await keepForReview(page, {
          path: `test-results/e2e/payslips-review-${screen.name}-${look.lng}.png`,
          fullPage: true,
        });
        await page.goto('/app/payslips/archive');
        await expect(page.getByTestId('archive-table')).toBeVisible();
        await expectFitsWidth(page);
        await page.goto('/app/payslips/upload');
        await expect(page.getByTestId('upload-card')).toBeVisible();
        await expectFitsWidth(page);
        await keepForReview(page, {
          path: `test-results/e2e/payslips-upload-${screen.name}-${look.lng}.png`,
          fullPage: true,
        });
        await page.context().close();
      }
      const employee = await openInLook(browser, looks[2], {
        as: ['dipendente', 'Milano Duomo'],
        viewport: { width: screen.width, height: screen.height },
      });
      await employee.goto('/app/user/payslips');
      await expect(employee.getByTestId('own-table')).toBeVisible();
      await expectFitsWidth(employee);
      await expectBadgesWhole(employee);
      await keepForReview(employee, { path: `test-results/e2e/payslips-own-${screen.name}-ar.png`, fullPage: true });
    });
  });
}
