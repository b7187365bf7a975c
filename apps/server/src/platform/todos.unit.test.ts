import type { TodoKey } from '@bottega/contracts/dashboard';
import type { Ability } from '@bottega/contracts/permissions';
import { describe, expect, it } from 'vitest';
import type { Executor } from './db';
import type { SessionContext } from './sessions';
import { createTodoRegistry, type TodoContext, type TodoProvider } from './todos';

function contextFor(abilities: Ability[], isAdmin = false): TodoContext {
  const session = { userId: 7, abilities: new Set(abilities), isAdmin, shopIds: [1] } as unknown as SessionContext;
  return { db: {} as Executor, session, shopId: 1, now: new Date('2026-03-22T18:00:00Z'), today: '2026-03-22' };
}

function provider(key: TodoKey, ability: Ability, count: number, asked: TodoKey[] = []): TodoProvider {
  return {
    key,
    ability,
    async count() {
      asked.push(key);
      return count === 0 ? null : { count, oldest: '2026-03-20', link: `/app/${key}` };
    },
  };
}

describe('the to-do registry', () => {
  it('asks only the providers whose ability the person holds, and lists them in the order of the keys', async () => {
    const asked: TodoKey[] = [];
    const registry = createTodoRegistry();
    registry.register(provider('invoiceRequests', 'shops.invoices.check', 2, asked));
    registry.register(provider('cashDayToClose', 'shops.cashRegister.dailyClose', 1, asked));
    registry.register(provider('cashDaySecondConfirmation', 'shops.cashRegister.close', 3, asked));
    const todos = await registry.list(contextFor(['shops.cashRegister.dailyClose', 'shops.cashRegister.close']));
    expect(todos.map((todo) => [todo.key, todo.count])).toEqual([
      ['cashDaySecondConfirmation', 3],
      ['cashDayToClose', 1],
    ]);
    expect(asked).not.toContain('invoiceRequests');
    expect((await registry.list(contextFor([], true))).map((todo) => todo.key)).toEqual([
      'cashDaySecondConfirmation',
      'cashDayToClose',
      'invoiceRequests',
    ]);
  });

  it('leaves out an area with nothing waiting, and is empty when nothing waits anywhere', async () => {
    const registry = createTodoRegistry();
    registry.register(provider('cashDayToClose', 'shops.cashRegister.dailyClose', 0));
    registry.register(provider('weeklyCashToFill', 'shops.cashRegister.closeWeekly', 1));
    expect((await registry.list(contextFor([], true))).map((todo) => todo.key)).toEqual(['weeklyCashToFill']);
    expect(await registry.list(contextFor(['shops.cashRegister.dailyClose']))).toEqual([]);
  });

  it('refuses a key registered twice', () => {
    const registry = createTodoRegistry();
    registry.register(provider('cashDayToClose', 'shops.cashRegister.dailyClose', 1));
    expect(() => registry.register(provider('cashDayToClose', 'shops.cashRegister.view', 1))).toThrow(/twice/);
  });
});
