// One server process's job worker publishing posts, for the exactly-once test of issue 28
// (modules/automation/publishing.postgres.test.ts): the automation jobs against the PostgreSQL database given as
// first argument, publishing to the Graph API at the second (the simulator) with the tokens sealed with the app key
// given third, until it is sent SIGTERM.
import { loadConfig } from '../src/config';
import '../src/modules/automation/publishing';
import { openDatabase } from '../src/platform/db';
import { createJobWorker } from '../src/platform/jobs';
import { silentLogger } from './silent-logger';

const [databaseUrl, graphUrl, appKey] = process.argv.slice(2) as [string, string, string];
const database = openDatabase({ databaseUrl });
const worker = createJobWorker(
  {
    db: database.db,
    now: () => new Date(),
    log: silentLogger,
    config: loadConfig({ DATABASE_URL: databaseUrl, APP_KEY: appKey, SOCIAL_GRAPH_URL: graphUrl }),
  },
  { pollMs: 20, concurrency: 4 },
);
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
});
