// i18next with the five catalogs bundled, Italian as default and fallback (spec §9),
// and the server's translation overrides (api/language/variable) merged over them.
import { defaultLanguage, type Language, languages, rtlLanguages } from '@bottega/contracts/common';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const languageKey = 'bottega.lng';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, catalog] of Object.entries(files)) {
  const [, lng, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lng && namespace) {
    resources[lng] ??= {};
    resources[lng][namespace] = catalog;
  }
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
    resources,
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    defaultNS: 'common',
    ns: Object.keys(resources[defaultLanguage] ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when the server's overrides are added after start.
    react: { bindI18nStore: 'added' },
  });
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
  await i18next.changeLanguage(lng);
  applyToDocument(lng);
}
