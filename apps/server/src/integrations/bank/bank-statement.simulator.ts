// The bank's side, for tests and the demo: statements written as the files a bank's home banking hands out, CAMT.053
// (camt.053.001.02, the version most Italian banks still send) and the CBI RH flow. Each writer is the exact inverse of
// its parser for what the format can hold; what it cannot hold (a 41-character CBI counterparty, a character outside
// Latin-1 in a CBI file …) is an Error here rather than a file that reads back differently.

import type { BankStatement } from './bank-statement';
import { cbiRecordLength } from './cbi';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function decimal(cents: number): string {
  const absolute = Math.abs(cents);
  return `${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

function indicator(cents: number): 'CRDT' | 'DBIT' {
  return cents < 0 ? 'DBIT' : 'CRDT';
}

/**
 * The words of a text in pieces no longer than the widths given (the first width for the first piece, the last width
 * for every further one), broken at single spaces so that joining the pieces with one space gives the text back.
 * A piece may be empty when the next word does not fit the first width. Undefined when a word is longer than a width.
 */
function wrapWords(text: string, widths: number[]): string[] | undefined {
  const pieces: string[] = [];
  let current = '';
  const width = () => widths[Math.min(pieces.length, widths.length - 1)] ?? 0;
  for (const word of text === '' ? [] : text.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (candidate.length <= width()) {
      current = candidate;
      continue;
    }
    pieces.push(current);
    current = word;
    if (current.length > width()) return undefined;
  }
  if (current !== '' || pieces.length === 0) pieces.push(current);
  return pieces;
}

const maximumUnstructuredLength = 140;

/** Statements as one camt.053.001.02 document, every entry booked, its text in Ustrd and its other side named. */
export function writeCamt053(statements: BankStatement[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
    '  <BkToCstmrStmt>',
    '    <GrpHdr>',
    `      <MsgId>${escapeXml(statements[0]?.statementId ?? 'EMPTY')}</MsgId>`,
    `      <CreDtTm>${statements.at(-1)?.closingDate ?? '2000-01-01'}T00:00:00</CreDtTm>`,
    '    </GrpHdr>',
  ];
  const balance = (code: string, cents: number, currency: string, date: string) => [
    '      <Bal>',
    `        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>`,
    `        <Amt Ccy="${currency}">${decimal(cents)}</Amt>`,
    `        <CdtDbtInd>${indicator(cents)}</CdtDbtInd>`,
    `        <Dt><Dt>${date}</Dt></Dt>`,
    '      </Bal>',
  ];
  for (const statement of statements) {
    const isIban = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(statement.account);
    lines.push(
      '    <Stmt>',
      `      <Id>${escapeXml(statement.statementId)}</Id>`,
      `      <CreDtTm>${statement.closingDate}T00:00:00</CreDtTm>`,
      '      <Acct>',
      isIban
        ? `        <Id><IBAN>${statement.account}</IBAN></Id>`
        : `        <Id><Othr><Id>${escapeXml(statement.account)}</Id></Othr></Id>`,
      `        <Ccy>${statement.currency}</Ccy>`,
      '      </Acct>',
      ...balance('OPBD', statement.openingCents, statement.currency, statement.openingDate),
      ...balance('CLBD', statement.closingCents, statement.currency, statement.closingDate),
    );
    for (const entry of statement.entries) {
      // Ustrd holds at most 140 characters: a longer text goes in several, broken where the parser joins them.
      const texts = wrapWords(entry.description, [maximumUnstructuredLength]) ?? [entry.description];
      const party = indicator(entry.amountCents) === 'CRDT' ? 'Dbtr' : 'Cdtr';
      lines.push(
        '      <Ntry>',
        `        <Amt Ccy="${statement.currency}">${decimal(entry.amountCents)}</Amt>`,
        `        <CdtDbtInd>${indicator(entry.amountCents)}</CdtDbtInd>`,
        '        <Sts>BOOK</Sts>',
        `        <BookgDt><Dt>${entry.bookingDate}</Dt></BookgDt>`,
        ...(entry.valueDate ? [`        <ValDt><Dt>${entry.valueDate}</Dt></ValDt>`] : []),
        ...(entry.bankReference ? [`        <AcctSvcrRef>${escapeXml(entry.bankReference)}</AcctSvcrRef>`] : []),
        '        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>OTHR</Cd><SubFmlyCd>OTHR</SubFmlyCd></Fmly></Domn></BkTxCd>',
        '        <NtryDtls>',
        '          <TxDtls>',
        ...(entry.counterparty
          ? [`            <RltdPties><${party}><Nm>${escapeXml(entry.counterparty)}</Nm></${party}></RltdPties>`]
          : []),
        ...(entry.description
          ? [
              '            <RmtInf>',
              ...texts.map((text) => `              <Ustrd>${escapeXml(text)}</Ustrd>`),
              '            </RmtInf>',
            ]
          : []),
        '          </TxDtls>',
        '        </NtryDtls>',
        '      </Ntry>',
      );
    }
    lines.push('    </Stmt>');
  }
  lines.push('  </BkToCstmrStmt>', '</Document>', '');
  return lines.join('\n');
}

/** Refused by the CBI writer: the statement cannot be written as a CBI flow that reads back the same. */
function unrepresentable(what: string): never {
  throw new Error(`Not representable in a CBI RH flow: ${what}`);
}

function field(value: string, width: number, what: string): string {
  if (value.length > width) unrepresentable(`${what} longer than ${width} characters`);
  return value.padEnd(width, ' ');
}

function cbiDate(date: string, what: string): string {
  const match = /^20(\d{2})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) unrepresentable(`${what} ${date} outside 2000-2099`);
  return `${match[3]}${match[2]}${match[1]}`;
}

function cbiAmount(cents: number, what: string): string {
  const absolute = Math.abs(cents);
  if (absolute > 99_999_999_999_999) unrepresentable(`${what} too large`);
  const digits = String(absolute).padStart(14, '0');
  return `${cents < 0 ? 'D' : 'C'}${digits.slice(0, 12)},${digits.slice(12)}`;
}

function number(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The statements as one CBI RH flow, CRLF-terminated records of 120 characters (Latin-1 text). */
export function writeCbiMovements(statements: BankStatement[]): string {
  const first = statements[0];
  if (!first) unrepresentable('a flow with no statement');
  const flowName = first.statementId.slice(0, first.statementId.lastIndexOf('/'));
  const accountParts = (account: string) => {
    const iban = /^([A-Z]{2}\d{2})([A-Z])(\d{5})(\d{5})([0-9A-Z]{12})$/.exec(account);
    if (iban) return { ibanPrefix: iban[1] ?? '', cin: iban[2] ?? '', bban: account.slice(5) };
    if (/^\d{10}[0-9A-Z]{12}$/.test(account)) return { ibanPrefix: '    ', cin: ' ', bban: account };
    return unrepresentable(`account ${account}`);
  };
  const senderAbi = accountParts(first.account).bban.slice(0, 5);
  const created = cbiDate(statements.at(-1)?.closingDate ?? first.closingDate, 'creation date');
  const head = `${senderAbi}00000${created}${field(flowName, 20, 'flow name')}`;
  const records = [` RH${head}`.padEnd(cbiRecordLength, ' ')];

  statements.forEach((statement, index) => {
    const statementNumber = number(index + 1, 7);
    if (statement.statementId !== `${flowName}/${index + 1}`)
      unrepresentable(`statement id ${statement.statementId}, expected ${flowName}/${index + 1}`);
    if (!/^[A-Z]{3}$/.test(statement.currency)) unrepresentable(`currency ${statement.currency}`);
    const { ibanPrefix, cin, bban } = accountParts(statement.account);
    records.push(
      [
        ' 61',
        statementNumber,
        ' '.repeat(18),
        '93001',
        ' '.repeat(18),
        cin,
        bban,
        statement.currency,
        cbiDate(statement.openingDate, 'opening date'),
        cbiAmount(statement.openingCents, 'opening balance'),
        ibanPrefix,
        ' '.repeat(17),
      ].join(''),
    );
    statement.entries.forEach((entry, entryIndex) => {
      const entryNumber = number((entryIndex % 999) + 1, 3);
      // The description fills the 62's 34 characters, then as many free-text 63 records as it needs.
      if (entry.description !== entry.description.trim() || entry.description.includes('  '))
        unrepresentable(`blanks at the ends or doubled in "${entry.description}"`);
      const pieces = wrapWords(entry.description, [34, 107]);
      if (!pieces) unrepresentable(`a word of more than 34 characters in "${entry.description}"`);
      if (/[^\u0020-\u007e\u00a0-\u00ff]/.test(`${entry.description}${entry.counterparty ?? ''}`))
        unrepresentable('a character outside Latin-1');
      records.push(
        [
          ' 62',
          statementNumber,
          entryNumber,
          entry.valueDate ? cbiDate(entry.valueDate, 'value date') : '      ',
          cbiDate(entry.bookingDate, 'booking date'),
          cbiAmount(entry.amountCents, 'amount'),
          // CBI reasons 48 (transfer in your favour) and 26 (your transfer order): the simulator's two movements.
          entry.amountCents < 0 ? '26' : '48',
          '  ',
          ' '.repeat(16),
          field(entry.bankReference ?? '', 16, 'bank reference'),
          ' '.repeat(9),
          field(pieces[0] ?? '', 34, 'description'),
        ].join(''),
      );
      const detail = (content: string) => ` 63${statementNumber}${entryNumber}${field(content, 107, 'detail')}`;
      if (entry.counterparty) {
        const orderDate = `${cbiDate(entry.bookingDate, 'booking date').slice(0, 4)}${entry.bookingDate.slice(0, 4)}`;
        records.push(detail(`YYY${orderDate}${' '.repeat(16)}${field(entry.counterparty, 40, 'counterparty')}`));
      }
      for (const piece of pieces.slice(1)) {
        if (/^(YYY|YY2|ZZ1|ZZ2|ZZ3|KKK|ID1|ID2|RI1|RI2)/.test(piece)) unrepresentable(`detail text "${piece}"`);
        records.push(detail(piece));
      }
    });
    records.push(
      [
        ' 64',
        statementNumber,
        statement.currency,
        cbiDate(statement.closingDate, 'closing date'),
        cbiAmount(statement.closingCents, 'closing balance'),
        cbiAmount(statement.closingCents, 'available balance'),
      ]
        .join('')
        .padEnd(cbiRecordLength, ' '),
    );
  });
  records.push(
    ` EF${head}${' '.repeat(6)}${number(statements.length, 7)}${' '.repeat(30)}${number(records.length + 1, 7)}`.padEnd(
      cbiRecordLength,
      ' ',
    ),
  );
  return `${records.join('\r\n')}\r\n`;
}
