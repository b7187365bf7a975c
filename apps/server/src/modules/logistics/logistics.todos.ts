// The logistics to-dos on the dashboard (platform/todos.ts): for the office holding a kind's process ability, that
// kind's files sent for processing in its reach, since the oldest one's date, linking to the list filtered by state.
// Each kind's count is a prepared statement, built once: the viewer's reach is its one placeholder.
import {
  type LogisticsFileKind,
  logisticsAbility,
  logisticsFileKinds,
  logisticsFileSlugs,
} from '@bottega/contracts/logistics';
import { and, eq, min, sql } from 'drizzle-orm';
import { shopsInScopeValue } from '../../platform/access';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { logisticsFiles } from './logistics.schema';
import { filesInReachOfPlaceholder } from './logistics-files.service';

const todoKey = {
  inFile: 'inFilesToProcess',
  pickingFile: 'pickingFilesToProcess',
  companyPickingFile: 'companyPickingFilesToProcess',
  outFile: 'outFilesToProcess',
  shopOutFile: 'shopOutFilesToProcess',
} as const satisfies Record<LogisticsFileKind, string>;

/** One statement per kind, its kind fixed when built, each named after its to-do. */
function toProcessStatement(kind: LogisticsFileKind) {
  return preparedPerDatabase((db) =>
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(logisticsFiles.date) })
      .from(logisticsFiles)
      .where(
        and(eq(logisticsFiles.kind, kind), eq(logisticsFiles.state, 'sentForProcessing'), filesInReachOfPlaceholder),
      )
      .prepare(`todo_${todoKey[kind]}`),
  );
}

export const logisticsTodos: TodoProvider[] = logisticsFileKinds.map((kind) => {
  const statement = toProcessStatement(kind);
  return {
    key: todoKey[kind],
    ability: logisticsAbility(kind, 'process'),
    shopless: true,
    async count({ db, session }) {
      const [row] = await statement(db).execute({ reach: shopsInScopeValue(session, 'shops') });
      if (!row || row.count === 0) return null;
      return {
        count: row.count,
        oldest: row.oldest,
        link: `/app/${logisticsFileSlugs[kind]}/list?state=sentForProcessing`,
      };
    },
  };
});
