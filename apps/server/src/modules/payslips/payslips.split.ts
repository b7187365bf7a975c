// What an upload's split makes of each employee and each page nobody could be given to (spec §2 upload-logs items,
// §5/§8 payslip upload errors), decided from the pages read (payslip-pdf.ts) and who we employ, before anything is
// written. Pure, so the rules are tested on their own.
import type { NotUploadedReason, PayslipItemOutcome } from '@bottega/contracts/payslips';
import type { LeftOutPage, PageReading, SplitPlan } from './payslip-pdf';

export type ItemDraft = {
  outcome: PayslipItemOutcome;
  reason: NotUploadedReason | null;
  fiscalCode: string | null;
  userId: number | null;
  pages: number[];
  vatNumbers: string[];
};

const notUploadedReason: Record<Exclude<LeftOutPage['reason'], 'otherCompany'>, NotUploadedReason> = {
  noText: 'noText',
  noFiscalCode: 'noFiscalCode',
  severalFiscalCodes: 'severalFiscalCodes',
};

/**
 * The consultant prints the employee's code on every page of theirs: a code read on a single page, next to a page
 * read as nobody's (no code, or no text at all), most likely lost its other pages to a misprint or a scan. Such an
 * employee's payslip is written but held: the review sees it and convalidates it only on purpose.
 */
function seenOnce(pages: readonly number[], nobodys: ReadonlySet<number>): boolean {
  const [page] = pages;
  return pages.length === 1 && page !== undefined && (nobodys.has(page - 1) || nobodys.has(page + 1));
}

/**
 * Each planned employee becomes an item: a payslip, held (seen once), already there for this period, or nobody we
 * know (not uploaded). The pages left out become one item per run of consecutive pages with the same reason: printed
 * for another employer (company not found, with the partite IVA read) or not uploaded with why.
 */
export function draftItems(options: {
  plan: SplitPlan;
  readings: readonly PageReading[];
  /** Current and former employees by codice fiscale. */
  employees: ReadonlyMap<string, number>;
  /** Employees who already have this company's payslip of this period. */
  existing: ReadonlySet<number>;
}): ItemDraft[] {
  const { plan, readings, employees, existing } = options;
  const nobodys = new Set(
    plan.leftOut.filter((page) => page.reason === 'noFiscalCode' || page.reason === 'noText').map((page) => page.page),
  );
  const items: ItemDraft[] = plan.employees.map(({ fiscalCode, pages }) => {
    const userId = employees.get(fiscalCode) ?? null;
    const base = { fiscalCode, userId, pages, reason: null, vatNumbers: [] };
    if (userId === null) return { ...base, outcome: 'notUploaded', reason: 'unknownEmployee' };
    if (existing.has(userId)) return { ...base, outcome: 'alreadyExists' };
    return { ...base, outcome: seenOnce(pages, nobodys) ? 'fiscalCodeOnce' : 'payslip' };
  });
  const vatNumbersOf = new Map(readings.map((reading) => [reading.page, reading.vatNumbers]));
  let run: ItemDraft | null = null;
  let previous: LeftOutPage | null = null;
  for (const page of plan.leftOut) {
    const continues = run !== null && previous?.reason === page.reason && previous.page === page.page - 1;
    const vatNumbers = vatNumbersOf.get(page.page) ?? [];
    if (continues && run) {
      run.pages.push(page.page);
      run.vatNumbers = [...new Set([...run.vatNumbers, ...vatNumbers])];
    } else {
      run =
        page.reason === 'otherCompany'
          ? { outcome: 'companyNotFound', reason: null, fiscalCode: null, userId: null, pages: [page.page], vatNumbers }
          : {
              outcome: 'notUploaded',
              reason: notUploadedReason[page.reason],
              fiscalCode: null,
              userId: null,
              pages: [page.page],
              vatNumbers: [],
            };
      items.push(run);
    }
    previous = page;
  }
  return items;
}

/** Whether an item's pages become a payslip of its employee (held ones included). */
export const writesPayslip = (item: ItemDraft): item is ItemDraft & { userId: number } =>
  item.userId !== null && (item.outcome === 'payslip' || item.outcome === 'fiscalCodeOnce');
