// The Italian CBI "Rendicontazione movimenti di conto corrente" flow (document CBI-RND-001, record "RH"): fixed-width
// records of 120 characters, one flow per file (several flows one after the other are read too):
//   RH header · per account and day: 61 opening balance, 62 movement (each followed by 0..n 63 details),
//   64 closing balance, 0..n 65 (future liquidity, not read) · EF footer with the counts.
//
// Layout used (positions 1-based and inclusive, as the standard writes them; every record opens with a blank):
//
// | record | positions | field                                     | read as                                   |
// |--------|-----------|-------------------------------------------|-------------------------------------------|
// | RH     | 2-3       | record type "RH"                          |                                           |
// |        | 4-8       | ABI of the sending bank                   | (written from the account)                |
// |        | 9-13      | SIA code of the receiving company         | (not read)                                |
// |        | 14-19     | creation date DDMMYY                      | (not read)                                |
// |        | 20-39     | "nome supporto", unique per day and pair  | first part of statementId                 |
// |        | 40-120    | filler                                    |                                           |
// | 61     | 4-10      | statement number in the flow, from 1      | second part of statementId                |
// |        | 11-28     | filler, ABI before a bank merger          |                                           |
// |        | 29-33     | reason "93001" (or "93011" when re-sent)  | (not read)                                |
// |        | 34-49     | account description                       | (not read)                                |
// |        | 50-51     | account type                              | (not read)                                |
// |        | 52        | CIN                                       | account (IBAN)                            |
// |        | 53-57     | ABI                                       | account                                   |
// |        | 58-62     | CAB                                       | account                                   |
// |        | 63-74     | account number                            | account                                   |
// |        | 75-77     | currency                                  | currency                                  |
// |        | 78-83     | booking date DDMMYY                       | openingDate                               |
// |        | 84        | sign C/D                                  |                                           |
// |        | 85-99     | opening balance "000000001234,56"         | openingCents                              |
// |        | 100-103   | IBAN country and check digits             | account (IBAN)                            |
// |        | 104-120   | filler                                    |                                           |
// | 62     | 4-10      | statement number (same as its 61)         |                                           |
// |        | 11-13     | movement number 001..999, then again 001  |                                           |
// |        | 14-19     | value date DDMMYY                         | valueDate (blank: none)                   |
// |        | 20-25     | booking date DDMMYY                       | bookingDate                               |
// |        | 26        | sign C/D                                  |                                           |
// |        | 27-41     | amount "000000001234,56"                  | amountCents                               |
// |        | 42-43     | CBI reason code (appendix B of CBI-STD-001)| (not read)                               |
// |        | 44-45     | the bank's own reason code                | (not read)                                |
// |        | 46-61     | cheque number                             | (not read)                                |
// |        | 62-77     | bank reference (CRO/CRI …)                | bankReference                             |
// |        | 78-86     | customer reference type                   | (not read)                                |
// |        | 87-120    | description                               | description, first part                   |
// | 63     | 4-10      | statement number, 11-13 movement number   | must match the 62 they follow             |
// |        | 14-120    | free text, or a structure named at 14-16: | description, further parts                |
// |        |           | YYY: 17-24 order date DDMMYYYY, 25-40     | 41-80 → counterparty                      |
// |        |           |   payer's tax code, 41-80 payer, 81-120   |                                           |
// |        |           |   payer's town                            |                                           |
// |        |           | RI1/RI2/ZZ2/ZZ3: text at 17-120           | description                               |
// |        |           | YY2/ZZ1/KKK/ID1/ID2: address and IBAN,    | (not read: not remittance text)           |
// |        |           |   foreign amounts, account and message ids|                                           |
// | 64     | 4-10      | statement number                          |                                           |
// |        | 11-13     | currency                                  | must equal the 61's                       |
// |        | 14-19     | booking date DDMMYY                       | closingDate                               |
// |        | 20        | sign C/D, 21-35 closing booked balance    | closingCents                              |
// |        | 36        | sign C/D, 37-51 closing available balance | (not read)                                |
// | EF     | 4-39      | as in RH                                  |                                           |
// |        | 46-52     | number of statements (61 … 64 groups)     | checked                                   |
// |        | 83-89     | number of records, RH and EF included     | checked                                   |
//
// Where it comes from: no public copy of CBI-RND-001 itself was found. The positions above agree across three public
// implementations found in the code index: AlexBream/CBI-NetToolkit (Cbi.NetStandard/Rendiconto/Header.cs and
// Footer.cs, which name "CBI-RND-001 v.6.05, 05-03-2013": RH and EF), a PHP importer (function CBI_ImportTXT) whose
// comments copy the standard's field table for RH, 61, 62 and the 63 structures YYY, YY2, ZZ1, ZZ2, ID1, RI1, RI2,
// and a Python CSV-to-CBI converter (classes Record61 … RecordEF) giving 61, 62, 64, 65 and EF widths; the index did
// not name the last two's repositories. Nothing was copied from them. Amounts are written with a decimal comma; the
// same 15 characters as digits only (2 implied decimals) are accepted too. Years are 2000-2099.
//
// Characters: the positions are byte positions, so the file is read as Latin-1 (one byte, one character); anything
// but printable ASCII/Latin-1 and line breaks is refused as 'encoding'.

