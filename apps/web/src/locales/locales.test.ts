// Key parity across the five catalogs: a text missing in any language fails here, not in front of a user.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languages } from '@bottega/contracts/common';
import { errorCodes, validationRules } from '@bottega/contracts/errors';
import { allAbilities } from '@bottega/contracts/permissions';
import { describe, expect, it } from 'vitest';

const folder = path.dirname(new URL(import.meta.url).pathname);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Entry = { key: string; text: string };

function flatten(node: unknown, prefix = ''): Entry[] {
  if (typeof node === 'string') return [{ key: prefix, text: node }];
  if (node === null || typeof node !== 'object') throw new Error(`${prefix} is neither text nor a group`);
  return Object.entries(node).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function load(lng: string): Map<string, Entry[]> {
  const namespaces = new Map<string, Entry[]>();
  for (const file of readdirSync(path.join(folder, lng))
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    namespaces.set(file, flatten(JSON.parse(readFileSync(path.join(folder, lng, file), 'utf8'))));
  }
  return namespaces;
}

const baseKey = (key: string) => key.replace(pluralSuffix, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const source = load(defaultLanguage);

describe.each(languages.filter((lng) => lng !== defaultLanguage))('the %s catalog', (lng) => {
  const catalog = load(lng);

  it('has the same namespaces as Italian', () => {
    expect([...catalog.keys()]).toEqual([...source.keys()]);
  });

  it.each([...source.keys()])('%s has every Italian key and no other', (file) => {
    const wanted = new Set((source.get(file) ?? []).map((entry) => baseKey(entry.key)));
    const present = new Set((catalog.get(file) ?? []).map((entry) => baseKey(entry.key)));
    expect([...wanted].filter((key) => !present.has(key))).toEqual([]);
    expect([...present].filter((key) => !wanted.has(key))).toEqual([]);
  });

  it.each([...source.keys()])('%s keeps the placeholders and has no empty text', (file) => {
    const italian = new Map((source.get(file) ?? []).map((entry) => [entry.key, placeholders(entry.text)]));
    for (const entry of catalog.get(file) ?? []) {
      const where = `${lng}/${file} ${entry.key}`;
      expect(entry.text.trim(), where).not.toBe('');
      const base = baseKey(entry.key);
      const wanted = italian.get(entry.key) ?? italian.get(`${base}_other`) ?? italian.get(base) ?? [];
      // A plural form may leave the number out ("one more person"); every other placeholder must stay.
      const plural = base !== entry.key;
      const drop = (names: (string | undefined)[]) => (plural ? names.filter((name) => name !== 'count') : names);
      expect(drop(placeholders(entry.text)), where).toEqual(drop(wanted));
    }
  });
});

describe('the Italian catalog', () => {
  const keysOf = (file: string) => new Set((source.get(file) ?? []).map((entry) => entry.key));

  it('has a message for every error code and validation rule', () => {
    const errors = keysOf('errors.json');
    expect(Object.keys(errorCodes).filter((code) => !errors.has(code))).toEqual([]);
    const rules = keysOf('validation.json');
    expect(validationRules.filter((rule) => !rules.has(rule))).toEqual([]);
  });

  it('has a label and a description for every ability', () => {
    const permissions = keysOf('permissions.json');
    const missing = allAbilities.filter(
      (ability) => !permissions.has(`${ability}.label`) || !permissions.has(`${ability}.description`),
    );
    expect(missing).toEqual([]);
  });
});
