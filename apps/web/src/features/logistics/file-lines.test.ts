import { describe, expect, it } from 'vitest';
import { centsAsTyped, emptyLine, linesOfDrafts, parsePastedRows, quantityOf } from './file-lines';

describe('pasted rows', () => {
  it('reads code and quantity when two cells are pasted, skipping blank rows', () => {
    const { lines, errors } = parsePastedRows('ABC-1\t3\r\n\r\nXYZ\t12\n');
    expect(errors).toEqual([]);
    expect(lines.map((line) => [line.productCode, line.quantity])).toEqual([
      ['ABC-1', '3'],
      ['XYZ', '12'],
    ]);
  });

  it('reads code, description, quantity, price and lot in that order without a header', () => {
    const { lines } = parsePastedRows('P1\tMaglia blu\t2\t12,50\tL7');
    expect(lines[0]).toMatchObject({
      productCode: 'P1',
      description: 'Maglia blu',
      quantity: '2',
      price: '12,50',
      lot: 'L7',
    });
  });

  it('follows a header row naming the columns in any order, Italian or English', () => {
    const { lines, errors } = parsePastedRows('Qta\tLotto\tCodice\n5\tA1\tP9\n1.200\t\tP10');
    expect(errors).toEqual([]);
    expect(lines.map((line) => [line.productCode, line.quantity, line.lot])).toEqual([
      ['P9', '5', 'A1'],
      ['P10', '1200', ''],
    ]);
  });

  it('reports every bad row with its number and keeps the good ones', () => {
    const { lines, errors } = parsePastedRows('P1\t2\n\t4\nP3\tdue\nP4\t0\nP5\tDesc\t1\t-3');
    expect(lines.map((line) => line.productCode)).toEqual(['P1']);
    expect(errors).toEqual([
      { row: 2, column: 'productCode', rule: 'required', value: '' },
      { row: 3, column: 'quantity', rule: 'integer', value: 'due' },
      { row: 4, column: 'quantity', rule: 'min', value: '0' },
      { row: 5, column: 'unitPrice', rule: 'invalid', value: '-3' },
    ]);
  });
});

describe('typed lines', () => {
  it('turns drafts into the body, leaving blank rows out and naming the bad cells', () => {
    const good = { ...emptyLine(), productCode: ' P1 ', quantity: '3', price: '1.234,5' };
    const bad = { ...emptyLine(), productCode: '', quantity: '2,5' };
    const { lines, errors } = linesOfDrafts([good, emptyLine(), bad]);
    expect(lines).toEqual([{ productCode: 'P1', description: '', quantity: 3, unitPriceCents: 123450, lot: '' }]);
    expect(errors).toEqual({ 'lines.2.productCode': 'required', 'lines.2.quantity': 'integer' });
  });

  it('bounds quantities and shows cents as typed', () => {
    expect(quantityOf('1000001')).toBe('max');
    expect(quantityOf(' 7 ')).toBe(7);
    expect(centsAsTyped(1205)).toBe('12,05');
    expect(centsAsTyped(null)).toBe('');
  });
});
