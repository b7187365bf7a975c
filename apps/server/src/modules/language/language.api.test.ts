import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, findUserId, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { setTranslationOverride } from './language.service';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

const overrides = (query: string) => api(test.app, { url: `/api/language/variable?${query}`, csrf: false });

describe('GET /api/language/variable', () => {
  it('answers the overrides of the language asked for, and only those, without signing in', async () => {
    expect((await overrides('lng=en')).json()).toEqual({ data: {} });
    await setTranslationOverride({
      db: test.db,
      actorId: null,
      lng: 'en',
      key: 'errors:forbidden',
      value: 'Not for you.',
    });
    await setTranslationOverride({ db: test.db, actorId: null, lng: 'en', key: 'common:appName', value: 'Workshop' });

    const english = await overrides('lng=en');
    expect(english.statusCode).toBe(200);
    expect(english.json()).toEqual({ data: { 'errors:forbidden': 'Not for you.', 'common:appName': 'Workshop' } });
    expect((await overrides('lng=de')).json()).toEqual({ data: {} });
    expect((await overrides('lng=it')).json()).toEqual({ data: {} });
  });

  it('answers the latest value after a change', async () => {
    await setTranslationOverride({ db: test.db, actorId: null, lng: 'bg', key: 'errors:notFound', value: 'first' });
    await setTranslationOverride({ db: test.db, actorId: null, lng: 'bg', key: 'errors:notFound', value: 'second' });
    expect((await overrides('lng=bg')).json()).toEqual({ data: { 'errors:notFound': 'second' } });
  });

  it('refuses an unsupported or missing language with 422', async () => {
    for (const query of ['lng=xx', '']) {
      const response = await overrides(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('validation');
      expect(response.json().errors).toHaveProperty('lng');
    }
    expect((await overrides('lng=xx')).json().errors).toEqual({ lng: ['Valore non valido.'] });
    expect((await overrides('')).json().errors).toEqual({ lng: ['Campo obbligatorio.'] });
  });
});

describe('setTranslationOverride', () => {
  it('writes who changed which text from what to what in the audit log', async () => {
    const adminId = await findUserId(test.db, 'admin');
    await setTranslationOverride({ db: test.db, actorId: adminId, lng: 'ar', key: 'errors:internal', value: 'one' });
    await setTranslationOverride({ db: test.db, actorId: adminId, lng: 'ar', key: 'errors:internal', value: 'two' });
    const rows = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'language.overrideSet'), eq(auditLog.entityId, 'ar:errors:internal')))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      expect.objectContaining({ actorId: adminId, entity: 'translation', fromState: null, toState: 'one' }),
      expect.objectContaining({ actorId: adminId, entity: 'translation', fromState: 'one', toState: 'two' }),
    ]);
  });
});
