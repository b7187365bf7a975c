// ISO 20022 CAMT.053 "Bank to customer statement", versions camt.053.001.02 to .08. Read without looking at the
// namespace (the elements this file uses have the same names and places in all of them), with what changed between
// versions handled where it is: Sts as text (up to .06) or Sts/Cd (.07+), dates as Dt or DtTm, related parties'
// names directly under Dbtr/Cdtr (up to .07) or inside their Pty wrapper (.08).

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { declaresDoctype } from '../../platform/xml-doctype';
import {
  type BankStatement,
  type BankStatementEntry,
  BankStatementError,
  maximumStatementEntries,
} from './bank-statement-model';

type Element = Record<string, unknown>;

// Elements that may repeat are always read as lists, so one occurrence and several read the same way.
const repeatable = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlNtryInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => repeatable.has(name),
});

function child(element: unknown, name: string): Element | undefined {
  const value = (element as Element | undefined)?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Element) : undefined;
}

function children(element: unknown, name: string): unknown[] {
  const value = (element as Element | undefined)?.[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The text of an element, whether it carries attributes (then the parser gives an object) or not. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && typeof (value as Element)['#text'] === 'string')
    return ((value as Element)['#text'] as string).trim();
  if (value && typeof value === 'object' && Object.keys(value).every((key) => key.startsWith('@'))) return '';
  return undefined;
}

function text(element: unknown, name: string): string | undefined {
  return textOf((element as Element | undefined)?.[name]);
}

/** Positive amount with at most 5 decimals (ActiveOrHistoricCurrencyAndAmount) in cents; sub-cent digits must be 0. */
function amountCents(value: string | undefined): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(value ?? '');
  if (!match?.[1]) return undefined;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') return undefined;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/** A calendar date from ISODate or the date part of ISODateTime (the bank's own day, not converted). */
function isoDate(value: string | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value ?? '');
  if (!match) return undefined;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date) ? date : undefined;
}

function dateOf(element: Element | undefined): string | undefined {
  return isoDate(text(element, 'Dt') ?? text(element, 'DtTm'));
}

function signed(cents: number, indicator: string | undefined): number | undefined {
  if (indicator === 'CRDT') return cents;
  if (indicator === 'DBIT') return cents === 0 ? 0 : -cents;
  return undefined;
}

/**
 * The 1-based line of every opening tag `<name` (any prefix) in document order. Comments and CDATA are blanked
 * first (keeping their line breaks) so a tag written inside them is not counted.
 */
function tagLines(masked: string, name: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let position = 0;
  for (const match of masked.matchAll(new RegExp(`<(?:[\\w.-]+:)?${name}[\\s/>]`, 'g'))) {
    for (let index = masked.indexOf('\n', position); index !== -1 && index < match.index; ) {
      line += 1;
      index = masked.indexOf('\n', index + 1);
    }
    position = match.index;
    lines.push(line);
  }
  return lines;
}

function partyName(party: Element | undefined): string | undefined {
  return text(party, 'Nm') || text(child(party, 'Pty'), 'Nm') || undefined;
}

/** Texts joined with one space, each once: a batch often repeats the same remittance line in every transaction. */
function joinDistinct(texts: (string | undefined)[], separator: string): string {
  return [...new Set(texts.filter((value): value is string => !!value))].join(separator);
}

function readEntry(entry: Element, line: number, currency: string): BankStatementEntry | undefined {
  const field = (name: string) => new BankStatementError({ kind: 'field', line, field: name });
  const status = text(entry, 'Sts') || text(child(entry, 'Sts'), 'Cd');
  if (!status) throw field('Ntry/Sts');
  // Pending and informational entries are not on the account yet: the balances do not include them either.
  if (status !== 'BOOK') return undefined;
  const amount = (entry as Element).Amt;
  const cents = amountCents(textOf(amount));
  if (cents === undefined) throw field('Ntry/Amt');
  if (textOf((amount as Element | undefined)?.['@Ccy']) !== currency) throw field('Ntry/Amt/@Ccy');
  // The sign is the booking's direction; a reversal (RvslInd) is already booked in the direction that undoes it.
  const indicator = text(entry, 'CdtDbtInd');
  const amountCentsSigned = signed(cents, indicator);
  if (amountCentsSigned === undefined) throw field('Ntry/CdtDbtInd');
  const bookingDate = dateOf(child(entry, 'BookgDt'));
  if (!bookingDate) throw field('Ntry/BookgDt');
  const valueElement = child(entry, 'ValDt');
  const valueDate = valueElement ? dateOf(valueElement) : null;
  if (valueDate === undefined) throw field('Ntry/ValDt');

  const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
  const remittances = transactions.flatMap((transaction) => {
    const information = child(transaction, 'RmtInf');
    return [
      ...children(information, 'Ustrd').map(textOf),
      ...children(information, 'Strd').map((structured) => text(child(structured, 'CdtrRefInf'), 'Ref')),
    ];
  });
  const description = joinDistinct(
    [
      ...remittances,
      ...children(entry, 'AddtlNtryInf').map(textOf),
      ...transactions.map((transaction) => text(transaction, 'AddtlTxInf')),
    ],
    ' ',
  );
  // The other side: who paid us on a credit, whom we paid on a debit.
  const counterparty = joinDistinct(
    transactions.map((transaction) =>
      partyName(child(child(transaction, 'RltdPties'), indicator === 'CRDT' ? 'Dbtr' : 'Cdtr')),
    ),
    ', ',
  );
  return {
    line,
    bankReference: text(entry, 'AcctSvcrRef') || text(entry, 'NtryRef') || null,
    bookingDate,
    valueDate,
    amountCents: amountCentsSigned,
    description,
    counterparty: counterparty || null,
  };
}

