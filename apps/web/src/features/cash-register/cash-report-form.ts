// The compensation form of a daily cash report: what the staff type (euro amounts the Italian way, whole
// counts, notes and coins) turned into the contract's body, and each figure compared live with the system
// register and the fiscal printer by the contract's own rules (checkCashReport), so the screen marks
// exactly what the server would refuse.
import {
  type CashCount,
  type CashFiscalValues,
  type CashReport,
  type CashReportBody,
  type CashReportCheck,
  type CashReportField,
  type CashReportValues,
  type CashSystemValues,
  cashDenominations,
  cashReportAmountFields,
  cashReportFields,
  checkCashReport,
  type FiscalCheckedField,
  fiscalCheckedFields,
  systemCheckedFields,
  systemValueOfFiscalField,
} from '@bottega/contracts/cash-register';
import { formatMoney } from '@bottega/contracts/money';
import { parseMoney } from '../../lib/parse-money';

/** Every input as typed: the figures by field, the count by denomination in cents, the comments. */
export type CashReportFormValues = {
  values: Record<CashReportField, string>;
  cashCount: Record<string, string>;
  comments: string;
};

const amountFields = new Set<string>(cashReportAmountFields);

export function isAmountField(field: CashReportField): boolean {
  return amountFields.has(field);
}

/** An amount as it is typed back into an input: `1.234,56`, no sign of the currency; empty for none. */
export function amountText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return formatMoney(cents).replace('€ ', '');
}

/** A whole count typed in (`1.250` groups thousands too); null when empty, NaN when it is not one. */
export function parseCount(text: string): number | null {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return null;
  if (/^\d+$/.test(compact)) return Number(compact);
  if (/^\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replace(/\./g, ''));
  return Number.NaN;
}

/** How an input's text reads once the person leaves it: amounts as `1.234,56`, counts as plain digits. */
export function tidyText(field: CashReportField, text: string): string {
  if (isAmountField(field)) {
    const cents = parseMoney(text);
    return cents === null || Number.isNaN(cents) ? text : amountText(cents);
  }
  const count = parseCount(text);
  return count === null || Number.isNaN(count) ? text : String(count);
}

/** The form's inputs for a report as the server holds it. */
export function formValuesOf(report: Pick<CashReport, 'values' | 'cashCount' | 'comments'>): CashReportFormValues {
  const values = Object.fromEntries(
    cashReportFields.map((field) => {
      const value = report.values[field];
      return [field, isAmountField(field) ? amountText(value) : value === null ? '' : String(value)];
    }),
  ) as Record<CashReportField, string>;
  const cashCount = Object.fromEntries(
    cashDenominations.map((denomination) => {
      const quantity = report.cashCount[String(denomination)];
      return [String(denomination), quantity === undefined ? '' : String(quantity)];
    }),
  );
  return { values, cashCount, comments: report.comments };
}

/** The figures typed: null when empty, NaN when unreadable (the schema then says "invalid"). */
export function reportValuesOf(form: CashReportFormValues): CashReportValues {
  return Object.fromEntries(
    cashReportFields.map((field) => {
      const text = form.values[field] ?? '';
      return [field, isAmountField(field) ? parseMoney(text) : parseCount(text)];
    }),
  ) as CashReportValues;
}

/**
 * The notes and coins counted; denominations left empty or at 0 are not sent (the server keeps only those
 * present, so a count typed with zeros reads back the same as the one it stored).
 */
export function cashCountOf(form: CashReportFormValues): CashCount {
  const count: CashCount = {};
  for (const denomination of cashDenominations) {
    const quantity = parseCount(form.cashCount[String(denomination)] ?? '');
    if (quantity !== null && quantity !== 0) count[String(denomination)] = quantity;
  }
  return count;
}

/**
 * The inputs holding text that is no amount or count (`12,345`, `tre`), by their form path: the schema only sees
 * "not a number" there, which it would word as a missing value.
 */
export function unreadableFields(form: CashReportFormValues): string[] {
  const figures = cashReportFields.filter((field) => {
    const text = form.values[field] ?? '';
    return Number.isNaN(isAmountField(field) ? parseMoney(text) : parseCount(text));
  });
  const counted = cashDenominations.filter((denomination) =>
    Number.isNaN(parseCount(form.cashCount[String(denomination)] ?? '')),
  );
  return [...figures.map((field) => `values.${field}`), ...counted.map((denomination) => `cashCount.${denomination}`)];
}

/** What a save, a confirmation or a correction sends. */
export function bodyOf(form: CashReportFormValues, version: number): CashReportBody {
  return { values: reportValuesOf(form), cashCount: cashCountOf(form), comments: form.comments.trim(), version };
}

/** Whether two forms would send the same report (`1234` and `1.234,00` are the same amount). */
export function sameReport(a: CashReportFormValues, b: CashReportFormValues): boolean {
  return JSON.stringify(bodyOf(a, 0)) === JSON.stringify(bodyOf(b, 0));
}

/** The report the form was last filled from: its version goes with every change, so a stale save is refused. */
export type FormBase = { version: number; values: CashReportFormValues };

