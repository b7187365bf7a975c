// i18next with Italian as default and fallback (spec §9), and the server's translation overrides
// (api/language/variable) merged over the catalogs. Only the chosen language's catalogs are fetched,
// before the first paint and again on a switch, so the first load does not carry all five; every catalog
// has every key (locales/locales.test.ts), so the chosen language alone never shows a raw key.
import { defaultLanguage, type Language, languages, rtlLanguages } from '@bottega/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const languageKey = 'bottega.lng';

// One chunk per language: locales/<lng>/catalog.ts gathers its namespaces.
const catalogs = import.meta.glob<Record<string, Record<string, unknown>>>('../locales/*/catalog.ts', {
  import: 'default',
});
const loadedLanguages = new Map<Language, Promise<void>>();

/** Adds a language's catalogs once, under whatever server overrides were already merged for it. */
function loadLanguage(lng: Language): Promise<void> {
  let loading = loadedLanguages.get(lng);
  if (!loading) {
    loading = (catalogs[`../locales/${lng}/catalog.ts`]?.() ?? Promise.resolve({})).then((files) => {
      for (const [file, catalog] of Object.entries(files)) {
        i18next.addResourceBundle(lng, file.replace(/^\.\/|\.json$/g, ''), catalog, true, false);
      }
    });
    // A failed fetch (a deploy replaced the chunks, the network dropped) is tried again on the next switch.
    loading.catch(() => loadedLanguages.delete(lng));
    loadedLanguages.set(lng, loading);
  }
  return loading;
}

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(languageKey);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : defaultLanguage;
}

export function currentLanguage(): Language {
  return (languages as readonly string[]).includes(i18next.language) ? (i18next.language as Language) : defaultLanguage;
}

export function isRightToLeft(lng: Language): boolean {
  return rtlLanguages.includes(lng);
}

function applyToDocument(lng: Language) {
  document.documentElement.lang = lng;
  document.documentElement.dir = isRightToLeft(lng) ? 'rtl' : 'ltr';
}

export async function setupI18n(): Promise<void> {
  const lng = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when the server's overrides are added after start.
    react: { bindI18nStore: 'added' },
  });
  await loadLanguage(lng);
  applyToDocument(lng);
}

/** Overrides arrive as `namespace:key` → text and win over the bundled catalogs. */
export function mergeOverrides(lng: Language, overrides: Record<string, string>): void {
  for (const [namespacedKey, text] of Object.entries(overrides)) {
    const separator = namespacedKey.indexOf(':');
    const namespace = separator === -1 ? 'common' : namespacedKey.slice(0, separator);
    i18next.addResource(lng, namespace, namespacedKey.slice(separator + 1), text);
  }
}

export async function changeLanguage(lng: Language): Promise<void> {
  localStorage.setItem(languageKey, lng);
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
  applyToDocument(lng);
}