import {
  type BankStatement,
  type BankStatementEntry,
  BankStatementError,
  maximumStatementEntries,
} from './bank-statement-model';

export const cbiRecordLength = 120;

/** 63 structures whose content is not remittance text (see the table). */
const structuredDetails = new Set(['YY2', 'ZZ1', 'KKK', 'ID1', 'ID2']);
/** 63 structures carrying remittance text after their flag. */
const textDetails = new Set(['RI1', 'RI2', 'ZZ2', 'ZZ3']);

/** The record's characters from..to, 1-based inclusive like the table. */
function slice(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

/** DDMMYY as YYYY-MM-DD, undefined when it is not a calendar date. */
function cbiDate(value: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = `20${match[3]}-${match[2]}-${match[1]}`;
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date) ? date : undefined;
}

/** "000000001234,56" (or the same as 15 digits with 2 implied decimals) with its sign C/D, in cents. */
function cbiAmount(sign: string, value: string): number | undefined {
  const match = /^(\d{12}),?(\d{2})$/.exec(value);
  if (!match || value.length !== 15 || (sign !== 'C' && sign !== 'D')) return undefined;
  const cents = Number(`${match[1]}${match[2]}`);
  return sign === 'D' && cents !== 0 ? -cents : cents;
}

type Record = { line: number; text: string };

/** The file's records with their line numbers: lines (CRLF or LF), or a file of 120-byte records with no breaks. */
function records(bytes: Uint8Array): Record[] {
  for (const byte of bytes)
    if (!((byte >= 0x20 && byte <= 0x7e) || byte >= 0xa0 || byte === 0x0a || byte === 0x0d))
      throw new BankStatementError({ kind: 'encoding' });
  const text = new TextDecoder('latin1').decode(bytes).replace(/^\u00ef\u00bb\u00bf/, '');
  const lines =
    !text.includes('\n') && !text.includes('\r') && text.length > cbiRecordLength
      ? (text.match(new RegExp(`.{1,${cbiRecordLength}}`, 'g')) ?? [])
      : text.split(/\r?\n/);
  return lines.flatMap((line, index) => {
    // Editors trim trailing blanks, so a short line is padded back; a blank line is not a record.
    const trimmed = line.replace(/ +$/, '');
    if (trimmed === '') return [];
    if (trimmed.length > cbiRecordLength || trimmed.includes('\r'))
      throw new BankStatementError({ kind: 'field', line: index + 1, field: 'recordLength' });
    return [{ line: index + 1, text: trimmed.padEnd(cbiRecordLength, ' ') }];
  });
}

type OpenStatement = {
  statement: BankStatement;
  number: string;
  entry?: { value: BankStatementEntry; number: string; texts: string[] };
};

/**
 * The statements of a CBI RH flow, not yet checked to add up (parseBankStatement does that). Each 61 … 64 group is
 * one statement, identified as "<nome supporto>/<statement number>"; its account is the Italian IBAN when the 61
 * gives its check digits, else ABI + CAB + account number.
 */
