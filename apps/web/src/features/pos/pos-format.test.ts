import { languages } from '@bottega/contracts/common';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { differenceFrom, failureText } from './pos-format';

const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*/pos.json', {
  import: 'default',
  eager: true,
});

/** A translator over the real catalog of one language, with no fallback: a missing text shows as its key. */
async function translatorFor(lng: string): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: { [lng]: { pos: catalogs[`../../locales/${lng}/pos.json`] ?? {} } },
  });
  return instance.t;
}

describe('failureText', () => {
  it('names the line and the field of the first value that cannot be read', async () => {
    const t = await translatorFor('it');
    expect(failureText({ kind: 'field', line: 14, field: 'amountCents' }, t)).toBe(
      'Riga 14: valore di «Importo» non leggibile.',
    );
  });

  it('names the columns a header lacks, in the reader’s language', async () => {
    const t = await translatorFor('en');
    expect(failureText({ kind: 'header', missing: ['merchantCode', 'authorisationCode'] }, t)).toBe(
      'The header lacks the columns: Merchant code, Authorisation code.',
    );
  });

  it.each(languages)('has a text for every problem in %s', async (lng) => {
    const t = await translatorFor(lng);
    for (const kind of ['unreadable', 'encoding', 'tooLarge', 'gaveUp'] as const) {
      expect(failureText({ kind }, t)).not.toContain('failure.');
    }
    expect(failureText({ kind: 'field', line: 2, field: 'state' }, t)).not.toContain('fields.');
  });
});

describe('differenceFrom', () => {
  it('is the figure less the settlement, and nothing where it agrees or is missing', () => {
    expect(differenceFrom(10_000, 12_500)).toBe(2_500);
    expect(differenceFrom(10_000, 9_000)).toBe(-1_000);
    expect(differenceFrom(10_000, 10_000)).toBeNull();
    expect(differenceFrom(10_000, null)).toBeNull();
  });
});
