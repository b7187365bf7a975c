import { formatMoney } from '@bottega/contracts/money';
import { describe, expect, it } from 'vitest';
import { parseMoney } from './parse-money';

describe('parseMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['12.50', 1250],
    ['12.5', 1250],
    ['0,01', 1],
    [',5', 50],
    ['€ 1.234.567,89', 123456789],
    ['1.234', 123400],
    ['-3', -300],
    ['-0,10', -10],
    ['0', 0],
    [' 42 ', 4200],
    ['19,99', 1999],
    ['0,29', 29],
    ['1.005,57', 100557],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it('answers null for an empty text', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('  € ')).toBeNull();
  });

  it.each(['abc', '1,234', '12,5,0', '1.23.4', '1..2', '--1', '-', '1e3', '12.345,6x'])('refuses %s', (text) => {
    expect(parseMoney(text)).toBeNaN();
  });

  it('reads back what formatMoney shows, to the cent', () => {
    for (const cents of [0, 1, 29, 1999, 100557, 123456789, -4550]) {
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    }
  });
});
