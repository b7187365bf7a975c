// The manual fiscal close form: what a person types from the paper Z report (euro amounts, counts,
// the time of the close in Italy) turned into the contract's record, which the form checks with the
// server's own schema before sending.
import { businessTimeZone } from '@bottega/contracts/dates';
import type { FiscalCloseRecord } from '@bottega/contracts/sales';
import { parseMoney } from '../../lib/parse-money';

export type VatRowValues = { vatRate: string; taxableCents: string; taxCents: string };

/** Field names are the record's, so the schema's and the server's errors land on the right input. */
export type FiscalCloseFormValues = {
  deviceSerial: string;
  businessDate: string;
  /** HH:mm, Italian time. */
  closedAt: string;
  closeNumber: string;
  totalCents: string;
  documentsCount: string;
  returnsCents: string;
  cancellationsCents: string;
  electronicPaymentsCents: string;
  vatBreakdown: VatRowValues[];
};

/** The Italian VAT rates in basis points, as the printer reports them. */
export const vatRates = [2200, 1000, 500, 400, 0] as const;

export function emptyVatRow(): VatRowValues {
  return { vatRate: '2200', taxableCents: '', taxCents: '' };
}

export function emptyFiscalClose(businessDate: string, deviceSerial: string): FiscalCloseFormValues {
  return {
    deviceSerial,
    businessDate,
    closedAt: '',
    closeNumber: '',
    totalCents: '',
    documentsCount: '',
    returnsCents: '0',
    cancellationsCents: '0',
    electronicPaymentsCents: '0',
    vatBreakdown: [emptyVatRow()],
  };
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes Italy is ahead of UTC at an instant (60 in winter, 120 in summer). */
function romeOffsetMinutes(utcMilliseconds: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(utcMilliseconds).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - utcMilliseconds) / 60_000);
}

/**
 * The instant of a date and HH:mm on Italian time, as ISO 8601 with its offset
 * (`2026-03-14T19:45:00+01:00`); an empty text when either is missing or malformed.
 */
export function romeInstant(date: string, time: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!day || !clock) return '';
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  // The offset of the instant itself, not of the wall clock read as UTC: they differ around the change of daylight saving time.
  const offset = romeOffsetMinutes(wall - romeOffsetMinutes(wall) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${date}T${clock[1]}:${clock[2]}:00${sign}${hours}:${minutes}`;
}

/** A whole number typed in; NaN when it is not one, so the schema says it is invalid. */
function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The record the form's values describe. Empty fields go as null (the schema answers "required"),
 * malformed ones as NaN ("invalid"), so the caller validates the result with fiscalCloseRecordSchema.
 */
export function fiscalCloseRecordOf(values: FiscalCloseFormValues): FiscalCloseRecord {
  return {
    deviceSerial: values.deviceSerial.trim(),
    businessDate: values.businessDate,
    closedAt: romeInstant(values.businessDate, values.closedAt),
    closeNumber: parseCount(values.closeNumber),
    totalCents: parseMoney(values.totalCents),
    documentsCount: parseCount(values.documentsCount),
    returnsCents: parseMoney(values.returnsCents),
    cancellationsCents: parseMoney(values.cancellationsCents),
    electronicPaymentsCents: parseMoney(values.electronicPaymentsCents),
    vatBreakdown: values.vatBreakdown.map((row) => ({
      vatRate: Number(row.vatRate),
      taxableCents: parseMoney(row.taxableCents),
      taxCents: parseMoney(row.taxCents),
    })),
  } as FiscalCloseRecord;
}

/** The tax a rate puts on a taxable amount, to the cent, as the printer computes it. */
export function taxOf(taxableCents: number, vatRate: number): number {
  return Math.round((taxableCents * vatRate) / 10_000);
}
