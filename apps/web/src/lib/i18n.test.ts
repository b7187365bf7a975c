// Only the chosen language's texts are fetched, before the first paint and on a switch (issue 16).
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import englishAuth from '../locales/en/auth.json';
import { changeLanguage, currentLanguage, mergeOverrides, setupI18n } from './i18n';

const stored = new Map<string, string>([['bottega.lng', 'en']]);
const root = { lang: '', dir: '' };

beforeAll(async () => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal('document', { documentElement: root });
  await setupI18n();
});

const loadedLanguages = () => ['it', 'en', 'de', 'bg', 'ar'].filter((lng) => i18next.hasResourceBundle(lng, 'auth'));

describe("the screens' languages", () => {
  it('start with the stored language only, its texts ready for the first paint', () => {
    expect(currentLanguage()).toBe('en');
    expect(loadedLanguages()).toEqual(['en']);
    expect(i18next.t('auth:title')).toBe(englishAuth.title);
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('leave the mail templates to the server', () => {
    expect(i18next.hasResourceBundle('en', 'mail')).toBe(false);
  });

  it('fetch a language when it is chosen, keeping the server overrides that came first', async () => {
    mergeOverrides('ar', { 'auth:title': 'نص من الخادم' });
    await changeLanguage('ar');
    expect(loadedLanguages()).toEqual(['en', 'ar']);
    expect(i18next.t('auth:title')).toBe('نص من الخادم');
    expect(i18next.t('common:languages.ar')).toBe('العربية');
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(stored.get('bottega.lng')).toBe('ar');
  });
});
