import { describe, expect, it } from 'vitest';
import { bankFailureText } from './bank-format';

const t = ((key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params ?? {})}`) as never;

describe('a bank upload’s refusal', () => {
  it('names the line and field of a malformed record', () => {
    expect(bankFailureText({ kind: 'field', line: 13, field: 'Amt' }, t)).toBe(
      'deposits:bank.failure.field {"line":13,"field":"Amt"}',
    );
  });

  it('gives the three sums of a statement that does not add up, as money', () => {
    const text = bankFailureText(
      { kind: 'unbalanced', statementId: 'EC/1', openingCents: 100_000, movementsCents: 2_550, closingCents: 102_551 },
      t,
    );
    expect(text).toContain('"statement":"EC/1"');
    expect(text).toMatch(/"movements":"[^"]*25,50/);
    expect(text).toMatch(/"closing":"[^"]*1\.025,51/);
  });

  it('words the other refusals by their kind', () => {
    expect(bankFailureText({ kind: 'doctype' }, t)).toBe('deposits:bank.failure.doctype {}');
  });
});
