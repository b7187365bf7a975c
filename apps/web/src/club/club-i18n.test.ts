// The club loads its own texts and the shared ones, never the staff app's, in the phone's language unless one was chosen.
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import germanClub from '../locales/de/club.json';
import { changeClubLanguage, setupClubI18n } from './club-i18n';

const stored = new Map<string, string>();
const root = { lang: '', dir: '' };

beforeAll(async () => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal('navigator', { languages: ['fr-FR', 'de-CH'] });
  vi.stubGlobal('document', { documentElement: root });
  await setupClubI18n();
});

describe("the club's languages", () => {
  it("start in the first of the phone's languages the club speaks", () => {
    expect(i18next.language).toBe('de');
    expect(i18next.t('club:card.title')).toBe(germanClub.card.title);
    expect(root).toEqual({ lang: 'de', dir: 'ltr' });
  });

  it("carry the shared words and the server's messages, not the staff app's screens", () => {
    expect(i18next.hasResourceBundle('de', 'common')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'errors')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'validation')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'auth')).toBe(false);
    expect(i18next.hasResourceBundle('de', 'shops')).toBe(false);
  });

  it('keep the choice on the phone, apart from the staff one, and turn the page right to left for Arabic', async () => {
    await changeClubLanguage('ar');
    expect(stored.get('bottega.club.lng')).toBe('ar');
    expect(stored.has('bottega.lng')).toBe(false);
    expect(i18next.hasResourceBundle('ar', 'club')).toBe(true);
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
  });
});
