import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankStatement,
  type BankStatementEntry,
  BankStatementError,
  type BankStatementProblem,
  parseBankStatement,
} from './bank-statement';
import { writeCamt053, writeCbiMovements } from './bank-statement.simulator';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

function problemOf(bytes: Uint8Array): BankStatementProblem | undefined {
  try {
    parseBankStatement(bytes);
    return undefined;
  } catch (error) {
    if (error instanceof BankStatementError) return error.problem;
    throw error;
  }
}

/** Entries without their line, which the writer decides. */
function withoutLines(statements: BankStatement[]) {
  return statements.map((statement) => ({
    ...statement,
    entries: statement.entries.map(({ line: _line, ...entry }) => entry),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Generated statements: what both formats can hold (normalised texts, Latin-1 words, CBI-sized fields).

const word = fc.stringMatching(/^[a-z0-9àèéìòùç.,:;&<>'"/-]{1,12}$/);
const text = (maxWords: number) => fc.array(word, { maxLength: maxWords }).map((words) => words.join(' '));
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const entry: fc.Arbitrary<BankStatementEntry> = fc.record({
  line: fc.constant(0),
  bankReference: fc.option(fc.stringMatching(/^[A-Z0-9]{1,16}$/), { nil: null }),
  bookingDate: isoDate,
  valueDate: fc.option(isoDate, { nil: null }),
  amountCents: fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
  description: text(30),
  counterparty: fc.option(
    fc
      .array(word, { minLength: 1, maxLength: 4 })
      .map((words) => words.join(' '))
      .filter((name) => name.length <= 40),
    { nil: null },
  ),
});
const account = fc.oneof(
  fc.stringMatching(/^IT\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/),
  fc.stringMatching(/^\d{10}[0-9A-Z]{12}$/),
);

function statements(format: BankStatement['format']): fc.Arbitrary<BankStatement[]> {
  const statement = fc.record({
    account,
    currency: fc.constantFrom('EUR', 'CHF', 'USD'),
    openingDate: isoDate,
    closingDate: isoDate,
    openingCents: fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
    entries: fc.array(entry, { maxLength: 8 }),
    id: fc.stringMatching(/^[A-Z0-9]{1,12}$/),
  });
  return fc
    .tuple(fc.stringMatching(/^[A-Z0-9]{1,18}$/), fc.array(statement, { minLength: 1, maxLength: 4 }))
    .map(([flowName, list]) =>
      list.map(({ id, ...rest }, index) => ({
        ...rest,
        format,
        statementId: format === 'cbi' ? `${flowName}/${index + 1}` : `${id}-${index}`,
        closingCents: rest.openingCents + rest.entries.reduce((sum, item) => sum + item.amountCents, 0),
      })),
    );
}

describe('round trip through the writers', () => {
  it('reads back every CAMT.053 file the writer makes, each entry at its <Ntry> line', () => {
    fc.assert(
      fc.property(statements('camt053'), (written) => {
        const xml = writeCamt053(written);
        const read = parseBankStatement(utf8(xml));
        expect(withoutLines(read)).toEqual(withoutLines(written));
        const lines = xml.split('\n');
        for (const item of read.flatMap((statement) => statement.entries))
          expect(lines[item.line - 1]?.trim()).toBe('<Ntry>');
        expect(writeCamt053(read)).toBe(xml);
      }),
      { numRuns: 150 },
    );
  });

  it('reads back every CBI flow the writer makes, each entry at its 62 record', () => {
    fc.assert(
      fc.property(statements('cbi'), (written) => {
        const flow = writeCbiMovements(written);
        const read = parseBankStatement(latin1(flow));
        expect(withoutLines(read)).toEqual(withoutLines(written));
        const lines = flow.split('\r\n');
        for (const line of lines.slice(0, -1)) expect(line).toHaveLength(120);
        for (const item of read.flatMap((statement) => statement.entries))
          expect(lines[item.line - 1]?.startsWith(' 62')).toBe(true);
        expect(writeCbiMovements(read)).toBe(flow);
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// CAMT.053

const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2025-03-01T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-1</Id>
      <Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2025-02-28</Dt></Dt>
      </Bal>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">80.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><DtTm>2025-03-01T23:59:59+01:00</DtTm></Dt>
      </Bal>
      <Ntry>
        <NtryRef>N-1</NtryRef>
        <Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2025-03-01</Dt></BookgDt>
        <NtryDtls><TxDtls>
          <RltdPties><Cdtr><Nm>Forniture Rossi &amp; C.</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Fattura 12/2025</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">999.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts>
        <BookgDt><Dt>2025-03-02</Dt></BookgDt>
      </Ntry>
      <!-- <Ntry> in a comment is not an entry -->
      <Ntry>
        <Amt Ccy="EUR">10.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2025-03-01</Dt></BookgDt><ValDt><Dt>2025-03-03</Dt></ValDt>
        <AcctSvcrRef>BANK-7</AcctSvcrRef>
        <AddtlNtryInf>Versamento contanti negozio</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
const lineOf = (document: string, needle: string, from = 0) =>
  document.slice(0, document.indexOf(needle, from)).split('\n').length;

describe('CAMT.053', () => {
  it('reads balances (PRCD as opening), booked entries only, texts, parties and references', () => {
    const [statement] = parseBankStatement(utf8(camt));
    expect(statement).toEqual({
      format: 'camt053',
      statementId: 'STMT-1',
      account: 'IT60X0542811101000000123456',
      currency: 'EUR',
      openingDate: '2025-02-28',
      closingDate: '2025-03-01',
      openingCents: 10_000,
      closingCents: 8_050,
      entries: [
        {
          line: lineOf(camt, '<Ntry>'),
          bankReference: 'N-1',
          bookingDate: '2025-03-01',
          valueDate: null,
          amountCents: -3_000,
          description: 'Fattura 12/2025',
          counterparty: 'Forniture Rossi & C.',
        },
        {
          line: lineOf(camt, '<Ntry>', camt.indexOf('-->')),
          bankReference: 'BANK-7',
          bookingDate: '2025-03-01',
          valueDate: '2025-03-03',
          amountCents: 1_050,
          description: 'Versamento contanti negozio',
          counterparty: null,
        },
      ],
    });
    expect(lineOf(camt, '<Ntry>')).toBe(16);
  });

  it('refuses a file that does not add up, with the figures, and returns nothing', () => {
    expect(problemOf(utf8(camt.replace('80.50', '80.51')))).toEqual({
      kind: 'unbalanced',
      statementId: 'STMT-1',
      openingCents: 10_000,
      movementsCents: -1_950,
      closingCents: 8_051,
    });
  });

  it('says where a truncated file breaks', () => {
    const cut = camt.slice(0, camt.indexOf('<AcctSvcrRef>'));
    expect(problemOf(utf8(cut))).toEqual({ kind: 'field', line: cut.trimEnd().split('\n').length, field: 'xml' });
    const mismatched = camt.replace('</BookgDt><ValDt>', '</BookgDate><ValDt>');
    expect(problemOf(utf8(mismatched))).toEqual({
      kind: 'field',
      line: lineOf(camt, '</BookgDt><ValDt>'),
      field: 'xml',
    });
  });

  it('names the element and the line of a malformed entry or balance', () => {
    const firstEntry = lineOf(camt, '<Ntry>');
    const secondEntry = lineOf(camt, '<Ntry>', camt.indexOf('-->'));
    const closingBalance = lineOf(camt, '<Bal>', camt.indexOf('PRCD'));
    const statement = lineOf(camt, '<Stmt>');
    const cases: [string, string, number, string][] = [
      ['<Amt Ccy="EUR">30.00</Amt>', '<Amt Ccy="EUR">30,00</Amt>', firstEntry, 'Ntry/Amt'],
      ['<Amt Ccy="EUR">30.00</Amt>', '<Amt Ccy="EUR">30.001</Amt>', firstEntry, 'Ntry/Amt'],
      ['<Amt Ccy="EUR">30.00</Amt>', '<Amt Ccy="USD">30.00</Amt>', firstEntry, 'Ntry/Amt/@Ccy'],
      ['<CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK', '<CdtDbtInd>DEBIT</CdtDbtInd><Sts>BOOK', firstEntry, 'Ntry/CdtDbtInd'],
      ['<BookgDt><Dt>2025-03-01</Dt></BookgDt>\n', '\n', firstEntry, 'Ntry/BookgDt'],
      ['<Dt>2025-03-03</Dt>', '<Dt>2025-02-30</Dt>', secondEntry, 'Ntry/ValDt'],
      ['<Sts>BOOK</Sts>', '', firstEntry, 'Ntry/Sts'],
      ['<Amt Ccy="EUR">80.50</Amt>', '<Amt Ccy="CHF">80.50</Amt>', closingBalance, 'Bal/Amt/@Ccy'],
      ['<Amt Ccy="EUR">80.50</Amt>', '<Amt Ccy="EUR">-80.50</Amt>', closingBalance, 'Bal/Amt'],
      ['<Cd>CLBD</Cd>', '<Cd>CLAV</Cd>', statement, 'Bal/CLBD'],
      ['<Id>STMT-1</Id>', '', statement, 'Stmt/Id'],
    ];
    expect([firstEntry, secondEntry, closingBalance, statement]).toEqual([16, 30, 12, 5]);
    for (const [from, to, line, field] of cases)
      expect(problemOf(utf8(camt.replace(from, to))), field).toEqual({ kind: 'field', line, field });
  });

  it('refuses DOCTYPE and entity declarations before parsing: billion laughs, an external entity', () => {
    const laughs =
      '<!DOCTYPE Document [<!ENTITY a "haha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    expect(problemOf(utf8(camt.replace('?>', `?>${laughs}`).replace('STMT-1', '&c;')))).toEqual({ kind: 'doctype' });
    const external = '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    expect(problemOf(utf8(camt.replace('?>', `?>${external}`).replace('STMT-1', '&x;')))).toEqual({ kind: 'doctype' });
  });

  it('refuses what is not UTF-8: invalid bytes, UTF-16 with or without byte order mark, control characters', () => {
    const invalid = utf8(camt.replace('Fattura', 'Fattura X'));
    invalid[camt.indexOf('Fattura') + 8] = 0xff;
    expect(problemOf(invalid)).toEqual({ kind: 'encoding' });
    expect(problemOf(new Uint8Array(Buffer.from(`\ufeff${camt}`, 'utf16le')))).toEqual({ kind: 'encoding' });
    expect(problemOf(new Uint8Array(Buffer.from(camt, 'utf16le')))).toEqual({ kind: 'encoding' });
    expect(problemOf(utf8(camt.replace('Fattura', 'Fattura\u0000')))).toEqual({ kind: 'encoding' });
    expect(problemOf(utf8(camt.replace('Fattura', 'Fattura\u000c')))).toEqual({ kind: 'encoding' });
    // A UTF-8 byte order mark is fine.
    expect(parseBankStatement(utf8(`\ufeff${camt}`))).toHaveLength(1);
  });

  it('refuses more than 100,000 entries before parsing them', () => {
    const many = camt.replace('<!-- <Ntry> in a comment is not an entry -->', '<Ntry/>'.repeat(100_000));
    expect(problemOf(utf8(many))).toEqual({ kind: 'tooLarge' });
  });

  it('does not take other XML for a statement', () => {
    expect(problemOf(utf8('<?xml version="1.0"?><Document><BkToCstmrDbtCdtNtfctn/></Document>'))).toEqual({
      kind: 'unreadable',
    });
    expect(problemOf(utf8('<html><body>Home banking</body>'))).toEqual({ kind: 'unreadable' });
    expect(problemOf(utf8('<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>'))).toEqual({
      kind: 'field',
      line: 1,
      field: 'Stmt',
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// CBI RH, hand-built from the layout table in cbi.ts (not with the writer): each record is its fields at their
// 1-based positions, the rest blank.

function record(fields: Record<number, string>): string {
  const characters = Array.from({ length: 120 }, () => ' ');
  for (const [position, value] of Object.entries(fields))
    for (const [offset, character] of [...value].entries()) characters[Number(position) - 1 + offset] = character;
  return characters.join('');
}

const cbiRecords = [
  record({ 2: 'RH', 4: '05428', 9: 'AB123', 14: '040325', 20: 'RND20250304' }),
  record({
    2: '61',
    4: '0000001',
    29: '93001',
    34: 'CONTO NEGOZIO',
    52: 'X',
    53: '05428',
    58: '11101',
    63: '000000123456',
    75: 'EUR',
    78: '030325',
    84: 'C',
    85: '000000012345,67',
    100: 'IT60',
  }),
  record({
    2: '62',
    4: '0000001',
    11: '001',
    14: '040325',
    20: '030325',
    26: 'C',
    27: '000000000250,00',
    42: '48',
    62: '1101250630001234',
    87: 'BONIFICO A VOSTRO FAVORE',
  }),
  record({
    2: '63',
    4: '0000001',
    11: '001',
    14: 'YYY',
    17: '01032025',
    25: 'RSSMRA80A01H501U',
    41: 'Caffè Università srl',
    81: 'Perugia',
  }),
  record({ 2: '63', 4: '0000001', 11: '001', 14: 'RI1', 17: 'Saldo fattura n. 7 del 28/02/2025' }),
  record({ 2: '63', 4: '0000001', 11: '001', 14: 'ID1', 17: 'MSG-ID-1', 52: 'END-TO-END-1' }),
  record({
    2: '62',
    4: '0000001',
    11: '002',
    20: '030325',
    26: 'D',
    27: '000000000012,30',
    42: '26',
    87: 'COMMISSIONI',
  }),
  record({ 2: '63', 4: '0000001', 11: '002', 14: 'tenuta conto marzo' }),
  record({
    2: '64',
    4: '0000001',
    11: 'EUR',
    14: '030325',
    20: 'C',
    21: '000000012583,37',
    36: 'C',
    37: '000000012583,37',
  }),
  record({ 2: '65', 4: '0000001', 11: '050325', 17: 'C000000012583,37' }),
  record({ 2: 'EF', 4: '05428', 9: 'AB123', 14: '040325', 20: 'RND20250304', 46: '0000001', 83: '0000011' }),
];
const cbi = `${cbiRecords.join('\r\n')}\r\n`;
const cbiStatement: BankStatement = {
  format: 'cbi',
  statementId: 'RND20250304/1',
  account: 'IT60X0542811101000000123456',
  currency: 'EUR',
  openingDate: '2025-03-03',
  closingDate: '2025-03-03',
  openingCents: 1_234_567,
  closingCents: 1_258_337,
  entries: [
    {
      line: 3,
      bankReference: '1101250630001234',
      bookingDate: '2025-03-03',
      valueDate: '2025-03-04',
      amountCents: 25_000,
      description: 'BONIFICO A VOSTRO FAVORE Saldo fattura n. 7 del 28/02/2025',
      counterparty: 'Caffè Università srl',
    },
    {
      line: 7,
      bankReference: null,
      bookingDate: '2025-03-03',
      valueDate: null,
      amountCents: -1_230,
      description: 'COMMISSIONI tenuta conto marzo',
      counterparty: null,
    },
  ],
};
/** The fixture with record `index` (0-based) replaced. */
const cbiWith = (index: number, replacement: string) =>
  cbiRecords.map((line, at) => (at === index ? replacement : line)).join('\r\n');

describe('CBI RH flow', () => {
  it('reads the hand-built fixture', () => {
    expect(cbiRecords.every((line) => line.length === 120)).toBe(true);
    expect(parseBankStatement(latin1(cbi))).toEqual([cbiStatement]);
  });

  it('reads LF line ends, trailing blanks trimmed by an editor, and records with no line breaks at all', () => {
    expect(parseBankStatement(latin1(cbiRecords.map((line) => line.trimEnd()).join('\n')))).toEqual([cbiStatement]);
    expect(parseBankStatement(latin1(cbiRecords.join('')))).toEqual([cbiStatement]);
  });

  it('names the record and the line of a malformed field', () => {
    /** Record `index` of the fixture with `value` written at `position`. */
    const overwrite = (index: number, position: number, value: string) => {
      const line = cbiRecords[index] ?? '';
      return cbiWith(index, `${line.slice(0, position - 1)}${value}${line.slice(position - 1 + value.length)}`);
    };
    const cases: [string, number, string][] = [
      [overwrite(1, 4, '0000002'), 2, '61.statementNumber'],
      [overwrite(1, 63, '0000-0123456'), 2, '61.account'],
      [overwrite(1, 100, 'I600'), 2, '61.iban'],
      [overwrite(1, 75, 'E1R'), 2, '61.currency'],
      [overwrite(1, 78, '320325'), 2, '61.date'],
      [overwrite(1, 84, ' '), 2, '61.openingBalance'],
      [overwrite(2, 4, '0000002'), 3, '62.statementNumber'],
      [overwrite(2, 14, '04x325'), 3, '62.valueDate'],
      [overwrite(2, 20, '290225'), 3, '62.bookingDate'],
      [overwrite(2, 26, 'X'), 3, '62.amount'],
      [overwrite(2, 27, '0000000002500,0'), 3, '62.amount'],
      [overwrite(2, 27, '0000000002x0,00'), 3, '62.amount'],
      [overwrite(7, 11, '003'), 8, '63.entryNumber'],
      [overwrite(8, 11, 'CHF'), 9, '64.currency'],
      [overwrite(8, 21, '-00000012583,37'), 9, '64.closingBalance'],
      [overwrite(3, 2, '99'), 4, 'recordType'],
      [cbiWith(4, `${cbiRecords[4]}X`), 5, 'recordLength'],
      [cbiWith(2, cbiRecords[3] ?? ''), 3, '62'],
      [cbiWith(1, cbiRecords[2] ?? ''), 2, '61'],
    ];
    for (const [file, line, field] of cases)
      expect(problemOf(latin1(file)), field).toEqual({ kind: 'field', line, field });
  });

  it('refuses a wrong EF record or statement count', () => {
    expect(problemOf(latin1(cbiWith(10, cbiRecords[10]?.replace('0000011', '0000010') ?? '')))).toEqual({
      kind: 'field',
      line: 11,
      field: 'EF.recordCount',
    });
    expect(problemOf(latin1(cbiWith(10, cbiRecords[10]?.replace('0000001', '0000002') ?? '')))).toEqual({
      kind: 'field',
      line: 11,
      field: 'EF.statementCount',
    });
  });

  it('says which record is missing in a truncated flow', () => {
    expect(problemOf(latin1(cbiRecords.slice(0, 8).join('\r\n')))).toEqual({ kind: 'field', line: 9, field: '64' });
    expect(problemOf(latin1(cbiRecords.slice(0, 10).join('\r\n')))).toEqual({ kind: 'field', line: 11, field: 'EF' });
    // Cut inside a record: the cut field is the malformed one.
    expect(problemOf(latin1(cbiRecords.slice(0, 3).join('\r\n').slice(0, -90)))).toEqual({
      kind: 'field',
      line: 3,
      field: '62.amount',
    });
  });

  it('refuses a flow that does not add up, with the figures', () => {
    const closing = cbiRecords[8]?.replace('C000000012583,37C', 'C000000012583,38C') ?? '';
    expect(problemOf(latin1(cbiWith(8, closing)))).toEqual({
      kind: 'unbalanced',
      statementId: 'RND20250304/1',
      openingCents: 1_234_567,
      movementsCents: 23_770,
      closingCents: 1_258_338,
    });
  });

  it('refuses NUL bytes and characters outside printable Latin-1', () => {
    expect(problemOf(latin1(cbi.replace('COMMISSIONI', 'COMMISSION\u0000')))).toEqual({ kind: 'encoding' });
    expect(problemOf(latin1(cbi.replace('COMMISSIONI', 'COMMISSION\u0085')))).toEqual({ kind: 'encoding' });
    expect(problemOf(latin1(cbi.replace('COMMISSIONI', 'COMMISSION\t')))).toEqual({ kind: 'encoding' });
  });

  it('refuses more than 100,000 movements', () => {
    const movement = cbiRecords[6] ?? '';
    const many = [...cbiRecords.slice(0, 2), ...Array.from({ length: 100_001 }, () => movement)].join('\r\n');
    expect(problemOf(latin1(many))).toEqual({ kind: 'tooLarge' });
  });

  it('does not take another CBI flow (EC, IM …) for a statement', () => {
    expect(problemOf(latin1(cbi.replace(' RH', ' EC')))).toEqual({ kind: 'unreadable' });
  });
});

describe('any file', () => {
  it('refuses more than 20 MiB before reading it', () => {
    // Mostly NUL bytes, which reading would refuse as 'encoding': the size is checked first.
    const huge = new Uint8Array(21 * 1024 * 1024);
    huge.set(latin1(cbi));
    expect(problemOf(huge)).toEqual({ kind: 'tooLarge' });
  });

  it('refuses what is neither format', () => {
    expect(problemOf(new Uint8Array())).toEqual({ kind: 'unreadable' });
    expect(problemOf(utf8('Data;Importo;Descrizione\n01/03/2025;10,00;Bonifico\n'))).toEqual({ kind: 'unreadable' });
    expect(problemOf(utf8('%PDF-1.7'))).toEqual({ kind: 'unreadable' });
  });
});
