import { describe, expect, it } from 'vitest';
import { mayOpen } from './app-route';

describe('mayOpen', () => {
  const can = new Set<string>(['tickets.assigned.list']);
  it('opens a screen without an ability, with the one it needs, or with any one of several', () => {
    expect(mayOpen(undefined, can)).toBe(true);
    expect(mayOpen('tickets.assigned.list', can)).toBe(true);
    expect(mayOpen(['tickets.general.opened', 'tickets.assigned.list'], can)).toBe(true);
  });
  it('refuses a screen needing an ability not held, or none of several', () => {
    expect(mayOpen('tickets.manage.list', can)).toBe(false);
    expect(mayOpen(['tickets.general.opened', 'tickets.manage.list'], can)).toBe(false);
    expect(mayOpen([], can)).toBe(false);
  });
});
