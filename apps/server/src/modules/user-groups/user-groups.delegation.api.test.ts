// Delegation over the whole catalog (issue 16): for every ability, an editor holding user-group
// editing but not that ability can neither add it to a group (their own or another) nor change or
// delete a group holding it, nor turn on its notifications; an editor holding it can. One app, the
// editors' own groups rewritten in the database between abilities (abilities are read per request).
import {
  type Ability,
  allAbilities,
  BOSS_GROUP_NAME,
  notificationEventCatalog,
  notificationEvents,
} from '@bottega/contracts/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createGroup, createTestApp, createUser, signIn, type TestApp } from '../../../test/harness';
import { invalidateSessions } from '../../platform/session-cache';
import { userGroups } from './user-groups.schema';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

/** What a group editor needs for every change the routes offer. */
const editing = [
  'employees.userGroups.add',
  'employees.userGroups.edit',
  'employees.userGroups.delete',
  'employees.userGroups.notifications',
] as const satisfies readonly Ability[];

type Editor = { token: string; groupId: number; groupName: string };

async function editor(abilities: readonly Ability[]): Promise<Editor> {
  const group = await createGroup(test.db, abilities);
  const user = await createUser(test.db, { groups: [group.id] });
  return { token: await signIn(test.app, user.username), groupId: group.id, groupName: group.name };
}

async function setAbilities(groupId: number, abilities: readonly Ability[]) {
  await test.db
    .update(userGroups)
    .set({ permissions: [...abilities] })
    .where(eq(userGroups.id, groupId));
  // Written behind the service's back: tell the session cache as the service would.
  await invalidateSessions(test.db, { all: true });
}

async function permissionsOf(groupId: number) {
  const [row] = await test.db.select().from(userGroups).where(eq(userGroups.id, groupId));
  return row?.permissions;
}

const request = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  api(test.app, { method, url, token, body });