/**
 * The statements of a CAMT.053 file, not yet checked to add up (parseBankStatement does that). Opening balance is
 * OPBD, or PRCD (the previous closing) when the bank sends that instead; closing balance is CLBD; only booked (BOOK)
 * entries count, and each entry is one entry however many transactions (TxDtls) a batch carries.
 *
 * Currency: a statement has one, its account's (Acct/Ccy) or else its opening balance's. The opening and closing
 * balance and every booked entry must be in it, otherwise the statement is refused at the element that differs: the
 * check opening + entries = closing means nothing across currencies, and converting would invent a rate. Other
 * balances (available, interim …) and the transactions' own amounts inside an entry are not read, so their
 * currencies do not matter. The genkgo v8 sample, whose closing balance is in SEK on a EUR statement, is refused.
 */
export function parseCamt053(bytes: Uint8Array): BankStatement[] {
  // XML 1.0 allows no control characters other than tab and line breaks (a NUL, a form feed …).
  for (const byte of bytes)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)
      throw new BankStatementError({ kind: 'encoding' });
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BankStatementError({ kind: 'encoding' });
  }
  if (declaresDoctype(xml)) throw new BankStatementError({ kind: 'doctype' });

  const masked = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (hidden) => hidden.replace(/[^\n]/g, ' '));
  const entryLines = tagLines(masked, 'Ntry');
  if (entryLines.length > maximumStatementEntries) throw new BankStatementError({ kind: 'tooLarge' });

  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    // Recognisably a statement, but broken (cut short, a tag not closed): say where.
    // The validator reports elements left open (a file cut short) at line 1: they end where the text ends.
    const unclosed = validation.err.code === 'InvalidXml' && validation.err.msg.startsWith("Invalid '[");
    const line = unclosed ? xml.trimEnd().split('\n').length : validation.err.line;
    if (/<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/.test(masked))
      throw new BankStatementError({ kind: 'field', line, field: 'xml' });
    throw new BankStatementError({ kind: 'unreadable' });
  }
  const document = parser.parse(xml) as Element;
  const root = child(child(document, 'Document'), 'BkToCstmrStmt');
  if (!root) throw new BankStatementError({ kind: 'unreadable' });

  const statementLines = tagLines(masked, 'Stmt');
  const balanceLines = tagLines(masked, 'Bal');
  const statements = children(root, 'Stmt');
  if (statements.length === 0)
    throw new BankStatementError({ kind: 'field', line: tagLines(masked, 'BkToCstmrStmt')[0] ?? 1, field: 'Stmt' });

  let balanceIndex = 0;
  let entryIndex = 0;
  return statements.map((statement, statementIndex) => {
    const statementLine = statementLines[statementIndex] ?? 1;
    const field = (name: string, line = statementLine) => new BankStatementError({ kind: 'field', line, field: name });
    const statementId = text(statement, 'Id');
    if (!statementId) throw field('Stmt/Id');
    const accountId = child(child(statement, 'Acct'), 'Id');
    const account = text(accountId, 'IBAN') || text(child(accountId, 'Othr'), 'Id');
    if (!account) throw field('Stmt/Acct/Id');

    const balances = children(statement, 'Bal').map((balance) => ({
      balance: balance as Element,
      line: balanceLines[balanceIndex++] ?? statementLine,
      code: text(child(child(balance, 'Tp'), 'CdOrPrtry'), 'Cd'),
    }));
    const opening = balances.find((balance) => balance.code === 'OPBD') ?? balances.find((b) => b.code === 'PRCD');
    if (!opening) throw field('Bal/OPBD');
    const closing = balances.find((balance) => balance.code === 'CLBD');
    if (!closing) throw field('Bal/CLBD');

    const accountCurrency = text(child(statement, 'Acct'), 'Ccy');
    const currency = accountCurrency ?? textOf((opening.balance.Amt as Element | undefined)?.['@Ccy']);
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      throw accountCurrency ? field('Stmt/Acct/Ccy') : field('Bal/Amt/@Ccy', opening.line);

    const readBalance = ({ balance, line }: { balance: Element; line: number }) => {
      const cents = amountCents(textOf(balance.Amt));
      if (cents === undefined) throw field('Bal/Amt', line);
      if (textOf((balance.Amt as Element)['@Ccy']) !== currency) throw field('Bal/Amt/@Ccy', line);
      const value = signed(cents, text(balance, 'CdtDbtInd'));
      if (value === undefined) throw field('Bal/CdtDbtInd', line);
      const date = dateOf(child(balance, 'Dt'));
      if (!date) throw field('Bal/Dt', line);
      return { cents: value, date };
    };
    const openingBalance = readBalance(opening);
    const closingBalance = readBalance(closing);

    const entries = children(statement, 'Ntry').flatMap((entry) => {
      const line = entryLines[entryIndex++] ?? statementLine;
      return readEntry(entry as Element, line, currency) ?? [];
    });
    return {
      format: 'camt053',
      statementId,
      account,
      currency,
      openingDate: openingBalance.date,
      closingDate: closingBalance.date,
      openingCents: openingBalance.cents,
      closingCents: closingBalance.cents,
      entries,
    } satisfies BankStatement;
  });
}
