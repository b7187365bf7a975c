// `npm run db:migrate`: applies the committed migrations to the configured database and stops.
import { loadConfig } from './config';
import { openDatabase } from './platform/db';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
