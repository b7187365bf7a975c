// Realistic payroll consultant files for tests, benchmarks and the demo (issue 19): a company header with its partita
// IVA and codice fiscale on every page, one to three pages per employee with their name and codice fiscale on every
// page, the month and the figures; and the faults such files have: a misprinted code, a stray page of nobody, an
// employee we do not know, an employee of another company, a scanned page with no text layer.
import { fiscalCodeCheckCharacter } from '@bottega/contracts/italian-identifiers';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export type GeneratedCompany = { name: string; vatNumber: string };
export type GeneratedEmployee = { name: string; fiscalCode: string; pages: 1 | 2 | 3; company?: GeneratedCompany };
export type GeneratedFault =
  /** One page of this employee prints their code with a wrong check character. */
  | { kind: 'misprintedCode'; fiscalCode: string }
  /** A page after this employee's with no employee on it (a cover, a summary). */
  | { kind: 'strayPage'; after: string }
  /** This employee's first page is a scan: an image, no text. */
  | { kind: 'scannedPage'; fiscalCode: string };

const surnames = ['ROSSI', 'BIANCHI', 'ESPOSITO', 'RUSSO', 'FERRARI', 'ROMANO', 'COLOMBO', 'RICCI', 'MARINO', 'GRECO'];
const names = ['MARCO', 'GIULIA', 'LUCA', 'SARA', 'ANNA', 'PAOLO', 'ELENA', 'DAVIDE', 'CHIARA', 'MATTEO'];
const months = 'ABCDEHLMPRST';
const consonants = 'BCDFGHJKLMNPQRSTVWXZ';

/** A deterministic, valid codice fiscale for the n-th made-up person (distinct for n < 20^3 · 12 · 28). */
export function madeUpFiscalCode(n: number): string {
  const letters = (value: number) =>
    [0, 1, 2].map((position) => consonants.charAt(Math.floor(value / 20 ** position) % 20)).join('');
  const surname = letters(n);
  const name = letters(Math.floor(n / 8000) + 7);
  const year = String(60 + (n % 40)).padStart(2, '0');
  const month = months.charAt(Math.floor(n / 40) % 12);
  const day = String(1 + (Math.floor(n / 480) % 28) + (n % 2 === 0 ? 0 : 40)).padStart(2, '0');
  const firstFifteen = `${surname}${name}${year}${month}${day}F205`;
  return `${firstFifteen}${fiscalCodeCheckCharacter(firstFifteen)}`;
}

/** Made-up employees, one to three pages each, with valid codes. */
export function madeUpEmployees(count: number, offset = 0): GeneratedEmployee[] {
  return Array.from({ length: count }, (_, index) => {
    const n = offset + index;
    return {
      name: `${names[n % names.length]} ${surnames[Math.floor(n / names.length) % surnames.length]}`,
      fiscalCode: madeUpFiscalCode(n),
      pages: ((n % 3) + 1) as 1 | 2 | 3,
    };
  });
}

/** The code with its check character changed: the shape of a misread, no longer a valid code. */
function misprinted(code: string): string {
  const check = code.charAt(15);
  return `${code.slice(0, 15)}${check === 'Z' ? 'A' : String.fromCharCode(check.charCodeAt(0) + 1)}`;
}

const euro = (cents: number) =>
  `€ ${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100)}`;

function header(page: PDFPage, font: PDFFont, company: GeneratedCompany, title: string) {
  page.drawText(company.name, { x: 40, y: 800, size: 14, font });
  page.drawText(`P.IVA ${company.vatNumber} - C.F. ${company.vatNumber}`, { x: 40, y: 782, size: 9, font });
  page.drawText(title, { x: 340, y: 800, size: 11, font });
}

/** Figures that change with the person and the page, so pages are not identical. */
function body(page: PDFPage, font: PDFFont, seed: number, pageOf: string) {
  const lines = [
    ['Retribuzione base', 180_000 + (seed % 50) * 1_000],
    ['Contingenza', 52_000],
    ['Straordinari', (seed % 7) * 2_350],
    ['Contributi INPS', -(16_000 + (seed % 30) * 100)],
    ['IRPEF', -(24_000 + (seed % 40) * 150)],
  ] as const;
  lines.forEach(([label, cents], index) => {
    page.drawText(label, { x: 60, y: 640 - index * 20, size: 10, font });
    page.drawText(euro(cents), { x: 420, y: 640 - index * 20, size: 10, font });
  });
  page.drawText(pageOf, { x: 500, y: 40, size: 8, font });
}

/**
 * The consultant's file for `company` and `month` ("NOVEMBRE 2026"): the employees in order, each on their pages, with
 * the faults asked for. Answers the PDF and, page by page, whose page it is (null: nobody's).
 */
export async function generateConsultantFile(options: {
  company: GeneratedCompany;
  month: string;
  /** The document's title (default: a payslip's, CEDOLINO PAGA). */
  title?: string;
  employees: readonly GeneratedEmployee[];
  faults?: readonly GeneratedFault[];
}): Promise<{ pdf: Uint8Array; owners: (string | null)[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const faults = options.faults ?? [];
  const owners: (string | null)[] = [];
  for (const [index, employee] of options.employees.entries()) {
    const company = employee.company ?? options.company;
    for (let number = 1; number <= employee.pages; number += 1) {
      const page = doc.addPage([595, 842]);
      owners.push(employee.fiscalCode);
      const scanned =
        number === 1 && faults.some((f) => f.kind === 'scannedPage' && f.fiscalCode === employee.fiscalCode);
      if (scanned) {
        // A scan: the page is a picture of the payslip, with no text to read.
        for (let row = 0; row < 30; row += 1) {
          page.drawRectangle({
            x: 40,
            y: 780 - row * 24,
            width: 400 + (row % 5) * 20,
            height: 8,
            color: rgb(0.2, 0.2, 0.2),
          });
        }
        continue;
      }
      const misprint =
        number === employee.pages &&
        faults.some((f) => f.kind === 'misprintedCode' && f.fiscalCode === employee.fiscalCode);
      header(page, font, company, `${options.title ?? 'CEDOLINO PAGA'} - ${options.month}`);
      page.drawText(`Dipendente: ${employee.name}`, { x: 40, y: 740, size: 11, font });
      page.drawText(`Codice fiscale: ${misprint ? misprinted(employee.fiscalCode) : employee.fiscalCode}`, {
        x: 40,
        y: 722,
        size: 11,
        font,
      });
      body(page, font, index * 3 + number, `Pag. ${number}/${employee.pages}`);
    }
    if (faults.some((f) => f.kind === 'strayPage' && f.after === employee.fiscalCode)) {
      const page = doc.addPage([595, 842]);
      owners.push(null);
      header(page, font, options.company, `${options.title ?? 'CEDOLINO PAGA'} - ${options.month}`);
      page.drawText('Riepilogo contributi del mese', { x: 40, y: 740, size: 11, font });
    }
  }
  return { pdf: await doc.save({ useObjectStreams: true }), owners };
}