describe('delegation of abilities', () => {
  it('a shop manager with group editing cannot give their own group every ability (the reported attack)', async () => {
    const ten = [...editing, 'employees.dashboard', 'shops.view', 'shifts.view', 'employees.view'] as Ability[];
    const manager = await editor(ten);
    const response = await request(manager.token, 'PUT', `/api/user-groups/${manager.groupId}`, {
      name: manager.groupName,
      permissions: [...allAbilities],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'abilityNotHeld',
      message:
        'Non puoi concedere permessi che non hai, né modificare un gruppo che ne ha: i gruppi Amministratore e BOSS li modificano solo gli amministratori.',
    });
    const { data } = (await api(test.app, { url: '/api/auth/user', token: manager.token })).json();
    expect([...data.can].sort()).toEqual([...ten].sort());
  });

  it('only administrators touch the admin groups, even a non-admin holding every ability', async () => {
    // Signed in first: a group holding security.mustUseMfa would ask for two-factor at sign-in.
    const everything = await editor([]);
    await setAbilities(everything.groupId, allAbilities);
    const [boss] = await test.db.select().from(userGroups).where(eq(userGroups.name, BOSS_GROUP_NAME));
    for (const group of [{ id: 1, name: 'Amministratore' }, boss as { id: number; name: string }]) {
      const attempts = [
        request(everything.token, 'PUT', `/api/user-groups/${group.id}`, {
          name: group.name,
          permissions: [...allAbilities],
        }),
        request(everything.token, 'DELETE', `/api/user-groups/${group.id}`),
        request(everything.token, 'PUT', `/api/user-groups/${group.id}/notifications`, {
          events: [{ event: notificationEvents[0], channels: ['email'] }],
        }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode, `${group.name}: ${response.body}`).toBe(403);
        expect(response.json().code).toBe('abilityNotHeld');
      }
    }
  });

  it(`holds for each of the ${allAbilities.length} abilities of the catalog`, { timeout: 240_000 }, async () => {
    const lacking = await editor(editing);
    const holding = await editor(editing);
    const other = await createGroup(test.db, []);

    for (const [index, ability] of allAbilities.entries()) {
      const lackerAbilities = editing.filter((held) => held !== ability);
      await setAbilities(lacking.groupId, lackerAbilities);
      await setAbilities(holding.groupId, [...new Set<Ability>([...editing, ability])]);
      await setAbilities(other.id, []);
      const holdsIt = await createGroup(test.db, [ability]);

      // Refused: 'forbidden' when the route's own ability is the one missing, 'abilityNotHeld' otherwise.
      const refusals = [
        {
          what: 'add it to their own group',
          needs: 'employees.userGroups.edit',
          response: await request(lacking.token, 'PUT', `/api/user-groups/${lacking.groupId}`, {
            name: lacking.groupName,
            permissions: [...lackerAbilities, ability],
          }),
        },
        {
          what: 'add it to another group',
          needs: 'employees.userGroups.edit',
          response: await request(lacking.token, 'PUT', `/api/user-groups/${other.id}`, {
            name: other.name,
            permissions: [ability],
          }),
        },
        {
          what: 'create a group with it',
          needs: 'employees.userGroups.add',
          response: await request(lacking.token, 'POST', '/api/user-groups', {
            name: `Refused ${index}`,
            permissions: [ability],
          }),
        },
        {
          what: 'take it away from a group holding it',
          needs: 'employees.userGroups.edit',
          response: await request(lacking.token, 'PUT', `/api/user-groups/${holdsIt.id}`, {
            name: holdsIt.name,
            permissions: [],
          }),
        },
        {
          what: 'rename a group holding it',
          needs: 'employees.userGroups.edit',
          response: await request(lacking.token, 'PUT', `/api/user-groups/${holdsIt.id}`, {
            name: `${holdsIt.name} renamed`,
            permissions: [ability],
          }),
        },
        {
          what: 'delete a group holding it',
          needs: 'employees.userGroups.delete',
          response: await request(lacking.token, 'DELETE', `/api/user-groups/${holdsIt.id}`),
        },
        {
          what: 'change the notifications of a group holding it',
          needs: 'employees.userGroups.notifications',
          response: await request(lacking.token, 'PUT', `/api/user-groups/${holdsIt.id}/notifications`, {
            events: [{ event: notificationEvents[0], channels: ['web'] }],
          }),
        },
        // Every event this ability receives: turning it on for another group would hand that group what it shows.
        ...(await Promise.all(
          notificationEvents
            .filter((event) => notificationEventCatalog[event].ability === ability)
            .map(async (event) => ({
              what: `turn on ${event} for another group`,
              needs: 'employees.userGroups.notifications',
              response: await request(lacking.token, 'PUT', `/api/user-groups/${other.id}/notifications`, {
                events: [{ event, channels: ['web'] }],
              }),
            })),
        )),
      ];
      for (const { what, needs, response } of refusals) {
        const expected = lackerAbilities.some((held) => held === needs) ? 'abilityNotHeld' : 'forbidden';
        expect(response.statusCode, `${ability}: ${what}`).toBe(403);
        expect(response.json().code, `${ability}: ${what}`).toBe(expected);
      }
      expect(await permissionsOf(lacking.groupId), ability).toEqual(lackerAbilities);
      expect(await permissionsOf(other.id), ability).toEqual([]);
      expect(await permissionsOf(holdsIt.id), ability).toEqual([ability]);

      // Accepted for an editor holding it.
      const created = await request(holding.token, 'POST', '/api/user-groups', {
        name: `Granted ${index}`,
        permissions: [ability],
      });
      expect(created.statusCode, `${ability}: create ${created.body}`).toBe(201);
      const added = await request(holding.token, 'PUT', `/api/user-groups/${other.id}`, {
        name: other.name,
        permissions: [ability],
      });
      expect(added.statusCode, `${ability}: add ${added.body}`).toBe(200);
      const narrowed = await request(holding.token, 'PUT', `/api/user-groups/${holdsIt.id}`, {
        name: holdsIt.name,
        permissions: [],
      });
      expect(narrowed.statusCode, `${ability}: narrow ${narrowed.body}`).toBe(200);
      for (const event of notificationEvents.filter(
        (candidate) => notificationEventCatalog[candidate].ability === ability,
      )) {
        const notified = await request(holding.token, 'PUT', `/api/user-groups/${other.id}/notifications`, {
          events: [{ event, channels: ['web'] }],
        });
        expect(notified.statusCode, `${event}: notifications ${notified.body}`).toBe(200);
      }
      const removed = await request(holding.token, 'DELETE', `/api/user-groups/${created.json().data.id}`);
      expect(removed.statusCode, `${ability}: delete ${removed.body}`).toBe(200);
    }
  });
});
