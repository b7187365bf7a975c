// The dashboard's to-dos (issue 17, ARCHITECTURE "Dashboard to-dos"): each area registers a provider answering
// "what waits for this person" — how many, since when, where to do it — and the dashboard asks every provider the
// caller's abilities allow, all at once, on every load. A provider is one cheap indexed query (a count and a
// minimum), never a listing; it answers null when nothing waits.
import { type Todo, type TodoKey, todoKeys } from '@bottega/contracts/dashboard';
import type { Ability } from '@bottega/contracts/permissions';
import type { Executor } from './db';
import type { SessionContext } from './sessions';

/** Who asks, where and when: the session (abilities, shops), its chosen shop and the business clock's now. */
export type TodoContext = {
  db: Executor;
  session: SessionContext;
  /** The shop the session works in (the dashboard needs one). */
  shopId: number;
  now: Date;
  /** Today in the business time zone, YYYY-MM-DD, from `now`. */
  today: string;
};

/** The context without a shop: what a person's own to-dos need (a former employee has no shop). */
export type ShoplessTodoContext = Omit<TodoContext, 'shopId'>;

type Answer = Promise<Omit<Todo, 'key'> | null>;

export type TodoProvider = {
  key: TodoKey;
  /** Asked only for people holding this ability (administrators hold every one). */
  ability: Ability;
} & (
  | { shopless?: false; count: (context: TodoContext) => Answer }
  /** Asked with or without a chosen shop: the person's own things. */
  | { shopless: true; count: (context: ShoplessTodoContext) => Answer }
);

export type TodoRegistry = {
  /** Called once per provider by its area, where the area registers its routes. */
  register: (provider: TodoProvider) => void;
  /**
   * What waits for the caller, in the order of `todoKeys`: the providers they may ask, queried in parallel; without a
   * chosen shop, only the shopless ones.
   */
  list: (context: ShoplessTodoContext & { shopId: number | null }) => Promise<Todo[]>;
};

const position = (key: TodoKey) => todoKeys.indexOf(key);

export function createTodoRegistry(): TodoRegistry {
  const providers = new Map<TodoKey, TodoProvider>();
  return {
    register(provider) {
      if (providers.has(provider.key)) throw new Error(`to-do provider "${provider.key}" registered twice`);
      providers.set(provider.key, provider);
    },
    async list(context) {
      const { session } = context;
      const { shopId } = context;
      const allowed = [...providers.values()]
        .filter((provider) => session.isAdmin || session.abilities.has(provider.ability))
        .filter((provider) => provider.shopless || shopId !== null)
        .sort((first, second) => position(first.key) - position(second.key));
      const answers = await Promise.all(
        allowed.map((provider) =>
          provider.shopless ? provider.count(context) : provider.count({ ...context, shopId: shopId as number }),
        ),
      );
      return allowed.flatMap((provider, index) => {
        const answer = answers[index];
        return answer && answer.count > 0 ? [{ key: provider.key, ...answer }] : [];
      });
    },
  };
}
