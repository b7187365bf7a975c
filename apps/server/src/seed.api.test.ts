import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { cameras } from './modules/cameras/cameras.schema';
import { fiscalCloses, products, receipts, salesDays } from './modules/sales/sales.schema';
import { demoFiscalPrinter, isDemoDatabase, seedDemoSales } from './modules/sales/sales.seed';
import { installationFacts } from './platform/installation.schema';
import { createStorage } from './platform/storage';
import { prepareDemo } from './seed';

let test: TestApp;
/** Monday 2026-11-23, 15:40 in Rome. */
const now = new Date('2026-11-23T14:40:00Z');
const demoOn = {
  seedDemo: true,
  fiscalPrinter: { simulator: true, simulatorPort: 8089, timeoutMs: 1000, addressOverride: '127.0.0.1:8089' },
  telegram: {
    apiUrl: 'https://api.telegram.org',
    botToken: undefined,
    botUsername: undefined,
    timeoutMs: 1000,
    simulator: true,
    simulatorPort: 8090,
  },
  cameras: { timeoutMs: 1000, simulator: true, simulatorPort: 8091 },
  social: { graphUrl: 'https://graph.facebook.com/v21.0', timeoutMs: 1000, simulator: true, simulatorPort: 8093 },
  sms: {
    apiUrl: undefined,
    apiKey: undefined,
    sender: 'Bottega',
    timeoutMs: 1000,
    simulator: true,
    simulatorPort: 8092,
  },
};

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

async function countOf(
  table: typeof receipts | typeof salesDays | typeof fiscalCloses | typeof products | typeof cameras,
) {
  const [row] = await test.db.select({ value: sql<number>`count(*)::int` }).from(table);
  return row?.value ?? 0;
}

describe('the demo at start-up', () => {
  it('marks the database it seeds as the demo', async () => {
    expect(await isDemoDatabase(test.db)).toBe(true);
  });

  it('never writes demo sales into a database it did not create, even with SEED_DEMO and the simulator on', async () => {
    // The same records without the demo's mark: a company's database holding its own data.
    await test.db.delete(installationFacts);
    const mode = await prepareDemo({
      db: test.db,
      storage: createStorage(test.config),
      config: { ...demoOn, appKey: test.config.appKey },
      now,
    });
    expect(mode).toEqual({
      demoDatabase: false,
      salesFeed: false,
      fiscalPrinterSimulator: false,
      telegramSimulator: false,
      cameraSimulator: false,
      smsSimulator: false,
      socialSimulator: false,
      refused: [
        'SEED_DEMO',
        'FISCAL_PRINTER_SIMULATOR',
        'TELEGRAM_SIMULATOR',
        'CAMERA_SIMULATOR',
        'SMS_SIMULATOR',
        'SOCIAL_SIMULATOR',
      ],
    });
    // The feed and the printer simulator refuse on their own too, whoever calls them.
    expect(await seedDemoSales(test.db, { now })).toBeNull();
    expect(await demoFiscalPrinter(test.db, 'MI01', () => now)).toBeNull();
    expect(await countOf(products)).toBe(0);
    expect(await countOf(receipts)).toBe(0);
    expect(await countOf(salesDays)).toBe(0);
    expect(await countOf(fiscalCloses)).toBe(0);
    expect(await countOf(cameras)).toBe(0);
  });
});
