import { languages } from '@bottega/contracts/common';
import { notificationKinds } from '@bottega/contracts/notifications';
import { notificationEvents } from '@bottega/contracts/permissions';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationKindKey, notificationKindText, notificationTarget, notificationText } from './notification-labels';

const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*/{notifications,permissions}.json', {
  import: 'default',
  eager: true,
});

/** A translator over the real catalogs of one language, with no fallback: a missing text shows as missing. */
async function translatorFor(lng: string): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: {
      [lng]: {
        notifications: catalogs[`../../locales/${lng}/notifications.json`] ?? {},
        permissions: catalogs[`../../locales/${lng}/permissions.json`] ?? {},
      },
    },
  });
  return instance.t;
}

describe('notificationKindKey', () => {
  it('names the events that are abilities from the permissions, the others from the notifications', () => {
    expect(notificationKindKey('shifts.notifications.lateStart')).toBe('permissions:shifts.notifications.lateStart');
    expect(notificationKindKey('adminNotifications.weekCreated')).toBe('permissions:adminNotifications.weekCreated');
    expect(notificationKindKey('cashRegister.weeklyCashDue')).toBe('notifications:events.cashRegister.weeklyCashDue');
    expect(notificationKindKey('welcome')).toBe('notifications:events.welcome');
  });
});

describe.each(languages)('notificationKindText in %s', (lng) => {
  it('gives every event and platform kind a name and an explanation of its own', async () => {
    const t = await translatorFor(lng);
    const texts = notificationKinds.map((kind) => notificationKindText(kind, t));
    for (const [index, { label, description }] of texts.entries()) {
      const kind = notificationKinds[index] as string;
      expect(label, kind).not.toBe(kind);
      expect(label, kind).not.toMatch(/\.label$/);
      expect(description, kind).not.toBe('');
      expect(description, kind).not.toMatch(/\.description$/);
    }
    // Twenty-eight events, each told apart from the others by its name.
    expect(notificationEvents).toHaveLength(28);
    expect(new Set(texts.map((text) => text.label)).size).toBe(notificationKinds.length);
  });
});

describe('notificationKindText', () => {
  it('names a kind no catalog knows by itself, with no explanation', async () => {
    const t = await translatorFor('it');
    expect(notificationKindText('retired.kind', t)).toEqual({ label: 'retired.kind', description: '' });
  });
});

describe('notificationText', () => {
  it('fills the sentence with the params, calendar dates shown DD/MM/YYYY', async () => {
    const t = await translatorFor('it');
    expect(
      notificationText(
        { kind: 'cashRegister.fiscalCloseMissing', params: { shop: 'Milano Duomo', date: '2026-11-20' } },
        t,
      ),
    ).toBe('Milano Duomo: manca la chiusura fiscale del 20/11/2026');
    expect(
      notificationText({ kind: 'cashRegister.weeklyCashDue', params: { shop: 'Roma', week: '2026-W47' } }, t),
    ).toBe('Roma: la cassa settimanale 2026-W47 si può compilare');
  });

  it('shows a kind without text as its name rather than a key path', async () => {
    const t = await translatorFor('en');
    expect(notificationText({ kind: 'retired.kind', params: {} }, t)).toBe('retired.kind');
  });
});

describe('notificationTarget', () => {
  it('leads only to pages inside the app', () => {
    expect(notificationTarget('/app/shops/weekly-cash')).toBe('/app/shops/weekly-cash');
    expect(notificationTarget('/app')).toBe('/app');
    for (const link of [
      null,
      '',
      'https://evil.example/app',
      '//evil.example/app',
      '/apparent',
      'javascript:alert(1)',
    ]) {
      expect(notificationTarget(link), String(link)).toBeNull();
    }
  });
});
