// Start: config → database → migrations → seed → app → listen; SIGTERM/SIGINT close it gracefully.
import { buildApp } from './app';
import { loadConfig } from './config';
import { startAccountingSimulator } from './integrations/accounting/accounting.simulator';
import { startCameraSimulator } from './integrations/cameras/camera.simulator';
import { startFiscalPrinterSimulator } from './integrations/fiscal-printer/fiscal-printer.simulator';
import { startSmsSimulator } from './integrations/sms/sms-gateway.simulator';
import { startSocialSimulator } from './integrations/social/social-network.simulator';
import { startTelegramSimulator } from './integrations/telegram/telegram-bot.simulator';
import { demoWebhookSecret } from './modules/automation/automation.seed';
import { demoSimulatedCameras } from './modules/cameras/cameras.seed';
import { demoFiscalPrinter, seedDemoSales } from './modules/sales/sales.seed';
import { currentTime } from './platform/clock';
import { openDatabase } from './platform/db';
import { shutDown } from './platform/shutdown';
import { createStorage } from './platform/storage';
import { demoPassword, demoUsers, prepareDemo, seedUserGroups } from './seed';

/** How often the demo's simulated registers send what they sold since. */
const demoSalesFeedMs = 5 * 60_000;

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedUserGroups(database.db);
const demo = await prepareDemo({ db: database.db, storage: createStorage(config), config, now: currentTime(config) });
// The demo's registers keep sending: each few minutes the day's new receipts, and the close after closing time.
const demoSalesFeed = demo.salesFeed
  ? setInterval(() => {
      seedDemoSales(database.db, { now: currentTime(config) }).catch((error: unknown) =>
        console.error('demo sales feed:', error),
      );
    }, demoSalesFeedMs)
  : undefined;

// The demo reads fiscal closes from a simulated printer (config.fiscalPrinter.addressOverride), each shop's at
// its own path, answering with the closes of that shop's generated sales. Any other database reads the real ones.
const fiscalPrinterSimulator = demo.fiscalPrinterSimulator
  ? await startFiscalPrinterSimulator({
      port: config.fiscalPrinter.simulatorPort,
      printers: (code) => demoFiscalPrinter(database.db, code, () => currentTime(config)),
    })
  : undefined;
const fiscalPrinter = fiscalPrinterSimulator
  ? config.fiscalPrinter
  : { ...config.fiscalPrinter, simulator: false, addressOverride: undefined };

// The demo's bot is a simulated Bot API on this machine: people link their chats to it from the profile, and a
// journey (or anyone curious) plays the person through its /simulator/chats/<id>/messages endpoint.
const telegramSimulator = demo.telegramSimulator
  ? await startTelegramSimulator({
      port: config.telegram.simulatorPort,
      token: 'demo-bot-token',
      botUsername: 'BottegaDemoBot',
    })
  : undefined;
const telegram = telegramSimulator
  ? {
      ...config.telegram,
      apiUrl: telegramSimulator.url,
      botToken: telegramSimulator.token,
      botUsername: telegramSimulator.botUsername,
    }
  : { ...config.telegram, simulator: false };

// The demo's cameras are simulated on this machine: three per demo shop, each drawing its name and the time.
const cameraSimulator = demo.cameraSimulator
  ? await startCameraSimulator({
      port: config.cameras.simulatorPort,
      cameras: await demoSimulatedCameras(database.db),
    })
  : undefined;

// The club's phone codes go to a simulated SMS provider on this machine in the demo (read its messages at
// /simulator/messages); any other database sends through SMS_API_URL, or cannot send SMS until it is set.
const smsSimulator = demo.smsSimulator
  ? await startSmsSimulator({ port: config.sms.simulatorPort, apiKey: config.sms.apiKey })
  : undefined;
const sms = smsSimulator ? { ...config.sms, apiUrl: smsSimulator.url, apiKey: smsSimulator.apiKey } : config.sms;

// The demo's social accounts publish to a simulated network on this machine (what went out: <url>/sim); any other
// database publishes to SOCIAL_GRAPH_URL, Meta's Graph API.
const socialSimulator = demo.socialSimulator
  ? await startSocialSimulator({ port: config.social.simulatorPort, webhookSecret: demoWebhookSecret })
  : undefined;
const social = socialSimulator ? { ...config.social, graphUrl: socialSimulator.url } : config.social;

