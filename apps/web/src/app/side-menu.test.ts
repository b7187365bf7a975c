import { describe, expect, it } from 'vitest';
import type { AppRoute } from './app-route';
import { currentRoute } from './side-menu';

const load = async () => ({ default: () => null });
const routes: AppRoute[] = [
  '',
  'usersGroup/list',
  'usersGroup/create',
  'shops/list',
  'shops/weekly-cash',
  'shops/weekly-cash/list',
  'shop/cashRegister',
  'shop/cashRegister/unclosed',
].map((path) => ({ path, load }));
const pathOf = (pathname: string) => currentRoute(routes, pathname)?.path;

describe('currentRoute', () => {
  it('marks one entry: its own page, else the one sharing most of the path', () => {
    expect(pathOf('/app')).toBe('');
    expect(pathOf('/app/shops/weekly-cash/list')).toBe('shops/weekly-cash/list');
    expect(pathOf('/app/shops/weekly-cash/create/2026-W47')).toBe('shops/weekly-cash');
    expect(pathOf('/app/shops/12/edit')).toBe('shops/list');
    expect(pathOf('/app/usersGroup/2/edit')).toBe('usersGroup/list');
    expect(pathOf('/app/shop/cashRegister/31/edit')).toBe('shop/cashRegister');
    expect(pathOf('/app/shop/cashRegister/unclosed')).toBe('shop/cashRegister/unclosed');
    expect(pathOf('/app/files')).toBeUndefined();
  });
});
