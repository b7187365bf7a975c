import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot } from './config';

const appKey = 'config-test-app-key-0123456789-abcdef';
const folders: string[] = [];
function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bottega-config-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('gives every setting its default', () => {
    const config = loadConfig({ APP_KEY: appKey, INIT_CWD: '/srv/bottega' });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/bottega/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      appKey,
      logLevel: 'info',
      sessionHours: 12,
      sessionRememberDays: 30,
      sessionAbsoluteHours: 12,
      sessionRememberAbsoluteDays: 30,
      bodyLimitBytes: 1_048_576,
      seedDemo: true,
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Bottega <no-reply@bottega.example>',
      mailSecretsToConsole: true,
      uploadLimitBytes: 10 * 1_048_576,
      filesUploadLimitBytes: 50 * 1_048_576,
      registrationRequired: true,
      profileSelfEditable: ['phone', 'address', 'city', 'cap', 'iban', 'bic', 'bankName'],
      passwordReset: { minutes: 60, throttleSeconds: 60, revealUnknownEmail: false },
      invitationDays: 7,
      emailConfirmationHours: 24,
      loginThrottle: { maxAttempts: 5, windowMinutes: 15, maxLockMinutes: 1440 },
      webDist: path.join(repositoryRoot, 'apps/web/dist'),
      footer: {
        corporate: 'https://www.example.com',
        customerService: 'mailto:assistenza@example.com',
        shop: 'https://shop.example.com',
        contact: 'mailto:info@example.com',
      },
      clockOffsetMs: 0,
      telegram: {
        apiUrl: 'https://api.telegram.org',
        botToken: undefined,
        botUsername: undefined,
        timeoutMs: 10_000,
        simulator: true,
        simulatorPort: 8090,
      },
      jobs: { worker: true, pollMs: 1000, concurrency: 4 },
      shutdown: { drainMs: 0, timeoutMs: 30_000 },
      metrics: { port: undefined, token: undefined },
      storage: { kind: 'local' },
      fiscalPrinter: { simulator: true, simulatorPort: 8089, timeoutMs: 10_000, addressOverride: '127.0.0.1:8089' },
      cameras: { timeoutMs: 5000, simulator: true, simulatorPort: 8091 },
      accounting: { url: undefined, timeoutMs: 15_000 },
      sms: {
        apiUrl: undefined,
        apiKey: undefined,
        sender: 'Bottega',
        timeoutMs: 10_000,
        simulator: true,
        simulatorPort: 8092,
      },
      social: {
        graphUrl: 'https://graph.facebook.com/v21.0',
        timeoutMs: 15_000,
        simulator: true,
        simulatorPort: 8093,
      },
    });
  });

  it('runs the business clock from CLOCK_START when given, refusing an instant without its offset', () => {
    const offset = loadConfig({ APP_KEY: appKey, CLOCK_START: '2026-11-22T19:00:00+01:00' }).clockOffsetMs;
    expect(Math.abs(Date.now() + offset - Date.parse('2026-11-22T18:00:00Z'))).toBeLessThan(5_000);
    expect(() => loadConfig({ APP_KEY: appKey, CLOCK_START: '2026-11-22 19:00' })).toThrow(/CLOCK_START: /);
  });

  it('seeds the demo and runs its simulators with the embedded database only, unless told', () => {
    const embedded = loadConfig({ APP_KEY: appKey });
    expect([embedded.seedDemo, embedded.fiscalPrinter.simulator]).toEqual([true, true]);
    const production = loadConfig({ APP_KEY: appKey, DATABASE_URL: 'postgres://db/bottega' });
    expect([production.seedDemo, production.fiscalPrinter.simulator]).toEqual([false, false]);
    const demoOnPostgres = loadConfig({ APP_KEY: appKey, DATABASE_URL: 'postgres://db/bottega', SEED_DEMO: 'true' });
    expect([demoOnPostgres.seedDemo, demoOnPostgres.fiscalPrinter.simulator]).toEqual([true, true]);
    const embeddedWithoutDemo = loadConfig({ APP_KEY: appKey, SEED_DEMO: 'false' });
    expect([embeddedWithoutDemo.seedDemo, embeddedWithoutDemo.fiscalPrinter.simulator]).toEqual([false, false]);
    expect(loadConfig({ APP_KEY: appKey, DATABASE_URL: '' }).seedDemo).toBe(true);
    expect(() => loadConfig({ APP_KEY: appKey, SEED_DEMO: 'perhaps' })).toThrow(/SEED_DEMO: /);
  });

  it('runs the fiscal printer simulator with the embedded database only, unless told', () => {
    expect(loadConfig({ APP_KEY: appKey, DATABASE_URL: 'postgres://db/bottega' }).fiscalPrinter).toEqual({
      simulator: false,
      simulatorPort: 8089,
      timeoutMs: 10_000,
      addressOverride: undefined,
    });
    expect(
      loadConfig({
        APP_KEY: appKey,
        DATABASE_URL: 'postgres://db/bottega',
        FISCAL_PRINTER_SIMULATOR: 'yes',
        FISCAL_PRINTER_SIMULATOR_PORT: '9300',
        FISCAL_PRINTER_TIMEOUT_MS: '2500',
      }).fiscalPrinter,
    ).toEqual({ simulator: true, simulatorPort: 9300, timeoutMs: 2500, addressOverride: '127.0.0.1:9300' });
    expect(
      loadConfig({ APP_KEY: appKey, FISCAL_PRINTER_SIMULATOR: 'false' }).fiscalPrinter.addressOverride,
    ).toBeUndefined();
    expect(() => loadConfig({ APP_KEY: appKey, FISCAL_PRINTER_SIMULATOR: 'maybe' })).toThrow(
      /FISCAL_PRINTER_SIMULATOR: /,
    );
    expect(() => loadConfig({ APP_KEY: appKey, FISCAL_PRINTER_SIMULATOR_PORT: '0' })).toThrow(
      /FISCAL_PRINTER_SIMULATOR_PORT: /,
    );
  });

  it('runs the Telegram simulator with the demo, unless a real bot is configured or told otherwise', () => {
    expect(loadConfig({ APP_KEY: appKey }).telegram.simulator).toBe(true);
    expect(loadConfig({ APP_KEY: appKey, DATABASE_URL: 'postgres://db/bottega' }).telegram.simulator).toBe(false);
    const realBot = loadConfig({ APP_KEY: appKey, TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_USERNAME: 'ShopBot' });
    expect(realBot.telegram).toEqual({
      apiUrl: 'https://api.telegram.org',
      botToken: '123:abc',
      botUsername: 'ShopBot',
      timeoutMs: 10_000,
      simulator: false,
      simulatorPort: 8090,
    });
    const asked = loadConfig({
      APP_KEY: appKey,
      DATABASE_URL: 'postgres://db/bottega',
      TELEGRAM_SIMULATOR: 'yes',
      TELEGRAM_SIMULATOR_PORT: '9400',
    });
    expect([asked.telegram.simulator, asked.telegram.simulatorPort]).toEqual([true, 9400]);
    expect(() => loadConfig({ APP_KEY: appKey, TELEGRAM_SIMULATOR: 'maybe' })).toThrow(/TELEGRAM_SIMULATOR: /);
    expect(() => loadConfig({ APP_KEY: appKey, TELEGRAM_SIMULATOR_PORT: '70000' })).toThrow(
      /TELEGRAM_SIMULATOR_PORT: /,
    );
  });

  it('reads and converts the settings given', () => {
    const config = loadConfig({
      APP_KEY: appKey,
      PORT: '8080',
      DATABASE_URL: 'postgres://db/bottega',
      SEED_DEMO: 'no',
      SESSION_HOURS: '8',
      SESSION_ABSOLUTE_HOURS: '10',
      SESSION_REMEMBER_ABSOLUTE_DAYS: '14',
      BODY_LIMIT_BYTES: '4096',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '3',
      LOGIN_WINDOW_MINUTES: '10',
      LOGIN_MAX_LOCK_MINUTES: '60',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://db/bottega',
      seedDemo: false,
      sessionHours: 8,
      sessionAbsoluteHours: 10,
      sessionRememberAbsoluteDays: 14,
      bodyLimitBytes: 4096,
      logLevel: 'warn',
      loginThrottle: { maxAttempts: 3, windowMinutes: 10, maxLockMinutes: 60 },
    });
    expect(loadConfig({ APP_KEY: appKey, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('serves the metrics on METRICS_PORT and/or with a METRICS_TOKEN of 32 characters at least', () => {
    const token = 'metrics-token-0123456789-abcdefghij';
    expect(loadConfig({ APP_KEY: appKey, METRICS_PORT: '9464', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      token,
    });
    expect(loadConfig({ APP_KEY: appKey, METRICS_TOKEN: '' }).metrics).toEqual({ port: undefined, token: undefined });
    expect(() => loadConfig({ APP_KEY: appKey, METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN: at least 32/);
    expect(() => loadConfig({ APP_KEY: appKey, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: /);
  });

  it('throws a readable message naming the invalid setting', () => {
    expect(() => loadConfig({ APP_KEY: appKey, PORT: 'eighty' })).toThrow(/^Invalid settings:\n {2}PORT: /);
    expect(() => loadConfig({ APP_KEY: appKey, PORT: '70000' })).toThrow(/PORT: .*65535/);
    expect(() => loadConfig({ APP_KEY: 'short' })).toThrow(/APP_KEY: /);
    expect(() => loadConfig({ APP_KEY: appKey, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: /);
    expect(() => loadConfig({ APP_KEY: appKey, LOGIN_MAX_ATTEMPTS: '0' })).toThrow(/LOGIN_MAX_ATTEMPTS: /);
    expect(() => loadConfig({ APP_KEY: appKey, LOGIN_WINDOW_MINUTES: '2.5' })).toThrow(/LOGIN_WINDOW_MINUTES: /);
    expect(() => loadConfig({ APP_KEY: appKey, LOGIN_MAX_LOCK_MINUTES: 'forever' })).toThrow(
      /LOGIN_MAX_LOCK_MINUTES: /,
    );
  });

  it('trusts X-Forwarded-For only from the proxies listed, and refuses to trust every client', () => {
    expect(loadConfig({ APP_KEY: appKey, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ APP_KEY: appKey, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(
      loadConfig({ APP_KEY: appKey, TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,fd00::/8 , loopback' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ APP_KEY: appKey, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe X-Forwarded-For from any client; list your proxies/,
    );
    expect(() => loadConfig({ APP_KEY: appKey, TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toThrow(
      /TRUST_PROXY: not an address, CIDR range or loopback\/linklocal\/uniquelocal: 10.0.0.0\/33, proxy.local/,
    );
  });

  it('resolves relative folders from where npm was run, or the working directory', () => {
    expect(loadConfig({ APP_KEY: appKey, DATA_DIR: 'var/bottega', INIT_CWD: '/srv/app' }).dataDir).toBe(
      '/srv/app/var/bottega',
    );
    expect(loadConfig({ APP_KEY: appKey, DATA_DIR: 'var/bottega' }).dataDir).toBe(
      path.resolve(process.cwd(), 'var/bottega'),
    );
    expect(loadConfig({ APP_KEY: appKey, DATA_DIR: '/absolute/data', INIT_CWD: '/srv/app' }).dataDir).toBe(
      '/absolute/data',
    );
    expect(loadConfig({ APP_KEY: appKey, WEB_DIST: 'build', INIT_CWD: '/srv/app' }).webDist).toBe('/srv/app/build');
  });

  it('creates an app key in DATA_DIR when none is given and keeps using it', () => {
    const dataDir = path.join(temporaryFolder(), 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.appKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'app-key'), 'utf8')).toBe(first.appKey);
    expect(loadConfig({ DATA_DIR: dataDir }).appKey).toBe(first.appKey);
  });
});
