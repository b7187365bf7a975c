import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { sundayEvening } from './e2e/helpers';

// End-to-end journeys in Debian's Chromium (never a downloaded browser) against the real server
// on a fresh embedded database seeded with the demo data.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bottega-e2e-'));
const printerPort = Number(process.env.FISCAL_PRINTER_SIMULATOR_PORT ?? 8089);

// The cash-register journeys run on a second server whose business clock starts on a Sunday evening
// (CLOCK_START = sundayEvening): the week is over and its weekly cash may be filled, whatever day the suite runs on.
const sundayPort = port + 10;
const sundayDataDir = mkdtempSync(path.join(tmpdir(), 'bottega-e2e-sunday-'));
const clockJourneys = /(cash-register[\w-]*|weekly-cash)\.spec\.ts$/;

function server(options: { port: number; dataDir: string; printerPort: number; clockStart?: string }) {
  return {
    command: 'npx tsx apps/server/src/main.ts',
    url: `http://localhost:${options.port}/api/settings`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      FISCAL_PRINTER_SIMULATOR_PORT: String(options.printerPort),
      ...(options.clockStart ? { CLOCK_START: options.clockStart } : {}),
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'today', testIgnore: clockJourneys },
    { name: 'sunday-evening', testMatch: clockJourneys, use: { baseURL: `http://localhost:${sundayPort}` } },
  ],
  webServer: [
    server({ port, dataDir, printerPort }),
    server({ port: sundayPort, dataDir: sundayDataDir, printerPort: printerPort + 10, clockStart: sundayEvening }),
  ],
});
