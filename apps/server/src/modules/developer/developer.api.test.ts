import { allAbilities, DEVELOPER_GROUP_NAME } from '@bottega/contracts/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createGroup,
  createTestApp,
  createUser,
  createUserWithAbilities,
  signIn,
  type TestApp,
  testAppKey,
} from '../../../test/harness';
import { buildApp } from '../../app';
import { enqueueMail, storeMailAttachment } from '../../platform/mail';
import { mailOutbox } from '../../platform/mail.schema';
import { userGroups } from '../user-groups/user-groups.schema';

let test: TestApp;
let mailIds: number[];
beforeAll(async () => {
  test = await createTestApp();
  mailIds = [];
  // The first mail carries a file, as a transport document's mail does.
  const attachment = await storeMailAttachment(test.app.storage, {
    fileName: 'DDT-1-DDT-2026.pdf',
    type: 'application/pdf',
    bytes: new TextEncoder().encode('%PDF-1.7 bottega'),
    extension: 'pdf',
  });
  for (const [index, lng] of (['it', 'en', 'ar'] as const).entries()) {
    mailIds.push(
      await enqueueMail({
        db: test.db,
        to: `reader${index}@test.example`,
        template: 'passwordReset',
        lng,
        params: {
          name: `<b>Reader ${index}</b>`,
          link: `https://bottega.example/reset-password?token=t${index}`,
          minutes: 60,
        },
        secret: { value: `t${index}`, appKey: testAppKey },
        attachments: index === 0 ? [attachment] : [],
      }),
    );
  }
});
afterAll(() => test?.close());

/** The route called with its method and its parameters filled (an existing mail for `:id`, its first file). */
function call(route: string, token: string) {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  return api(test.app, {
    method,
    url: url.replace(':id', String(mailIds[0])).replace(':index', '0'),
    token,
    body: method === 'POST' ? {} : undefined,
  });
}

describe('developer-only routes', () => {
  it('are declared signed-in and flagged, and include the mail outbox', () => {
    expect(test.app.developerRoutes).toEqual(
      expect.arrayContaining(['GET /api/developer/mail', 'GET /api/developer/mail/:id']),
    );
    for (const route of test.app.developerRoutes) {
      const [method, url] = route.split(' ');
      const registered = test.app.routeRegistry.find((entry) => entry.method === method && entry.url === url);
      expect(registered?.access, route).toBe('authenticated');
    }
  });

  // The cases below run over app.developerRoutes, like the authorization matrix over the route
  // registry: every developer-only route added later is covered without a new test.
  it('refuse a non-developer with 403, even one holding every ability or with Developer as a second group', async () => {
    // Every ability but the obligation to use two-factor, so a password signs them in.
    const everything = await createUserWithAbilities(
      test.db,
      allAbilities.filter((ability) => ability !== 'security.mustUseMfa'),
    );
    const [developerGroup] = await test.db.select().from(userGroups).where(eq(userGroups.name, DEVELOPER_GROUP_NAME));
    const other = await createGroup(test.db, ['employees.dashboard']);
    const secondly = await createUser(test.db, { groups: [other.id, developerGroup?.id as number] });
    for (const username of [everything.username, secondly.username, 'dipendente', 'ticket']) {
      const token = await signIn(test.app, username);
      for (const route of test.app.developerRoutes.filter((entry) => !entry.startsWith('HEAD'))) {
        const response = await call(route, token);
        expect(response.statusCode, `${username} ${route}`).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
  });

  it('let the Developer group (first), the admin and BOSS through', async () => {
    const [developerGroup] = await test.db.select().from(userGroups).where(eq(userGroups.name, DEVELOPER_GROUP_NAME));
    const firstly = await createUser(test.db, { groups: [developerGroup?.id as number] });
    for (const username of ['developer', firstly.username, 'admin', 'boss']) {
      const token = await signIn(test.app, username);
      for (const route of test.app.developerRoutes.filter((entry) => !entry.startsWith('HEAD'))) {
        const response = await call(route, token);
        // Reads answer; an action answers for itself (e.g. a job that cannot be retried), never 403.
        if (route.startsWith('GET')) expect(response.statusCode, `${username} ${route}: ${response.body}`).toBe(200);
        else expect(response.statusCode, `${username} ${route}: ${response.body}`).not.toBe(403);
      }
    }
  });

  it('refuse an anonymous call with 401', async () => {
    const response = await api(test.app, { url: '/api/developer/mail' });
    expect(response.statusCode).toBe(401);
  });

  it('cannot be declared public', async () => {
    const app = await buildApp({ config: test.config, db: test.db });
    try {
      expect(() =>
        app.get('/api/developer/oops', { config: { access: 'public', developer: true } }, async () => ({})),
      ).toThrow(/must be signed in/);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/developer/mail', () => {
  it('lists the outbox newest first, paginated on the server, with the delivery mode', async () => {
    const token = await signIn(test.app, 'developer');
    const first = await api(test.app, { url: '/api/developer/mail?perPage=2', token });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, perPage: 2, total: 3, delivery: 'outbox' });
    expect(first.json().data.map((mail: { id: number }) => mail.id)).toEqual([mailIds[2], mailIds[1]]);
    expect(first.json().data[0]).toEqual({
      id: mailIds[2],
      recipient: 'reader2@test.example',
      subject: 'إعادة تعيين كلمة مرور Bottega',
      template: 'passwordReset',
      lng: 'ar',
      createdAt: expect.any(String),
      sentAt: null,
      attempts: 0,
      lastError: null,
    });
    const second = await api(test.app, { url: '/api/developer/mail?perPage=2&page=2', token });
    expect(second.json().data.map((mail: { id: number }) => mail.id)).toEqual([mailIds[0]]);
  });
});

describe('GET /api/developer/mail/:id', () => {
  it('answers one mail with its text and its (escaped) HTML', async () => {
    const token = await signIn(test.app, 'admin');
    const response = await api(test.app, { url: `/api/developer/mail/${mailIds[1]}`, token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: mailIds[1], recipient: 'reader1@test.example', lng: 'en' });
    expect(data.text).toContain('Hello <b>Reader 1</b>,');
    expect(data.html).toContain('Hello &lt;b&gt;Reader 1&lt;/b&gt;,');
    expect(data.attachments).toEqual([]);
  });

  it('lists a mail’s files and answers each as it was sent; another index is 404', async () => {
    const token = await signIn(test.app, 'developer');
    const detail = await api(test.app, { url: `/api/developer/mail/${mailIds[0]}`, token });
    expect(detail.json().data.attachments).toEqual([
      { index: 0, fileName: 'DDT-1-DDT-2026.pdf', type: 'application/pdf', size: 16 },
    ]);
    const file = await api(test.app, { url: `/api/developer/mail/${mailIds[0]}/attachments/0`, token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toBe('%PDF-1.7 bottega');
    expect(file.headers['content-disposition']).toContain('DDT-1-DDT-2026.pdf');
    const missing = await api(test.app, { url: `/api/developer/mail/${mailIds[0]}/attachments/1`, token });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for a mail that does not exist', async () => {
    const token = await signIn(test.app, 'developer');
    const [last] = await test.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const response = await api(test.app, { url: `/api/developer/mail/${(last?.id ?? 0) + 1000}`, token });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('notFound');
  });
});
