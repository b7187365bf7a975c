import type { Language } from '@bottega/contracts/common';
import { describe, expect, it } from 'vitest';
import { pickLanguage, translate } from './i18n';

describe('translate', () => {
  it('reads the catalog of the language asked for', () => {
    expect(translate('it', 'errors:forbidden')).toBe('Non hai il permesso per questa operazione.');
    expect(translate('en', 'errors:forbidden')).toBe('You do not have permission for this action.');
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(translate('it', 'validation:minLength', { min: 3 })).toBe('Inserisci almeno 3 caratteri.');
    expect(translate('en', 'validation:max', { max: 100 })).toBe('The maximum is 100.');
    expect(translate('en', 'validation:max')).toBe('The maximum is {{max}}.');
  });

  it('falls back to Italian when the language has no text for the key', () => {
    expect(translate('xx' as Language, 'errors:shopRequired')).toBe('Punto vendita obbligatorio: scegli un negozio.');
  });

  it('answers the key itself when no catalog has it', () => {
    expect(translate('en', 'errors:noSuchCode')).toBe('errors:noSuchCode');
    expect(translate('it', 'noSuchNamespace:noSuchKey')).toBe('noSuchNamespace:noSuchKey');
    expect(translate('it', 'errors:forbidden.deeper')).toBe('errors:forbidden.deeper');
  });
});

describe('translate with a count', () => {
  it("picks i18next's plural key by the language's rules, like the web", () => {
    expect(translate('it', 'common:wait.minutes', { count: 1 })).toBe('1 minuto');
    expect(translate('it', 'common:wait.minutes', { count: 15 })).toBe('15 minuti');
    expect(translate('ar', 'common:wait.minutes', { count: 2 })).toBe('دقيقتين');
    expect(translate('ar', 'common:wait.minutes', { count: 5 })).toBe('5 دقائق');
    expect(translate('bg', 'common:wait.seconds', { count: 30 })).toBe('30 секунди');
  });
});

describe('pickLanguage', () => {
  it('is Italian without a header or without a supported language', () => {
    expect(pickLanguage(undefined)).toBe('it');
    expect(pickLanguage('')).toBe('it');
    expect(pickLanguage('fr-FR,fr;q=0.9,es;q=0.5')).toBe('it');
  });

  it('takes the first supported tag, whatever its region or case', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('fr-FR, de-DE;q=0.8, en;q=0.5')).toBe('de');
    expect(pickLanguage('BG')).toBe('bg');
    expect(pickLanguage('ar-EG')).toBe('ar');
  });
});
