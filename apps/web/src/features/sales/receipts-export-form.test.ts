import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { initialExportRange, validateExportRange } from './receipts-export-form';

/** The key and its values, so the test reads which rule was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('the receipts export range', () => {
  it('starts with this month so far', () => {
    expect(initialExportRange('2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(initialExportRange('2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('passes a range of up to 93 days ending today at the latest', () => {
    expect(validateExportRange({ from: '2026-08-25', to: '2026-11-25' }, '2026-11-25', t)).toEqual({});
    expect(validateExportRange({ from: '2026-03-10', to: '2026-03-10' }, '2026-11-25', t)).toEqual({});
  });

  it('words each refusal as the server does', () => {
    expect(validateExportRange({ from: '', to: '' }, '2026-11-25', t)).toEqual({
      from: 'validation:required',
      to: 'validation:required',
    });
    expect(validateExportRange({ from: '2026-03-12', to: '2026-03-10' }, '2026-11-25', t)).toEqual({
      to: 'validation:dateRange',
    });
    expect(validateExportRange({ from: '2026-08-24', to: '2026-11-25' }, '2026-11-25', t)).toEqual({
      to: 'validation:dateRangeTooLong {"max":93}',
    });
    expect(validateExportRange({ from: '2026-11-20', to: '2026-11-26' }, '2026-11-25', t)).toEqual({
      to: 'validation:futureDate',
    });
  });
});
