import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  cameraSimulatorPort,
  e2ePort,
  mailCatcherPorts,
  smsSimulatorPort,
  socialSimulatorPort,
  sundayEvening,
  telegramSimulatorPort,
} from './e2e/helpers';

// End-to-end journeys in Debian's Chromium (never a downloaded browser) against the real server
// on a fresh embedded database seeded with the demo data.
const port = e2ePort;
// The journeys' server sends its mails over SMTP to e2e/mail-catcher.ts, where journeys read them.
const mailPorts = mailCatcherPorts();
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bottega-e2e-'));
const printerPort = Number(process.env.FISCAL_PRINTER_SIMULATOR_PORT ?? 8089);

// The cash-register journeys run on a second server whose business clock starts on a Sunday evening
// (CLOCK_START = sundayEvening): the week is over and its weekly cash may be filled, whatever day the suite runs on.
const sundayPort = port + 10;
const sundayDataDir = mkdtempSync(path.join(tmpdir(), 'bottega-e2e-sunday-'));
const clockJourneys = /(cash-register[\w-]*|weekly-cash)\.spec\.ts$/;
// The sales feed journey reads the demo's missing fiscal closes, which depend on the day: a third server on the same
// Sunday evening, its own database so the cash journeys' days stay as the demo left them.
const salesPort = port + 20;
const salesDataDir = mkdtempSync(path.join(tmpdir(), 'bottega-e2e-sales-'));
const salesJourney = /sales\.spec\.ts$/;
// The rest run on two servers of today, each its own demo database, so neither half sees what the other's journeys
// changed: the first sends its mails to the catcher (invitations, resets, confirmations) and keeps the journeys that read
// them or drive a simulator, the second takes about half the run's time in journeys that do neither (the two halves
// run at once, below).
const secondTodayPort = port + 30;
const secondTodayDataDir = mkdtempSync(path.join(tmpdir(), 'bottega-e2e-today-2-'));
const secondTodayJourneys =
  /\/(accessibility|dashboard|notifications|payslips|pos-archive|profile|rankings|sales-report|shift-analytics|shifts|shops|small-screens|staff-analytics|ticket-categories|tickets|user-groups)\.spec\.ts$/;

/**
 * The environment of one of the journeys' servers: the compiled server, as `npm start` runs it (`npm run test:e2e`
 * builds it first).
 */
function server(options: {
  port: number;
  dataDir: string;
  printerPort: number;
  telegramPort: number;
  cameraPort: number;
  smsPort: number;
  socialPort: number;
  clockStart?: string;
  smtpUrl?: string;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    PUBLIC_URL: `http://localhost:${options.port}`,
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    FISCAL_PRINTER_SIMULATOR_PORT: String(options.printerPort),
    TELEGRAM_SIMULATOR_PORT: String(options.telegramPort),
    CAMERA_SIMULATOR_PORT: String(options.cameraPort),
    SMS_SIMULATOR_PORT: String(options.smsPort),
    SOCIAL_SIMULATOR_PORT: String(options.socialPort),
    ...(options.clockStart ? { CLOCK_START: options.clockStart } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  };
}

/** Where e2e/servers.ts answers once all of them do. */
const readyUrl = `http://127.0.0.1:${port + 27}/ready`;

const servers = [
  server({
    port,
    dataDir,
    printerPort,
    telegramPort: telegramSimulatorPort,
    cameraPort: cameraSimulatorPort,
    smsPort: smsSimulatorPort,
    socialPort: socialSimulatorPort,
    smtpUrl: `smtp://127.0.0.1:${mailPorts.smtp}`,
  }),
  server({
    port: secondTodayPort,
    dataDir: secondTodayDataDir,
    printerPort: printerPort + 30,
    telegramPort: telegramSimulatorPort + 30,
    cameraPort: cameraSimulatorPort + 30,
    smsPort: smsSimulatorPort + 30,
    socialPort: socialSimulatorPort + 30,
  }),
  server({
    port: sundayPort,
    dataDir: sundayDataDir,
    printerPort: printerPort + 10,
    telegramPort: telegramSimulatorPort + 10,
    cameraPort: cameraSimulatorPort + 10,
    smsPort: smsSimulatorPort + 10,
    socialPort: socialSimulatorPort + 10,
    clockStart: sundayEvening,
  }),
  server({
    port: salesPort,
    dataDir: salesDataDir,
    printerPort: printerPort + 20,
    telegramPort: telegramSimulatorPort + 20,
    cameraPort: cameraSimulatorPort + 20,
    smsPort: smsSimulatorPort + 20,
    socialPort: socialSimulatorPort + 20,
    clockStart: sundayEvening,
  }),
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Two journeys at once, never two on one server (each project's `workers: 1` below): one journey left a third of the
  // two cores idle (waiting on the server, debounces and the browser's frames), and journeys on one database would
  // see each other's changes. A file's journeys run in order, one after the other.
  fullyParallel: false,
  workers: 2,
  // Under CI a journey left focused with .only fails the run, and so does one that passed only on its
  // retry: a flaky journey is a failure to fix. The one retry stays to tell flaky from broken in the report.
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // The CI machine is small and some days slower: the budget grows with it; assertions still fail after their own
  // wait below.
  timeout: process.env.CI ? 120_000 : 60_000,
  // A loaded CI machine answers slower than a workstation: assertions wait longer there before failing.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    // As a person who asks their system for less motion: the app then skips its transitions (theme.ts), so the browser
    // paints no animation frames and a toast or a menu is where it ends up as soon as it shows.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Rome',
    // A trace is recorded for a journey's retry only: recording one for every journey and throwing it away when it
    // passed cost about a tenth of the run, and a journey that fails is retried once (above) with its trace.
    trace: 'on-first-retry',
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell), the headless Chromium Playwright itself prefers:
      // no browser UI to draw, a fifth faster per journey than the full browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A camera and a microphone that exist (a test pattern and a tone), granted without asking: the automation
        // journey records a clip in the browser (issue 28).
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'today', testIgnore: [clockJourneys, salesJourney, secondTodayJourneys], workers: 1 },
    {
      name: 'today-2',
      testMatch: secondTodayJourneys,
      use: { baseURL: `http://localhost:${secondTodayPort}` },
      workers: 1,
    },
    {
      name: 'sunday-evening',
      testMatch: clockJourneys,
      use: { baseURL: `http://localhost:${sundayPort}` },
      workers: 1,
    },
    { name: 'sales-feed', testMatch: salesJourney, use: { baseURL: `http://localhost:${salesPort}` }, workers: 1 },
  ],
  // The mail catcher and the four servers, started at once by e2e/servers.ts (Playwright starts its webServer entries
  // one after the other); its ready address answers once every server does.
  webServer: {
    command: 'npx tsx e2e/servers.ts',
    url: readyUrl,
    env: { E2E_SERVERS: JSON.stringify(servers), E2E_READY_URL: readyUrl },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
