// The administrator made from the server's console (npm run admin:create, issue 29): in the administrators' group,
// invited to choose a password through a link that works once, audited without the link; a taken username or email
// is refused and nothing is written.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestApp, lastMailTo, signIn } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { AppError } from '../../platform/errors';
import { userGroupMembers } from '../user-groups/user-groups.schema';
import { users } from './employees.schema';
import { createAdministrator } from './employees.service';

const test = await createTestApp({ PUBLIC_URL: 'https://bottega.example' });
afterAll(() => test.close());

const body = { name: 'Giulia', surname: 'Bianchi', username: 'giulia.bianchi', email: 'giulia@azienda.example' };

describe('an administrator from the console', () => {
  it('joins the administrators, chooses a password through the link and then holds every ability', async () => {
    const created = await createAdministrator({ db: test.db, config: test.config, body });
    expect(created.link).toMatch(/^https:\/\/bottega\.example\/set-password\?token=/);
    const groups = await test.db
      .select({ groupId: userGroupMembers.groupId })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.userId, created.id));
    expect(groups).toEqual([{ groupId: 1 }]);
    const { mail, token: mailed } = await lastMailTo(test.db, body.email, 'setPassword');
    expect(mail.id).toBe(created.mailId);

    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, String(created.id))));
    expect(entry).toMatchObject({ actorId: null, action: 'employee.created' });
    const token = new URL(created.link).searchParams.get('token') as string;
    expect(mailed).toBe(token);
    expect(JSON.stringify(entry)).not.toContain(token);

    const password = 'Una-password-lunga-2026!';
    const chosen = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password, passwordConfirmation: password },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const again = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password, passwordConfirmation: password },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    const sessionToken = await signIn(test.app, body.username, password);
    const me = await api(test.app, { url: '/api/auth/user', token: sessionToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.can).toContain('employees.userGroups.edit');
  });

  it('refuses a username or email already taken, writing nothing', async () => {
    const before = await test.db.select({ id: users.id }).from(users);
    for (const taken of [
      { ...body, email: 'other@azienda.example' },
      { ...body, username: 'other.person', email: 'GIULIA@azienda.example' },
    ]) {
      const refusal = createAdministrator({ db: test.db, config: test.config, body: taken });
      await expect(refusal).rejects.toBeInstanceOf(AppError);
      await expect(refusal).rejects.toMatchObject({ code: 'validation' });
    }
    expect(await test.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});