/**
 * What the screen does when the server has a newer version of the report than the form's base:
 * - `reset`: nothing typed would be lost, the form shows the server's report;
 * - `adopt`: keep what is typed on the newer version, because the server holds just that, or its figures are the
 *   base's (what changed was not the figures: an expense, a confirmation withdrawn); `values` is the new base;
 * - `stale`: somebody else changed the figures meanwhile; the form keeps what is typed and the next save is
 *   refused as stale, offering to reload or keep one's own. Only then does the conflict prompt appear.
 */
export function reconcile(
  base: FormBase,
  form: CashReportFormValues,
  server: Pick<CashReport, 'version' | 'values' | 'cashCount' | 'comments'>,
): { kind: 'same' } | { kind: 'reset' | 'adopt'; values: CashReportFormValues } | { kind: 'stale' } {
  if (server.version === base.version) return { kind: 'same' };
  const stored = formValuesOf(server);
  if (sameReport(form, base.values)) return { kind: 'reset', values: stored };
  if (sameReport(stored, form) || sameReport(stored, base.values)) return { kind: 'adopt', values: stored };
  return { kind: 'stale' };
}

/**
 * How many differences keep the second person from closing the day: the confirmed figures against the system
 * register (which may have moved since), the fiscal printer (unless the closer may accept its difference), the
 * POS subtotal, the count, and any figure left empty.
 */
export function closeBlockers(check: CashReportCheck, options: { mayAcceptFiscal: boolean }): number {
  return (
    check.missing.length +
    check.systemMismatches.length +
    (options.mayAcceptFiscal ? 0 : check.fiscalMismatches.length) +
    (check.posSubtotalAdds ? 0 : 1) +
    (check.cashCountMatches ? 0 : 1)
  );
}

/** The rules on what is typed so far; an unreadable input counts as not yet entered. */
export function liveCheck(
  form: CashReportFormValues,
  report: Pick<CashReport, 'system' | 'fiscal'>,
): { values: CashReportValues; check: CashReportCheck } {
  const typed = reportValuesOf(form);
  const values = Object.fromEntries(
    cashReportFields.map((field) => [field, Number.isNaN(typed[field]) ? null : typed[field]]),
  ) as CashReportValues;
  const counted = Object.fromEntries(
    Object.entries(cashCountOf(form)).filter(([, quantity]) => Number.isInteger(quantity) && quantity >= 0),
  );
  return {
    values,
    check: checkCashReport({ values, cashCount: counted, system: report.system, fiscal: report.fiscal }),
  };
}

const systemFields = new Set<string>(systemCheckedFields);
const fiscalFields = new Set<string>(fiscalCheckedFields);

export function isFiscalField(field: CashReportField): field is FiscalCheckedField {
  return fiscalFields.has(field);
}

/** One figure beside what it is checked against. Differences are "typed (or printed) less expected". */
export type FieldComparison = {
  /** The system register's value, null for a figure the register does not know (the cash fund). */
  system: number | null;
  /** What the typed value is checked against: the register, or for the fiscal POS the printer's close. */
  expected: number | null;
  difference: number | null;
  mismatch: boolean;
  /** The fiscal printer's value (fiscal figures only, when the close is there) and its difference from the register. */
  fiscal: number | null;
  fiscalDifference: number | null;
  fiscalMismatch: boolean;
};

export function compareField(options: {
  field: CashReportField;
  values: CashReportValues;
  system: CashSystemValues;
  fiscal: CashFiscalValues | null;
  check: CashReportCheck;
}): FieldComparison {
  const { field, values, system, fiscal, check } = options;
  const typed = values[field];
  const fiscalField = isFiscalField(field) ? field : null;
  const systemValue = systemFields.has(field)
    ? system[field as keyof CashSystemValues]
    : fiscalField
      ? systemValueOfFiscalField(fiscalField, system)
      : null;
  const printed = fiscal && fiscalField ? fiscal[fiscalField] : null;
  // The fiscal POS typed is held against the printer's; every other figure against the register.
  const expected = field === 'fiscalPosCents' ? printed : systemFields.has(field) ? systemValue : null;
  const difference = typed !== null && expected !== null ? typed - expected : null;
  const fiscalDifference = printed !== null && systemValue !== null ? printed - systemValue : null;
  return {
    system: systemValue,
    expected,
    difference,
    mismatch:
      (check.systemMismatches as string[]).includes(field) ||
      (field === 'fiscalPosCents' && difference !== null && difference !== 0),
    fiscal: printed,
    fiscalDifference,
    fiscalMismatch: fiscalDifference !== null && fiscalDifference !== 0,
  };
}

/** A difference with its sign always shown: `+€ 12,00`, `-€ 0,50`, `€ 0,00`. */
export function signedAmount(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

export function signedCount(count: number): string {
  return count > 0 ? `+${count}` : String(count);
}

/**
 * A field the server names in a refusal, as the form names it: the body's own paths (`values.totalCents`,
 * `cashCount.500`) stay, a bare figure (`totalCents`) is one of the values.
 */
export function formFieldOf(serverField: string): string {
  return (cashReportFields as readonly string[]).includes(serverField) ? `values.${serverField}` : serverField;
}

/** The server's field errors placed on the form's inputs. */
export function formErrorsOf(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [formFieldOf(field), message]));
}
