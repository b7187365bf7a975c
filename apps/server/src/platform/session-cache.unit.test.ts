// A write to a table a resolved session is made of (its session row, its person, their groups and shops, the chosen
// shop's name and company) must tell the session cache, or another request would be served the old session for up to
// a minute. This test reads the server's source: every such write needs invalidateSessions() next to it, or a reason
// below why it changes no session.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(import.meta.dirname, '..');

/** Drizzle names of the tables, and the tables whose deletion cascades into them. */
const drizzleWrite =
  /\.(update|delete|insert)\(\s*(sessions|users|userGroups|userGroupMembers|userShops|shops|companies)\s*\)/g;
const sqlWrite =
  /\b(update|delete\s+from|insert\s+into)\s+"?(sessions|users|user_groups|user_group_members|user_shops)\b/gi;

/** Writes that change no resolved session, by file and kind, with how many there are. */
const exempt: Record<string, { count: number; why: string }> = {
  'platform/sessions.ts insert(sessions)': { count: 1, why: 'a new session is not cached before its first use' },
  'platform/sessions.ts update(sessions)': {
    count: 2,
    why: 'sliding the idle timeout: the cached entry is updated in place (the two revocations invalidate)',
  },
  'modules/employees/employees.service.ts insert(users)': {
    count: 2,
    why: 'a new person (an employee, an administrator from the console) has no session yet',
  },
  'modules/user-groups/user-groups.service.ts insert(userGroups)': { count: 1, why: 'a new group has no members' },
  'modules/shops/shops.service.ts insert(shops)': { count: 1, why: "a new shop is nobody's chosen shop yet" },
  'modules/companies/companies.service.ts insert(companies)': { count: 1, why: 'a new company has no shops yet' },
  'modules/companies/companies.service.ts delete(companies)': { count: 1, why: 'only a company without shops goes' },
  'generate-sales-data.ts insert(companies)': { count: 1, why: "the sales generator's new company has no shops yet" },
  'generate-sales-data.ts insert(shops)': { count: 1, why: "the sales generator's new shop is nobody's chosen one" },
};

/** How far from a write its invalidation may be (the lines of one statement and its neighbours). */
const window = 12;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const skipped = !entry.name.endsWith('.ts') || /\.test\.ts$|\.scenarios\.ts$|(^|\.)seed\.ts$/.test(entry.name);
    return skipped ? [] : [full];
  });
}

describe('writes to what a session is made of', () => {
  it('each tell the session cache', () => {
    const missing: string[] = [];
    const exemptFound = new Map<string, number>();
    for (const file of sourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(sourceRoot, file).split(path.sep).join('/');
      for (const pattern of [drizzleWrite, sqlWrite]) {
        for (const match of text.matchAll(pattern)) {
          const operation = (match[1] as string).split(/\s+/)[0]?.toLowerCase();
          const kind = `${relative} ${operation}(${match[2]})`;
          const line = text.slice(0, match.index).split('\n').length;
          const lines = text.split('\n');
          const near = lines.slice(Math.max(0, line - 4), line + window).join('\n');
          if (near.includes('invalidateSessions(')) continue;
          if (kind in exempt) {
            exemptFound.set(kind, (exemptFound.get(kind) ?? 0) + 1);
            continue;
          }
          missing.push(`${relative}:${line} ${operation}(${match[2]})`);
        }
      }
    }
    expect(missing, 'call invalidateSessions() next to these writes (platform/session-cache.ts)').toEqual([]);
    for (const [kind, { count }] of Object.entries(exempt)) {
      expect(exemptFound.get(kind) ?? 0, `${kind}: a new write needs its own look`).toBe(count);
    }
  });
});
