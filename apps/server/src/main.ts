// Start: config → database → migrations → seed → app → listen; SIGTERM/SIGINT close it gracefully.
import { buildApp } from './app';
import { loadConfig } from './config';
import { startFiscalPrinterSimulator } from './integrations/fiscal-printer/fiscal-printer.simulator';
import { demoFiscalPrinter, seedDemoSales } from './modules/sales/sales.seed';
import { currentTime } from './platform/clock';
import { databaseIsEmpty, openDatabase } from './platform/db';
import { createStorage } from './platform/storage';
import { demoPassword, demoUsers, seedDemoData, seedUserGroups } from './seed';

/** How often the demo's simulated registers send what they sold since. */
const demoSalesFeedMs = 5 * 60_000;

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedUserGroups(database.db);
if (config.seedDemo && (await databaseIsEmpty(database.db))) {
  await seedDemoData(database.db, createStorage(config), { sales: true, now: currentTime(config) });
} else if (config.seedDemo) {
  await seedDemoSales(database.db, { now: currentTime(config) });
}
// The demo's registers keep sending: each few minutes the day's new receipts, and the close after closing time.
const demoSalesFeed = config.seedDemo
  ? setInterval(() => {
      seedDemoSales(database.db, { now: currentTime(config) }).catch((error: unknown) =>
        console.error('demo sales feed:', error),
      );
    }, demoSalesFeedMs)
  : undefined;

// Demo and development read fiscal closes from a simulated printer (config.fiscalPrinter.addressOverride),
// each shop's at its own path, answering with the closes of that shop's generated sales.
const fiscalPrinterSimulator = config.fiscalPrinter.simulator
  ? await startFiscalPrinterSimulator({
      port: config.fiscalPrinter.simulatorPort,
      printers: (code) => demoFiscalPrinter(database.db, code, () => currentTime(config)),
    })
  : undefined;

const app = await buildApp({ config, db: database.db });
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const lines = [`Bottega is running on ${config.publicUrl} (database: ${where})`];
if (fiscalPrinterSimulator) lines.push(`Simulated fiscal printer on ${fiscalPrinterSimulator.address}`);
if (config.seedDemo) {
  lines.push(`Demo sign-ins (password "${demoPassword}"):`);
  for (const user of demoUsers) lines.push(`  ${user.username.padEnd(14)} ${user.group}`);
}
console.log(lines.join('\n'));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(demoSalesFeed);
    await app.close();
    await fiscalPrinterSimulator?.close();
    await database.close();
    process.exit(0);
  });
}