// The demo's accounting system is a simulator on this machine (a free port): a convalidated month is sent to it and
// confirmed. Any other database sends to ACCOUNTING_URL, or cannot transmit months until it is set.
const accountingSimulator = demo.demoDatabase && !config.accounting.url ? await startAccountingSimulator() : undefined;
const accounting = accountingSimulator ? { ...config.accounting, url: accountingSimulator.url } : config.accounting;

// The app's demo-only offers (the demo bank's statement) follow the demo data actually here, not the setting alone: a
// database the demo did not create refuses SEED_DEMO.
const app = await buildApp({
  config: { ...config, seedDemo: demo.salesFeed, fiscalPrinter, telegram, accounting, sms, social },
  db: database.db,
});
await app.listen({ port: config.port, host: config.host });

function telegramLine(): string {
  if (telegramSimulator) {
    return (
      `Simulated Telegram bot @${telegramSimulator.botUsername} on ${telegramSimulator.url} (write to it as a ` +
      `person: POST ${telegramSimulator.url}/simulator/chats/<chat id>/messages with {"text": "<code>"})`
    );
  }
  if (!telegram.botToken) return 'Telegram: no bot (TELEGRAM_BOT_TOKEN unset)';
  if (!telegram.botUsername) return 'Telegram: bot set, but without TELEGRAM_BOT_USERNAME nobody can link a chat';
  return `Telegram bot: @${telegram.botUsername} at ${telegram.apiUrl}`;
}

/** Where Prometheus reads this process's metrics (platform/metrics.ts), if anywhere. */
function metricsLine(): string {
  const listener = app.metrics.listenerAddress();
  const places = [
    ...(listener ? [`http://${config.host}:${listener.port}/metrics`] : []),
    ...(config.metrics.token ? [`${config.publicUrl}/api/metrics with METRICS_TOKEN`] : []),
  ];
  return `Metrics: ${places.join(' and ') || 'not served (METRICS_PORT and METRICS_TOKEN unset)'}`;
}

const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const lines = [
  `Bottega is running on ${config.publicUrl} (database: ${where})`,
  `Demo data: ${yesNo(demo.demoDatabase)}; simulated sales feed: ${yesNo(demo.salesFeed)}; ` +
    `simulated fiscal printer: ${fiscalPrinterSimulator ? `on ${fiscalPrinterSimulator.address}` : 'no'}`,
  telegramLine(),
  `Simulated cameras: ${cameraSimulator ? `on ${cameraSimulator.url}` : 'no'}`,
  `SMS: ${smsSimulator ? `simulated on ${smsSimulator.url} (a phone's messages: ${smsSimulator.url}/simulator/messages?to=%2B39…)` : (sms.apiUrl ?? 'none (SMS_API_URL unset)')}`,
  `Social networks: ${socialSimulator ? `simulated on ${socialSimulator.url} (what went out: ${new URL(socialSimulator.url).origin}/sim)` : social.graphUrl}`,
  `Accounting system: ${accountingSimulator ? `simulated on ${accountingSimulator.url}` : (config.accounting.url ?? 'none (ACCOUNTING_URL unset)')}`,
  metricsLine(),
];
for (const setting of demo.refused) {
  lines.push(`${setting} is on, but this database was not created by the demo: ignored, no demo records are written.`);
}
if (demo.demoDatabase) {
  lines.push(`Demo sign-ins (password "${demoPassword}"):`);
  for (const user of demoUsers) lines.push(`  ${user.username.padEnd(14)} ${user.group}`);
}
console.log(lines.join('\n'));

// SIGTERM (an orchestrator, a rolling restart) and Ctrl-C stop gracefully (platform/shutdown.ts): readiness fails,
// requests in flight and running jobs finish (or the jobs are handed back), then the simulators and the database close.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    clearInterval(demoSalesFeed);
    const outcome = await shutDown(app, signal);
    await fiscalPrinterSimulator?.close();
    await telegramSimulator?.close();
    await accountingSimulator?.close();
    await cameraSimulator?.close();
    await smsSimulator?.close();
    await socialSimulator?.close();
    // A job still running past the deadline holds a connection: the pool would wait for it.
    if (outcome === 'closed') await database.close();
    process.exit(outcome === 'closed' ? 0 : 1);
  });
}
