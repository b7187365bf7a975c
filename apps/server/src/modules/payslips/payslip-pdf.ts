// The payroll consultant's PDF (issue 19): each page's text read with pdf.js, the codici fiscali found on it (check
// character verified, omocodia included), the pages grouped by the employee they belong to, and one PDF written per
// employee with pdf-lib, copying all of that employee's pages in one call (pdf-lib copies shared resources once per
// call, so a copy per page would bloat the output). Nothing is guessed: a page with no text layer (a scan), with no
// employee's code or with several is left out for review, never given to someone.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkFiscalCode, checkVatNumber } from '@bottega/contracts/italian-identifiers';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's metrics of the 14 standard fonts, which consultants' PDFs use without embedding them. */
const standardFontDataUrl = `${
  pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts'),
  ).href
}/`;

/** The file is no PDF pdf.js can open: no retry will change that. */
export class UnreadablePdf extends Error {}

export type PageReading = {
  /** 1-based, as people count pages. */
  page: number;
  /** Whether the page has any text at all (a scanned page has none). */
  hasText: boolean;
  /** The valid codici fiscali printed on the page, normalized, each once, in the order they appear. */
  fiscalCodes: string[];
  /** The valid partite IVA printed on the page: the employer's (a company's codice fiscale is its partita IVA). */
  vatNumbers: string[];
};

/** A codice fiscale's shape with the omocodia letters allowed where digits go; word-bounded. */
const fiscalCodeCandidate = /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/g;

/** The valid codici fiscali in a text (upper-cased first; spaces inside a code are not joined). */
export function fiscalCodesIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.toUpperCase().matchAll(fiscalCodeCandidate)) {
    const check = checkFiscalCode(match[0]);
    if (check.valid) found.add(check.normalized);
  }
  return [...found];
}

/** Eleven digits standing alone: a partita IVA when its check digit agrees. */
const vatNumberCandidate = /(?<!\d)\d{11}(?!\d)/g;

/** The valid partite IVA in a text, each once. */
export function vatNumbersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(vatNumberCandidate)) {
    if (checkVatNumber(match[0]).valid) found.add(match[0]);
  }
  return [...found];
}

/**
 * Each page's text and codici fiscali, page by page (pdf.js keeps one page in memory at a time); `onPage` hears of
 * each page read, for a progress bar. A file pdf.js cannot open (damaged, password-protected) throws UnreadablePdf.
 */
export async function readPages(
  pdf: Uint8Array,
  onPage?: (page: number, pages: number) => Promise<void>,
): Promise<PageReading[]> {
  // pdf.js takes the buffer over (it is detached afterwards): it reads a copy, the caller keeps the original.
  const document = await getDocument({
    data: pdf.slice(),
    standardFontDataUrl,
    useSystemFonts: false,
    verbosity: 0,
  }).promise.catch((error: unknown) => {
    throw new UnreadablePdf(error instanceof Error ? error.message : String(error));
  });
  try {
    const readings: PageReading[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      readings.push({
        page: number,
        hasText: text.trim() !== '',
        fiscalCodes: fiscalCodesIn(text),
        vatNumbers: vatNumbersIn(text),
      });
      page.cleanup();
      await onPage?.(number, document.numPages);
    }
    return readings;
  } finally {
    await document.destroy();
  }
}

export type LeftOutPage = {
  page: number;
  /** A scan; no employee's code; several; printed for another employer than the company chosen (§8 company not found). */
  reason: 'noText' | 'noFiscalCode' | 'severalFiscalCodes' | 'otherCompany';
};

export type SplitPlan = {
  /** Each employee's pages in the file's order, employees in the order they first appear. */
  employees: { fiscalCode: string; pages: number[] }[];
  /** Pages given to nobody, and why. */
  leftOut: LeftOutPage[];
};

/**
 * Whose each page is: the one codice fiscale on it that is not the employer's (the company's own codice fiscale or
 * partita IVA, printed on every page, is the employer). A page with none, or with several, is left out, and so is a
 * page printed for another employer (its partite IVA do not include the chosen company's).
 */
export function planSplit(
  readings: PageReading[],
  options: { companyVatNumber: string; employerCodes?: readonly string[] },
): SplitPlan {
  const employer = new Set((options.employerCodes ?? []).map((code) => code.toUpperCase()));
  const pagesOf = new Map<string, number[]>();
  const leftOut: LeftOutPage[] = [];
  for (const reading of readings) {
    const codes = reading.fiscalCodes.filter((code) => !employer.has(code));
    const otherCompany = reading.vatNumbers.length > 0 && !reading.vatNumbers.includes(options.companyVatNumber);
    if (!reading.hasText) leftOut.push({ page: reading.page, reason: 'noText' });
    else if (otherCompany) leftOut.push({ page: reading.page, reason: 'otherCompany' });
    else if (codes.length === 0) leftOut.push({ page: reading.page, reason: 'noFiscalCode' });
    else if (codes.length > 1) leftOut.push({ page: reading.page, reason: 'severalFiscalCodes' });
    else {
      const code = codes[0] as string;
      pagesOf.set(code, [...(pagesOf.get(code) ?? []), reading.page]);
    }
  }
  return { employees: [...pagesOf].map(([fiscalCode, pages]) => ({ fiscalCode, pages })), leftOut };
}

/** The source's pages (1-based) as a PDF of their own, copied in one call so shared fonts and images go in once. */
export async function extractPages(source: PDFDocument, pages: readonly number[]): Promise<Uint8Array> {
  const output = await PDFDocument.create();
  const copied = await output.copyPages(
    source,
    pages.map((page) => page - 1),
  );
  for (const page of copied) output.addPage(page);
  return output.save({ useObjectStreams: true });
}

/** Loads a PDF once for many extractions. */
export function loadPdf(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false });
}
