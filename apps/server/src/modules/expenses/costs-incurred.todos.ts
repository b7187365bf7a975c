// The costs' to-do on the dashboard (platform/todos.ts): the closed days' expenses waiting for accounting's
// convalidation, in every shop the person reaches. The count is a statement prepared once in the service (it runs on
// every dashboard load).
import type { TodoProvider } from '../../platform/todos';
import { countCostsToConvalidate } from './costs-incurred.service';

export const costsToConvalidateTodo: TodoProvider = {
  key: 'costsToConvalidate',
  ability: 'shops.costsIncurred.check',
  shopless: true,
  async count({ db, session }) {
    const waiting = await countCostsToConvalidate(db, session);
    if (waiting.count === 0) return null;
    return { count: waiting.count, oldest: waiting.oldest, link: '/app/costsIncurred/convalidate' };
  },
};
