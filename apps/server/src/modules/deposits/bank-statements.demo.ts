// The demo's bank statement (issue 21): what the bank would send for the deposits the demo shops recorded and
// accounting has not convalidated yet, one statement per shop account, in CAMT.053 or CBI, for a newcomer to upload on
// deposit/upload/bank and check on deposit/check. Like a real one it is not tidy: most deposits arrive the next day,
// every fourth a few days late, the first is split in two credits, the last has not arrived, a credit names a deposit
// card nobody has, and the bank takes its fee.
import { addDays } from '@bottega/contracts/dates';
import type { BankStatement, BankStatementEntry } from '../../integrations/bank/bank-statement';

export type DemoDeposit = { shopCode: string; account: string; date: string; amountCents: number; cardNumber: string };

/** The demo bank's ABI and CAB, before each shop's 12-digit account number. */
const demoBank = '0306909606';
/** A card of nobody, in a credit's text. */
export const demoUnknownCard = '5999000011112222';

function grouped(card: string): string {
  return card.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function demoBankStatements(deposits: DemoDeposit[], today: string): BankStatement[] {
  const ordered = [...deposits].sort((left, right) => left.date.localeCompare(right.date));
  const byAccount = new Map<string, BankStatementEntry[]>();
  const book = (account: string, entry: Omit<BankStatementEntry, 'line' | 'bankReference' | 'counterparty'>) => {
    const entries = byAccount.get(account) ?? [];
    entries.push({ ...entry, line: 0, bankReference: null, counterparty: null });
    byAccount.set(account, entries);
  };
  for (const [index, deposit] of ordered.entries()) {
    if (index === ordered.length - 1 && ordered.length > 1) continue;
    const late = index % 4 === 3;
    const bookingDate = [addDays(deposit.date, late ? 5 : 1), today].sort()[0] as string;
    const card = deposit.cardNumber ? ` CARTA ${grouped(deposit.cardNumber)}` : '';
    const description = `VERSAMENTO CONTANTI ${deposit.shopCode}${card}`;
    const account = `${demoBank}${deposit.account}`;
    if (index === 0 && deposit.amountCents >= 2) {
      const first = Math.round(deposit.amountCents * 0.6);
      book(account, { bookingDate, valueDate: bookingDate, amountCents: first, description: `${description} 1/2` });
      book(account, {
        bookingDate: addDays(bookingDate, 1) > today ? bookingDate : addDays(bookingDate, 1),
        valueDate: null,
        amountCents: deposit.amountCents - first,
        description: `${description} 2/2`,
      });
      continue;
    }
    book(account, { bookingDate, valueDate: bookingDate, amountCents: deposit.amountCents, description });
  }
  const firstAccount = [...byAccount.keys()][0];
  if (firstAccount) {
    const yesterday = addDays(today, -1);
    book(firstAccount, {
      bookingDate: yesterday,
      valueDate: yesterday,
      amountCents: 35_000,
      description: `VERSAMENTO CONTANTI CARTA ${grouped(demoUnknownCard)}`,
    });
    book(firstAccount, {
      bookingDate: yesterday,
      valueDate: yesterday,
      amountCents: -250,
      description: 'COMMISSIONI VERSAMENTI',
    });
  }
  return [...byAccount.entries()].map(([account, entries], index) => {
    entries.sort((left, right) => left.bookingDate.localeCompare(right.bookingDate));
    const openingCents = 1_000_000_00 + index * 10_000_00;
    const movements = entries.reduce((total, entry) => total + entry.amountCents, 0);
    return {
      format: 'camt053',
      statementId: `DEMO-${today}/${index + 1}`,
      account,
      currency: 'EUR',
      openingDate: entries[0]?.bookingDate ?? today,
      closingDate: entries.at(-1)?.bookingDate ?? today,
      openingCents,
      closingCents: openingCents + movements,
      entries,
    };
  });
}
