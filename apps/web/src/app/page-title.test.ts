import { describe, expect, it } from 'vitest';
import { routeTitle } from './app-route';
import { appRoutes } from './routes';

const catalogs = import.meta.glob<Record<string, unknown>>('../locales/it/*.json', { import: 'default', eager: true });

/** The Italian text of a locale key (`namespace:a.b`, common by default). */
function italian(key: string): unknown {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      catalogs[`../locales/it/${namespace}.json`],
    );
}

describe('page titles', () => {
  it('name every screen under /app with a text of the catalogs', () => {
    const missing = appRoutes.filter((route) => typeof italian(routeTitle(route) ?? '') !== 'string');
    expect(missing.map((route) => route.path)).toEqual([]);
  });
});
