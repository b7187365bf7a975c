// The receipts export's cells and bytes, as Italian Excel must read them: semicolons, decimal commas, DD/MM/YYYY,
// a UTF-8 byte order mark, and text from registers that can never become a formula.
import type { StoredReceipt } from '@bottega/contracts/sales';
import { describe, expect, it } from 'vitest';
import {
  decimalComma,
  receiptExportRows,
  receiptsCsvHeading,
  receiptsCsvRows,
  spreadsheetText,
  vatPercent,
  wallTime,
} from './sales-export.csv';

const receipt: StoredReceipt = {
  id: 1,
  registerCode: 'R1',
  businessDate: '2026-03-10',
  issuedAt: '2026-03-10T09:15:30Z',
  receiptNumber: 42,
  sequenceNumber: 1042,
  type: 'sale',
  employeeId: 7,
  employeeName: 'Giulia Rossi',
  loyaltyCard: null,
  orderNumber: null,
  totalCents: 123_450,
  discountCents: 0,
  pieces: 3,
  lines: [
    {
      productCode: 'P1',
      description: 'Borsa "Città"; pelle',
      quantity: 2,
      unitPriceCents: 60_000,
      discountCents: 0,
      priceList: '',
      subtotalCents: 120_000,
      vatRate: 2200,
    },
    {
      productCode: 'P2',
      description: 'Libro',
      quantity: 1,
      unitPriceCents: 3450,
      discountCents: 0,
      priceList: '',
      subtotalCents: 3450,
      vatRate: 400,
    },
  ],
  payments: [
    { method: 'cash', amountCents: 23_450 },
    { method: 'creditCard', amountCents: 100_000 },
  ],
};

describe('the cells', () => {
  it('write euros with a decimal comma, no thousands separator and the sign first', () => {
    expect(decimalComma(123_450)).toBe('1234,50');
    expect(decimalComma(5)).toBe('0,05');
    expect(decimalComma(0)).toBe('0,00');
    expect(decimalComma(-1250)).toBe('-12,50');
  });

  it('write VAT rates as percentages', () => {
    expect(vatPercent(2200)).toBe('22');
    expect(vatPercent(550)).toBe('5,5');
    expect(vatPercent(0)).toBe('0');
  });

  it('keep register text from becoming a formula', () => {
    expect(spreadsheetText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(spreadsheetText('+39')).toBe("'+39");
    expect(spreadsheetText('-5')).toBe("'-5");
    expect(spreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetText('Borsa')).toBe('Borsa');
    expect(spreadsheetText(null)).toBe('');
  });

  it('give the time on the Rome wall clock', () => {
    expect(wallTime('2026-03-10T09:15:30Z')).toBe('10:15:30');
    expect(wallTime('2026-07-10T09:15:30Z')).toBe('11:15:30');
  });
});

describe('a receipt', () => {
  it('is a row per line, with the receipt, the product and how it was paid', () => {
    expect(receiptExportRows(receipt, 'it')).toEqual([
      [
        '10/03/2026',
        '10:15:30',
        'R1',
        '42',
        'Vendita',
        'Giulia Rossi',
        'P1',
        'Borsa "Città"; pelle',
        '2',
        '600,00',
        '1200,00',
        '22',
        'Contanti 234,50 + Carta di credito 1000,00',
      ],
      [
        '10/03/2026',
        '10:15:30',
        'R1',
        '42',
        'Vendita',
        'Giulia Rossi',
        'P2',
        'Libro',
        '1',
        '34,50',
        '34,50',
        '4',
        'Contanti 234,50 + Carta di credito 1000,00',
      ],
    ]);
  });

  it("is written in the requester's language, returns with their minus sign", () => {
    const returned: StoredReceipt = {
      ...receipt,
      type: 'return',
      employeeName: null,
      lines: [{ ...(receipt.lines[1] as StoredReceipt['lines'][number]), quantity: -1, subtotalCents: -3450 }],
      payments: [{ method: 'cash', amountCents: -3450 }],
    };
    const [row] = receiptExportRows(returned, 'en');
    expect(row?.slice(4, 6)).toEqual(['Return', '']);
    expect(row?.slice(8)).toEqual(['-1', '34,50', '-34,50', '4', 'Cash -34,50']);
  });

  it('without lines is still one row, its product cells empty', () => {
    const rows = receiptExportRows({ ...receipt, type: 'cancelled', lines: [], payments: [] }, 'it');
    expect(rows).toEqual([
      ['10/03/2026', '10:15:30', 'R1', '42', 'Annullo', 'Giulia Rossi', '', '', '', '', '', '', ''],
    ]);
  });
});

describe('the file', () => {
  it('opens with the UTF-8 byte order mark and semicolon-separated headings', () => {
    const bytes = receiptsCsvHeading('it');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(bytes.subarray(3)).toString('utf8')).toBe(
      'Data;Ora;Cassa;Numero scontrino;Tipo;Dipendente;Codice articolo;Descrizione;Quantità;Prezzo unitario;' +
        'Subtotale;Aliquota IVA %;Pagamenti\r\n',
    );
  });

  it('quotes a cell holding a semicolon or a quote, and adds no second byte order mark', () => {
    const text = Buffer.from(receiptsCsvRows(receiptExportRows(receipt, 'it'))).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(false);
    expect(text.split('\r\n')).toEqual([
      '10/03/2026;10:15:30;R1;42;Vendita;Giulia Rossi;P1;"Borsa ""Città""; pelle";2;600,00;1200,00;22;Contanti 234,50 + Carta di credito 1000,00',
      '10/03/2026;10:15:30;R1;42;Vendita;Giulia Rossi;P2;Libro;1;34,50;34,50;4;Contanti 234,50 + Carta di credito 1000,00',
      '',
    ]);
  });
});
