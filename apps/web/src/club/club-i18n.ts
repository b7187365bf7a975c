// The loyalty club's languages: the same i18next (so lib/api-client sends the chosen one as Accept-Language) and
// the same locale folder as the staff app, but only the namespaces the club shows — its own, plus the shared
// words (languages, waits, controls), the server's error messages and the validation rules — fetched for the
// chosen language only. The staff's catalogs (lib/i18n.ts) are never loaded here.
import { defaultLanguage, type Language, languages } from '@bottega/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRightToLeft } from '../lib/i18n';
import { languageFromBrowser } from './club-format';

/** The customer's choice on this phone, apart from a staff member's on a shop tablet. */
const languageKey = 'bottega.club.lng';

export const clubNamespaces = ['club', 'common', 'errors', 'validation'] as const;

const catalogs = import.meta.glob<Record<string, unknown>>('../locales/*/{club,common,errors,validation}.json', {
  import: 'default',
});
const loadedLanguages = new Map<Language, Promise<void>>();

function loadLanguage(lng: Language): Promise<void> {
  let loading = loadedLanguages.get(lng);
  if (!loading) {
    loading = Promise.all(
      clubNamespaces.map(async (namespace) => {
        const catalog = await catalogs[`../locales/${lng}/${namespace}.json`]?.();
        if (catalog) i18next.addResourceBundle(lng, namespace, catalog, true, false);
      }),
    ).then(() => undefined);
    // A failed fetch (a deploy replaced the chunks, the network dropped) is tried again on the next switch.
    loading.catch(() => loadedLanguages.delete(lng));
    loadedLanguages.set(lng, loading);
  }
  return loading;
}

function isLanguage(value: string | null): value is Language {
  return (languages as readonly string[]).includes(value ?? '');
}

/** The language chosen on this phone, else the first of the phone's own the club speaks, else Italian. */
function startLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageKey);
  } catch {
    // No storage (private mode): the phone's language.
  }
  if (isLanguage(stored)) return stored;
  return languageFromBrowser(typeof navigator === 'undefined' ? [] : navigator.languages) ?? defaultLanguage;
}

function applyToDocument(lng: Language) {
  document.documentElement.lang = lng;
  document.documentElement.dir = isRightToLeft(lng) ? 'rtl' : 'ltr';
}

export async function setupClubI18n(): Promise<void> {
  const lng = startLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [...clubNamespaces],
    defaultNS: 'club',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(lng);
  applyToDocument(lng);
}

export async function changeClubLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(languageKey, lng);
  } catch {
    // Kept for this visit only.
  }
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
  applyToDocument(lng);
}