export function parseCbiMovements(bytes: Uint8Array): BankStatement[] {
  const all = records(bytes);
  const statements: BankStatement[] = [];
  let flowName: string | undefined; // between RH and EF
  let flowRecords = 0;
  let flowStatements = 0;
  let open: OpenStatement | undefined;
  let closed: OpenStatement | undefined; // after its 64, while 65s may follow
  let entries = 0;

  const finishEntry = () => {
    if (!open?.entry) return;
    open.entry.value.description = open.entry.texts.filter((part) => part !== '').join(' ');
    open.statement.entries.push(open.entry.value);
    open.entry = undefined;
  };

  for (const { line, text } of all) {
    const field = (name: string) => new BankStatementError({ kind: 'field', line, field: name });
    const type = slice(text, 1, 3);
    if (flowName === undefined && type !== ' RH') throw field(all[0]?.line === line ? 'recordType' : 'RH');
    flowRecords += 1;
    const number = slice(text, 4, 10);
    switch (type) {
      case ' RH': {
        if (flowName !== undefined) throw field('EF');
        flowName = slice(text, 20, 39).trim();
        flowRecords = 1;
        flowStatements = 0;
        closed = undefined;
        break;
      }
      case ' 61': {
        if (open) throw field('64');
        flowStatements += 1;
        if (!/^\d{7}$/.test(number) || Number(number) !== flowStatements) throw field('61.statementNumber');
        const identification = slice(text, 52, 74);
        if (!/^[0-9A-Z ]\d{10}[0-9A-Z]{12}$/.test(identification)) throw field('61.account');
        // With the IBAN's country and check digits (and the CIN) the account is the IBAN; older flows leave them out.
        const ibanPrefix = slice(text, 100, 103);
        let account = identification.slice(1);
        if (ibanPrefix.trim() !== '') {
          if (!/^[A-Z]{2}\d{2}$/.test(ibanPrefix) || identification.startsWith(' ')) throw field('61.iban');
          account = `${ibanPrefix}${identification}`;
        }
        const currency = slice(text, 75, 77);
        if (!/^[A-Z]{3}$/.test(currency)) throw field('61.currency');
        const openingDate = cbiDate(slice(text, 78, 83));
        if (!openingDate) throw field('61.date');
        const openingCents = cbiAmount(slice(text, 84, 84), slice(text, 85, 99));
        if (openingCents === undefined) throw field('61.openingBalance');
        open = {
          number,
          statement: {
            format: 'cbi',
            statementId: `${flowName}/${flowStatements}`,
            account,
            currency,
            openingDate,
            closingDate: openingDate,
            openingCents,
            closingCents: openingCents,
            entries: [],
          },
        };
        closed = undefined;
        break;
      }
      case ' 62': {
        if (!open) throw field('61');
        finishEntry();
        if (number !== open.number) throw field('62.statementNumber');
        entries += 1;
        if (entries > maximumStatementEntries) throw new BankStatementError({ kind: 'tooLarge' });
        const entryNumber = slice(text, 11, 13);
        if (!/^\d{3}$/.test(entryNumber)) throw field('62.entryNumber');
        const valueText = slice(text, 14, 19);
        const valueDate = valueText.trim() === '' ? null : cbiDate(valueText);
        if (valueDate === undefined) throw field('62.valueDate');
        const bookingDate = cbiDate(slice(text, 20, 25));
        if (!bookingDate) throw field('62.bookingDate');
        const amountCents = cbiAmount(slice(text, 26, 26), slice(text, 27, 41));
        if (amountCents === undefined) throw field('62.amount');
        open.entry = {
          number: entryNumber,
          texts: [slice(text, 87, 120).trim()],
          value: {
            line,
            bankReference: slice(text, 62, 77).trim() || null,
            bookingDate,
            valueDate,
            amountCents,
            description: '',
            counterparty: null,
          },
        };
        break;
      }
      case ' 63': {
        if (!open?.entry) throw field('62');
        if (number !== open.number) throw field('63.statementNumber');
        if (slice(text, 11, 13) !== open.entry.number) throw field('63.entryNumber');
        const flag = slice(text, 14, 16);
        if (flag === 'YYY') open.entry.value.counterparty = slice(text, 41, 80).trim() || null;
        else if (textDetails.has(flag)) open.entry.texts.push(slice(text, 17, 120).trim());
        else if (!structuredDetails.has(flag)) open.entry.texts.push(slice(text, 14, 120).trim());
        break;
      }
      case ' 64': {
        if (!open) throw field('61');
        finishEntry();
        if (number !== open.number) throw field('64.statementNumber');
        if (slice(text, 11, 13) !== open.statement.currency) throw field('64.currency');
        const closingDate = cbiDate(slice(text, 14, 19));
        if (!closingDate) throw field('64.date');
        const closingCents = cbiAmount(slice(text, 20, 20), slice(text, 21, 35));
        if (closingCents === undefined) throw field('64.closingBalance');
        open.statement.closingDate = closingDate;
        open.statement.closingCents = closingCents;
        statements.push(open.statement);
        closed = open;
        open = undefined;
        break;
      }
      case ' 65': {
        if (!closed) throw field(open ? '64' : '61');
        if (number !== closed.number) throw field('65.statementNumber');
        break;
      }
      case ' EF': {
        if (open) throw field('64');
        if (flowStatements === 0) throw field('61');
        if (Number(slice(text, 46, 52)) !== flowStatements || !/^\d{7}$/.test(slice(text, 46, 52)))
          throw field('EF.statementCount');
        if (Number(slice(text, 83, 89)) !== flowRecords || !/^\d{7}$/.test(slice(text, 83, 89)))
          throw field('EF.recordCount');
        flowName = undefined;
        closed = undefined;
        break;
      }
      default:
        throw field('recordType');
    }
  }
  if (flowName !== undefined) {
    // Cut short: say which record was expected after the last one.
    const line = (all.at(-1)?.line ?? 0) + 1;
    throw new BankStatementError({ kind: 'field', line, field: open ? '64' : 'EF' });
  }
  return statements;
}
