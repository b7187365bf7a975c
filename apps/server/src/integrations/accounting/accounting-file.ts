// A shop's month as the accounting system takes it: the journal entries of the daily and total compensation, the
// net, the VAT of each rate, the gross, the VAT register's movement and the update of the cash account's debit and
// credit, written as one CSV (the file below), sent to ACCOUNTING_URL, which answers entry by entry.
//
// The file (UTF-8, `;`-separated, CRLF, a header line, then one line per entry):
//   line;date;kind;shop;description;debit;credit;vat_rate
//   - line: 1-based, the entry's number, which the answer names;
//   - date: YYYY-MM-DD, the day (daily compensation) or the month's last day;
//   - kind: dailyCompensation | totalCompensation | net | vat | gross | vatMovement | debitCredit;
//   - shop: the shop's code (its cost centre);
//   - debit, credit: euro with a decimal point ("1234.50"), one of them 0.00;
//   - vat_rate: the rate in percent for net and vat lines ("22.00"), empty elsewhere.
// The answer: JSON { "entries": [{ "line": 1, "accepted": true }, { "line": 2, "accepted": false, "message": "…" }] }.
import type { AccountingEntryKind } from '@bottega/contracts/month-end';
import { stringify } from 'csv-stringify/sync';

export type AccountingEntry = {
  line: number;
  date: string;
  kind: AccountingEntryKind;
  shopCode: string;
  description: string;
  debitCents: number;
  creditCents: number;
  /** Basis points (2200 = 22%), for net and vat lines. */
  vatRate: number | null;
};

export type MonthFigures = {
  shopCode: string;
  /** The month's last day. */
  lastDay: string;
  /** Each closed day's total compensation, by day. */
  days: { date: string; totalCents: number }[];
  /** The month's fiscal closes summed per VAT rate. */
  vat: { vatRate: number; taxableCents: number; taxCents: number }[];
};

const columns = ['line', 'date', 'kind', 'shop', 'description', 'debit', 'credit', 'vat_rate'];

function euro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** The month's entries, in the order the accounting system books them. */
export function monthEntries(month: MonthFigures): AccountingEntry[] {
  const entries: Omit<AccountingEntry, 'line'>[] = [];
  const add = (entry: Omit<AccountingEntry, 'line' | 'shopCode'>) =>
    entries.push({ ...entry, shopCode: month.shopCode });
  for (const day of month.days)
    add({
      date: day.date,
      kind: 'dailyCompensation',
      description: `Corrispettivi del ${day.date}`,
      debitCents: day.totalCents,
      creditCents: 0,
      vatRate: null,
    });
  const total = month.days.reduce((sum, day) => sum + day.totalCents, 0);
  add({
    date: month.lastDay,
    kind: 'totalCompensation',
    description: 'Corrispettivi del mese',
    debitCents: 0,
    creditCents: total,
    vatRate: null,
  });
  let net = 0;
  let tax = 0;
  for (const rate of [...month.vat].sort((left, right) => right.vatRate - left.vatRate)) {
    net += rate.taxableCents;
    tax += rate.taxCents;
    add({
      date: month.lastDay,
      kind: 'net',
      description: 'Imponibile',
      debitCents: 0,
      creditCents: rate.taxableCents,
      vatRate: rate.vatRate,
    });
    add({
      date: month.lastDay,
      kind: 'vat',
      description: 'IVA',
      debitCents: 0,
      creditCents: rate.taxCents,
      vatRate: rate.vatRate,
    });
  }
  add({
    date: month.lastDay,
    kind: 'gross',
    description: 'Totale lordo',
    debitCents: net + tax,
    creditCents: 0,
    vatRate: null,
  });
  add({
    date: month.lastDay,
    kind: 'vatMovement',
    description: 'Registro IVA corrispettivi',
    debitCents: 0,
    creditCents: tax,
    vatRate: null,
  });
  add({
    date: month.lastDay,
    kind: 'debitCredit',
    description: 'Aggiornamento dare/avere cassa',
    debitCents: total,
    creditCents: total,
    vatRate: null,
  });
  return entries.map((entry, index) => ({ ...entry, line: index + 1 }));
}

export function accountingFile(entries: AccountingEntry[]): string {
  return stringify(
    [
      columns,
      ...entries.map((entry) => [
        String(entry.line),
        entry.date,
        entry.kind,
        entry.shopCode,
        entry.description,
        euro(entry.debitCents),
        euro(entry.creditCents),
        entry.vatRate === null ? '' : euro(entry.vatRate),
      ]),
    ],
    { delimiter: ';', record_delimiter: 'windows' },
  );
}

/** What the accounting system said of each entry. */
export type AccountingAnswer = { entries: { line: number; accepted: boolean; message?: string }[] };

/** Sends the file; answers the system's verdict per entry, or throws when it cannot be reached or answers nonsense. */
export async function sendToAccounting(options: {
  url: string;
  file: string;
  timeoutMs: number;
}): Promise<AccountingAnswer> {
  const response = await fetch(options.url, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8', accept: 'application/json' },
    body: options.file,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new Error(`the accounting system answered ${response.status}`);
  const answer = (await response.json()) as AccountingAnswer;
  if (!Array.isArray(answer?.entries)) throw new Error('the accounting system answered without entries');
  return answer;
}
