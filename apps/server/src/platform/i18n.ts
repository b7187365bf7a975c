// Server-side translation from the same catalogs the web uses (apps/web/src/locales),
// so an error or a mail reads exactly as the screen would say it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultLanguage, type Language, languages } from '@bottega/contracts/common';
import { repositoryRoot } from '../config';

type Catalog = Record<string, unknown>;
const localesFolder = path.join(repositoryRoot, 'apps/web/src/locales');

function loadCatalogs(): Map<Language, Map<string, Catalog>> {
  const result = new Map<Language, Map<string, Catalog>>();
  for (const lng of languages) {
    const namespaces = new Map<string, Catalog>();
    const folder = path.join(localesFolder, lng);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      namespaces.set(file.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
    }
    result.set(lng, namespaces);
  }
  return result;
}

const catalogs = loadCatalogs();

function lookup(lng: Language, namespace: string, key: string): string | undefined {
  let node: unknown = catalogs.get(lng)?.get(namespace);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next's plural keys: `key_one`, `key_other` … by the language's plural rules for `count`, else `key`. */
function lookupPlural(lng: Language, namespace: string, key: string, count: unknown): string | undefined {
  const plural = typeof count === 'number' ? `${key}_${new Intl.PluralRules(lng).select(count)}` : undefined;
  return (
    (plural && lookup(lng, namespace, plural)) ??
    (plural && lookup(lng, namespace, `${key}_other`)) ??
    lookup(lng, namespace, key)
  );
}

/** Whether `lng` itself has the text (no fallback to Italian): start-up checks of catalogs. */
export function hasTranslation(lng: Language, namespacedKey: string): boolean {
  const separator = namespacedKey.indexOf(':');
  return lookup(lng, namespacedKey.slice(0, separator), namespacedKey.slice(separator + 1)) !== undefined;
}

/**
 * `translate('it', 'errors:shopRequired', { seconds: 3 })`, with i18next's plural keys when `count` is given;
 * Italian fills any gap, the key is the last resort.
 */
export function translate(lng: Language, namespacedKey: string, params: Record<string, unknown> = {}): string {
  const separator = namespacedKey.indexOf(':');
  const namespace = separator === -1 ? 'common' : namespacedKey.slice(0, separator);
  const key = namespacedKey.slice(separator + 1);
  const text =
    lookupPlural(lng, namespace, key, params.count) ??
    lookupPlural(defaultLanguage, namespace, key, params.count) ??
    namespacedKey;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The request's language: the Accept-Language header the web sends (first supported tag), else Italian. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if ((languages as readonly string[]).includes(tag ?? '')) return tag as Language;
  }
  return defaultLanguage;
}
