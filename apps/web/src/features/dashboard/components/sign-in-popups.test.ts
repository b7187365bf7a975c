import type { Todo } from '@bottega/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { duePopups } from './sign-in-popups';

const todo = (key: Todo['key']): Todo => ({ key, count: 1, oldest: null, link: '/app' });

describe('the sign-in popups', () => {
  const todos = [todo('shiftToStart'), todo('shiftWeeksToValidate'), todo('newPayslips')];

  it('pop up only the to-dos with a popup, for holders of its ability', () => {
    expect(duePopups(todos, new Set(['employees.popups.startShift']), []).map((due) => due.key)).toEqual([
      'shiftToStart',
    ]);
    expect(duePopups(todos, new Set(), [])).toEqual([]);
  });

  it('do not come back once dismissed in the session', () => {
    const can = new Set(['employees.popups.startShift', 'employees.popups.convalidateShift']);
    expect(duePopups(todos, can, ['shiftToStart']).map((due) => due.key)).toEqual(['shiftWeeksToValidate']);
  });
});
