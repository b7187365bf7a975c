import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PosSettlementError,
  type PosSettlementProblem,
  type PosSettlementRow,
  parsePosSettlement,
  posSettlementMaximumBytes,
  posSettlementMaximumRows,
} from './pos-settlement';
import { writePosSettlement } from './pos-settlement.simulator';

const encode = (text: string) => new TextEncoder().encode(text);

function problemOf(input: string | Uint8Array): PosSettlementProblem | null {
  try {
    parsePosSettlement(typeof input === 'string' ? encode(input) : input);
  } catch (error) {
    if (error instanceof PosSettlementError) return error.problem;
    throw error;
  }
  return null;
}

const italianHeader = 'Data;Codice esercente;Terminale;Tipo carta;Importo;Stato;Codice autorizzazione';
const englishHeader = 'date,merchant code,terminal,card type,amount,state,authorisation code';

const sale: Omit<PosSettlementRow, 'line'> = {
  date: '2026-03-14',
  merchantCode: '0012345678',
  terminal: 'T-MI01-1',
  cardType: 'VISA',
  amountCents: 123_456,
  state: 'accepted',
  authorisationCode: 'A1B2C3',
};

describe('parsePosSettlement', () => {
  it('reads the Italian export: `;`, decimal comma, DD/MM/YYYY, CRLF and a BOM', () => {
    const file = `\uFEFF${italianHeader}\r\n14/03/2026;0012345678;T-MI01-1;VISA;1234,56;ESEGUITA;A1B2C3\r\n15/03/2026;0012345678;T-MI01-1;Bancomat;-12,5;Stornata;A1B2C4\r\n`;
    expect(parsePosSettlement(encode(file))).toEqual([
      { line: 2, ...sale },
      {
        line: 3,
        date: '2026-03-15',
        merchantCode: '0012345678',
        terminal: 'T-MI01-1',
        cardType: 'Bancomat',
        amountCents: -1_250,
        state: 'reversed',
        authorisationCode: 'A1B2C4',
      },
    ]);
  });

  it('reads the English export: `,`, decimal point, YYYY-MM-DD, upper-case headers in another order', () => {
    const file = `STATE,Amount,Date,Terminal,Card Type,Merchant_Code,Authorization Code,Extra\napproved,1234.56,2026-03-14,T-MI01-1,VISA,0012345678,A1B2C3,ignored\ndeclined,10,2026-03-14,T-MI01-1,VISA,0012345678,,\n`;
    expect(parsePosSettlement(encode(file))).toEqual([
      { line: 2, ...sale },
      { line: 3, ...sale, amountCents: 1_000, state: 'refused', authorisationCode: '' },
    ]);
  });

  it('reads thousands separators in either style, and a quoted decimal comma in a `,` file', () => {
    const italian = `${italianHeader}\n14/03/2026;0012345678;T-MI01-1;VISA;1.234,56;ok;A1B2C3\n`;
    const english = `${englishHeader}\n2026-03-14,0012345678,T-MI01-1,VISA,"1,234.56",ok,A1B2C3\n2026-03-14,0012345678,T-MI01-1,VISA,"1234,56",ok,A1B2C3\n`;
    expect(parsePosSettlement(encode(italian)).map((row) => row.amountCents)).toEqual([123_456]);
    expect(parsePosSettlement(encode(english)).map((row) => row.amountCents)).toEqual([123_456, 123_456]);
  });

  it('maps the state words of both languages', () => {
    const words = [
      'eseguita',
      'OK',
      'Approved',
      'accepted',
      'rifiutata',
      'declined',
      'refused',
      'stornata',
      'annullata',
      'reversed',
      'cancelled',
    ];
    const file = `${englishHeader}\n${words.map((word) => `2026-03-14,1,T1,VISA,1.00,${word},X`).join('\n')}`;
    expect(parsePosSettlement(encode(file)).map((row) => row.state)).toEqual([
      ...Array(4).fill('accepted'),
      ...Array(3).fill('refused'),
      ...Array(4).fill('reversed'),
    ]);
  });

  it('skips blank lines and rows of empty cells, and names lines as the file numbers them', () => {
    const file = `${italianHeader}\n\n;;;;;;\n14/03/2026;0012345678;"T-MI01-1";VISA;1234,56;eseguita;A1B2C3\n`;
    expect(parsePosSettlement(encode(file))).toEqual([{ line: 4, ...sale }]);
  });

  it('reads a file with a header and no rows as no rows', () => {
    expect(parsePosSettlement(encode(`${italianHeader}\n`))).toEqual([]);
  });

  it('names the missing columns of the header', () => {
    expect(problemOf('Data;Terminale;Importo;Stato\n14/03/2026;T1;1,00;ok\n')).toEqual({
      kind: 'header',
      missing: ['merchantCode', 'cardType', 'authorisationCode'],
    });
    expect(problemOf('just some text\n')).toEqual({
      kind: 'header',
      missing: ['date', 'merchantCode', 'terminal', 'cardType', 'amountCents', 'state', 'authorisationCode'],
    });
  });

  const badCells: [string, string, string][] = [
    ['date', '31/02/2026', 'date'],
    ['date', '2026-3-14', 'date'],
    ['date', '', 'date'],
    ['merchant code', '', 'merchantCode'],
    ['merchant code', 'x'.repeat(101), 'merchantCode'],
    ['terminal', '', 'terminal'],
    ['card type', '', 'cardType'],
    ['amount', '1.234', 'amountCents'],
    ['amount', '12,345', 'amountCents'],
    ['amount', '€ 12,00', 'amountCents'],
    ['amount', '', 'amountCents'],
    ['state', 'pending', 'state'],
    ['state', 'constructor', 'state'],
    ['authorisation code', 'x'.repeat(101), 'authorisationCode'],
    ['authorisation code', 'A\tB', 'authorisationCode'],
  ];
  for (const [column, value, field] of badCells) {
    it(`refuses the whole file at the first bad ${field}: ${JSON.stringify(value.slice(0, 12))}`, () => {
      const columns = englishHeader.split(',');
      const good = ['2026-03-14', '1', 'T1', 'VISA', '1.00', 'ok', 'X'];
      const bad = good.map((cell, index) => (columns[index] === column ? `"${value}"` : cell));
      const file = [englishHeader, good.join(','), good.join(','), bad.join(','), bad.join(',')].join('\n');
      expect(problemOf(file)).toEqual({ kind: 'field', line: 4, field });
    });
  }

  it('accepts a text of exactly 100 characters, counted as characters and not bytes', () => {
    const file = `${englishHeader}\n2026-03-14,${'è'.repeat(100)},T1,VISA,1.00,ok,X\n`;
    expect(parsePosSettlement(encode(file))[0]?.merchantCode).toBe('è'.repeat(100));
  });

  it('refuses a row with too few cells at its line', () => {
    expect(problemOf(`${englishHeader}\n2026-03-14,1,T1,VISA,1.00,ok,X\n2026-03-14,1,T1\n`)).toEqual({
      kind: 'field',
      line: 3,
      field: 'cardType',
    });
  });

  it('names the line a row starts on when an earlier value spans lines', () => {
    const file = `${englishHeader}\n2026-03-14,1,T1,VISA,1.00,ok,"X\nY"\n2026-03-14,1,T1,VISA,1.00,maybe,X\n`;
    expect(problemOf(file)).toEqual({ kind: 'field', line: 2, field: 'authorisationCode' });
    const fine = `${englishHeader}\n2026-03-14,"1",T1,VISA,1.00,ok,X\n2026-03-14,1,T1,VISA,1.00,maybe,X\n`;
    expect(problemOf(fine)).toEqual({ kind: 'field', line: 3, field: 'state' });
  });

  describe('hostile input', () => {
    it('refuses invalid UTF-8, a UTF-16 file and NUL bytes', () => {
      expect(problemOf(new Uint8Array([...encode(`${englishHeader}\n2026-03-14,`), 0xff, 0xfe]))).toEqual({
        kind: 'encoding',
      });
      const utf16 = new Uint8Array([0xff, 0xfe, ...[...englishHeader].flatMap((char) => [char.charCodeAt(0), 0])]);
      expect(problemOf(utf16)).toEqual({ kind: 'encoding' });
      expect(problemOf(`${englishHeader}\n2026-03-14,1,T1,VI\u0000SA,1.00,ok,X\n`)).toEqual({ kind: 'encoding' });
    });

    it('refuses a file over 20 MiB before reading it', () => {
      expect(problemOf(new Uint8Array(posSettlementMaximumBytes + 1))).toEqual({ kind: 'tooLarge' });
    });

    it(`refuses more than ${posSettlementMaximumRows} rows, and reads exactly that many`, () => {
      const row = '2026-03-14,1,T1,VISA,1.00,ok,X\n';
      expect(problemOf(`${englishHeader}\n${row.repeat(posSettlementMaximumRows + 1)}`)).toEqual({ kind: 'tooLarge' });
      expect(parsePosSettlement(encode(`${englishHeader}\n${row.repeat(posSettlementMaximumRows)}`))).toHaveLength(
        posSettlementMaximumRows,
      );
    }, 60_000);

    it('refuses broken quoting, an empty file and a binary one', () => {
      expect(problemOf(`${englishHeader}\n2026-03-14,"1,T1,VISA,1.00,ok,X\n`)).toEqual({ kind: 'unreadable' });
      expect(problemOf(`${englishHeader}\n2026-03-14,"1"x,T1,VISA,1.00,ok,X\n`)).toEqual({ kind: 'unreadable' });
      expect(problemOf('')).toEqual({ kind: 'unreadable' });
      expect(problemOf('\uFEFF')).toEqual({ kind: 'unreadable' });
      expect(problemOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toEqual({ kind: 'encoding' });
    });

    it('reads formula-looking text as text', () => {
      const file = `${englishHeader}\n2026-03-14,=HYPERLINK(1),+T1,@VISA,1.00,ok,-X\n`;
      expect(parsePosSettlement(encode(file))[0]).toMatchObject({
        merchantCode: '=HYPERLINK(1)',
        terminal: '+T1',
        cardType: '@VISA',
        authorisationCode: '-X',
      });
    });
  });
});

describe('writePosSettlement', () => {
  it('writes the portal format', () => {
    expect(writePosSettlement([{ ...sale, cardType: 'VISA; Debit', amountCents: -5 }])).toBe(
      `${italianHeader}\r\n14/03/2026;0012345678;T-MI01-1;"VISA; Debit";-0,05;ESEGUITA;A1B2C3\r\n`,
    );
  });

  it('is read back by parsePosSettlement, row for row', () => {
    // One-line text as the reader gives it back (trimmed, no control characters), with the CSV's own characters
    // (quotes, both delimiters, decimal comma) often enough to matter; required fields have a value.
    const text = (minLength: number) =>
      fc
        .oneof(
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.string({ unit: fc.constantFrom('"', ';', ',', ' ', 'a', '1', 'è', '='), maxLength: 40 }),
        )
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the generator leaves control characters out
        .map((value) => value.replace(/[\u0000-\u001f\u007f]|(?! )\s/g, 'x').trim())
        .filter((value) => value.length >= minLength);
    const date = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((value) => value.toISOString().slice(0, 10));
    const row = fc.record({
      date,
      merchantCode: text(1),
      terminal: text(1),
      cardType: text(1),
      amountCents: fc.integer({ min: -100_000_000, max: 100_000_000 }),
      state: fc.constantFrom('accepted' as const, 'refused' as const, 'reversed' as const),
      authorisationCode: text(0),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const read = parsePosSettlement(encode(writePosSettlement(rows)));
        expect(read).toEqual(rows.map((written, index) => ({ line: index + 2, ...written })));
      }),
    );
  });
});
