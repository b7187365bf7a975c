// How payslips and tax certificates read on screen (issue 19): the period, the pages of the consultant's file, the
// person, the name a downloaded file is saved under, the addresses of each kind's screens, and what may be picked
// for convalidation. Pure, so the screens and their tests share it.
import type { PayslipItem, PayslipKind, PayslipUpload } from '@bottega/contracts/payslips';

/** The screens of each kind: the upload, its items (the review of one upload) and the person's own. */
export const payslipPaths = {
  payslip: { upload: '/app/payslips/upload', logs: '/app/payslips/upload-logs', items: 'payslips/upload-logs' },
  taxCertificate: { upload: '/app/tax/upload', logs: '/app/tax/upload', items: 'tax/upload-logs' },
} as const satisfies Record<PayslipKind, { upload: string; logs: string; items: string }>;

/** The review of one upload, `pending` for the payslips still to convalidate only. */
export function itemsPath(kind: PayslipKind, uploadId: number, options: { pending?: boolean } = {}): string {
  const path = `/app/${payslipPaths[kind].items}/${uploadId}/items`;
  return options.pending ? `${path}?pending=true` : path;
}

/** Month names in the reader's language; Arabic with Latin digits, as every date in the app is written. */
function monthFormat(lng: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(lng === 'ar' ? 'ar-u-nu-latn' : lng, { month: 'long', timeZone: 'UTC' });
}

/** A month's name (1–12) as the reader's language writes it: "marzo", "März", "March". */
export function monthName(month: number, lng: string): string {
  return monthFormat(lng).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** The twelve months for a picker: value 1–12 as text, label the month's name. */
export function monthOptions(lng: string): { value: string; label: string }[] {
  return Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: monthName(index + 1, lng) }));
}

/** What a payslip or an upload is of: "marzo 2026", or the year alone for a tax certificate (no month). */
export function periodLabel(period: { month: number | null; year: number }, lng: string): string {
  return period.month === null ? String(period.year) : `${monthName(period.month, lng)} ${period.year}`;
}

/** The pages of the consultant's file, 1-based, as people read them: "1–2, 4, 7–9" (en dash for a run). */
export function pageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start: number | undefined;
  let end: number | undefined;
  const close = () => {
    if (start === undefined || end === undefined) return;
    runs.push(start === end ? String(start) : `${start}–${end}`);
  };
  for (const page of sorted) {
    if (end !== undefined && page === end + 1) {
      end = page;
      continue;
    }
    close();
    start = page;
    end = page;
  }
  close();
  return runs.join(', ');
}

/** A person as lists read them: surname first. */
export function personName(person: { name: string; surname: string } | null | undefined): string {
  if (!person) return '';
  return [person.surname, person.name].filter(Boolean).join(' ');
}

/** Letters, digits and dashes only: a name that any disk and mail client takes. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The name a downloaded payslip is saved under: `prefix` (the kind in the reader's language, "busta-paga"), the
 * period as YYYY-MM (or the year), the person: `busta-paga-2026-03-rossi-mario.pdf`.
 */
export function payslipFileName(
  prefix: string,
  payslip: { month: number | null; year: number; employee: { name: string; surname: string } },
): string {
  const period =
    payslip.month === null ? String(payslip.year) : `${payslip.year}-${String(payslip.month).padStart(2, '0')}`;
  const parts = [slug(prefix) || 'payslip', period, slug(personName(payslip.employee))].filter(Boolean);
  return `${parts.join('-')}.pdf`;
}

/** Payslips of an upload still waiting to be convalidated, held ones included. */
export function pendingPayslips(upload: Pick<PayslipUpload, 'counts'>): number {
  return Math.max(0, upload.counts.payslips - upload.counts.convalidated);
}

/** An item whose payslip can still be convalidated: one was written and it is not convalidated yet. */
export function isConvalidatable(item: Pick<PayslipItem, 'payslipId' | 'status'>): boolean {
  return item.payslipId !== null && item.status === 'uploaded';
}

/**
 * What a convalidation of the ticked items sends and says: the payslips' ids, and how many of them were held for
 * review (a code seen once), which the confirmation names so that nobody convalidates them by chance.
 */
export function selectionSummary(items: Iterable<Pick<PayslipItem, 'outcome' | 'payslipId' | 'status'>>): {
  payslipIds: number[];
  held: number;
} {
  const payslipIds: number[] = [];
  let held = 0;
  for (const item of items) {
    if (!isConvalidatable(item) || item.payslipId === null) continue;
    payslipIds.push(item.payslipId);
    if (item.outcome === 'fiscalCodeOnce') held += 1;
  }
  return { payslipIds, held };
}

/** The years offered by the filters and the upload form: this year and the `count - 1` before it, newest first. */
export function recentYears(today: string, count = 8): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: count }, (_, index) => year - index);
}

/** The period an upload form starts on: payslips of the month just ended, the tax certificates of this year. */
export function defaultUploadPeriod(kind: PayslipKind, today: string): { year: number; month: number | null } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (kind === 'taxCertificate') return { year, month: null };
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}
