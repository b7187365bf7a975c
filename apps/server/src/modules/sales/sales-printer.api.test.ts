// Reading the day's fiscal close from the shop's printer (issue 7), against the simulated Epson RT printer.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrispettiviXml } from '../../../test/corrispettivi';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import {
  demoFiscalClose,
  type FiscalPrinterSimulator,
  type SimulatedClose,
  startFiscalPrinterSimulator,
} from '../../integrations/fiscal-printer/fiscal-printer.simulator';
import { auditLog } from '../../platform/audit.schema';
import { shops } from '../shops/shops.schema';
import { fiscalCloses } from './sales.schema';

let test: TestApp;
let printer: FiscalPrinterSimulator;
let token: string;
let milanId: number;
let naplesId: number;
const day = '2026-03-10';

beforeAll(async () => {
  printer = await startFiscalPrinterSimulator();
  // The shops' own printer addresses, not the demo's simulator override.
  test = await createTestApp({ FISCAL_PRINTER_SIMULATOR: 'false', FISCAL_PRINTER_TIMEOUT_MS: '2000' });
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  await test.db.update(shops).set({ fiscalPrinterIp: printer.address }).where(eq(shops.id, milanId));
  token = await signIn(test.app, 'admin');
});
afterAll(async () => {
  await test?.close();
  await printer?.close();
});

const read = (shopId: number, businessDate = day) =>
  api(test.app, {
    method: 'POST',
    url: `/api/shops/${shopId}/fiscal-closes/read-printer`,
    token,
    body: { businessDate },
  });

describe('POST /api/shops/:id/fiscal-closes/read-printer', () => {
  it('stores the close the printer reports, marked as read from the printer, once', async () => {
    const first = await read(milanId);
    expect(first.statusCode, first.body).toBe(201);
    const close = first.json().data;
    expect(close).toMatchObject({ businessDate: day, source: 'printer', deviceSerial: '99MEX012345' });
    expect(close.totalCents).toBeGreaterThan(0);
    expect(printer.requests.at(-1)?.path).toBe('/cgi-bin/fpmate.cgi');

    const again = await read(milanId);
    expect(again.statusCode, again.body).toBe(200);
    const stored = await test.db
      .select()
      .from(fiscalCloses)
      .where(and(eq(fiscalCloses.shopId, milanId), eq(fiscalCloses.businessDate, day)));
    expect(stored).toHaveLength(1);
    const audits = await test.db.select().from(auditLog).where(eq(auditLog.action, 'shop.fiscalCloseEntered'));
    expect(audits.filter((entry) => entry.toState === 'printer')).toHaveLength(1);
  });

  it('says the close is not there yet for today, in the words of spec §8', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const response = await read(milanId, today);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'fiscalCloseNotYet' });
    expect(response.json().message).toContain('Chiusura fiscale assente');
  });

  it('tells a printer that answers nonsense, refuses, or cannot be reached', async () => {
    printer.setMode('malformed');
    expect((await read(milanId, '2026-03-11')).json().code).toBe('fiscalPrinterMalformed');
    printer.setMode('error');
    expect((await read(milanId, '2026-03-11')).json().code).toBe('fiscalPrinterRefused');
    printer.setMode('ok');

    const closed = await startFiscalPrinterSimulator();
    const unreachable = closed.address;
    await closed.close();
    await test.db.update(shops).set({ fiscalPrinterIp: unreachable }).where(eq(shops.id, milanId));
    const response = await read(milanId, '2026-03-11');
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().code).toBe('fiscalPrinterUnreachable');
    await test.db.update(shops).set({ fiscalPrinterIp: printer.address }).where(eq(shops.id, milanId));
  });

  it('needs the shop to have a printer address, and keeps people to their own shops', async () => {
    await test.db.update(shops).set({ fiscalPrinterIp: null }).where(eq(shops.id, naplesId));
    const missing = await read(naplesId);
    expect(missing.statusCode, missing.body).toBe(409);
    expect(missing.json().code).toBe('fiscalPrinterMissing');

    const member = await signIn(test.app, 'dipendente');
    const response = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${naplesId}/fiscal-closes/read-printer`,
      token: member,
      body: { businessDate: day },
    });
    expect(response.statusCode, response.body).toBe(404);
  });

  it('refuses a business date that is not one', async () => {
    const response = await read(milanId, '10/03/2026');
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /api/shops/:id/fiscal-closes/file', () => {
  const fileDay = '2026-03-12';
  const close = {
    ...(demoFiscalClose(fileDay) as SimulatedClose),
    deviceSerial: '72MEX000777',
    businessDate: fileDay,
  };
  const send = (
    shopId: number,
    file: { name: string; bytes: Uint8Array | string },
    fields: Record<string, string> = { businessDate: fileDay },
    who = token,
  ) => {
    const { payload, contentType } = multipart(file, fields);
    return api(test.app, {
      method: 'POST',
      url: `/api/shops/${shopId}/fiscal-closes/file`,
      token: who,
      body: payload,
      headers: { 'content-type': contentType },
    });
  };

  it('stores the close of a corrispettivi file, marked as read from a file, and audits the file name', async () => {
    const response = await send(milanId, { name: 'RT_72MEX000777_20260312.xml', bytes: corrispettiviXml(close) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      businessDate: fileDay,
      deviceSerial: '72MEX000777',
      source: 'file',
      totalCents: close.totalCents,
      closeNumber: close.closeNumber,
      vatBreakdown: close.vatBreakdown,
    });
    const again = await send(milanId, { name: 'copy.xml', bytes: corrispettiviXml(close) });
    expect(again.statusCode, again.body).toBe(200);
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shop.fiscalCloseEntered'), eq(auditLog.toState, 'file')));
    expect(audit?.data).toMatchObject({ fileName: 'RT_72MEX000777_20260312.xml', businessDate: fileDay });
  });

  it('refuses a changed file for a day already closed, and leaves the stored close as it was', async () => {
    const changed = corrispettiviXml({ ...close, documentsCount: close.documentsCount + 1 });
    const response = await send(milanId, { name: 'changed.xml', bytes: changed });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('fiscalCloseChanged');
    const [stored] = await test.db
      .select()
      .from(fiscalCloses)
      .where(and(eq(fiscalCloses.shopId, milanId), eq(fiscalCloses.deviceSerial, '72MEX000777')));
    expect(stored?.documentsCount).toBe(close.documentsCount);
  });

  it('says in the reader’s language what is wrong with the file', async () => {
    const other = await send(milanId, { name: 'photo.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'fiscalCloseFileUnreadable' });
    expect(other.json().message).toContain('corrispettivi');

    const broken = corrispettiviXml(close).replace(/<NumeroDocCommerciali>\d+/, '<NumeroDocCommerciali>tanti');
    const field = await send(milanId, { name: 'broken.xml', bytes: broken });
    expect(field.statusCode).toBe(422);
    expect(field.json()).toMatchObject({ code: 'fiscalCloseFileField' });
    expect(field.json().message).toContain('DatiRT/Totali/NumeroDocCommerciali');

    const otherDay = await send(
      milanId,
      { name: 'z.xml', bytes: corrispettiviXml(close) },
      { businessDate: '2026-03-13' },
    );
    expect(otherDay.statusCode).toBe(422);
    expect(otherDay.json().code).toBe('fiscalCloseFileOtherDay');
    expect(otherDay.json().message).toContain('2026-03-12');

    const noDay = await send(milanId, { name: 'z.xml', bytes: corrispettiviXml(close) }, {});
    expect(noDay.statusCode).toBe(422);
    expect(noDay.json().errors).toMatchObject({ businessDate: [expect.anything()] });

    const english = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${milanId}/fiscal-closes/file`,
      token,
      lng: 'en',
      ...(() => {
        const { payload, contentType } = multipart({ name: 'photo.jpg', bytes: 'GIF89a' }, { businessDate: fileDay });
        return { body: payload, headers: { 'content-type': contentType } };
      })(),
    });
    expect(english.json().message).toContain('not the fiscal printer');
  });

  it('keeps people to their own shops and to the ability to close the day', async () => {
    const member = await signIn(test.app, 'dipendente');
    const otherShop = await send(naplesId, { name: 'z.xml', bytes: corrispettiviXml(close) }, undefined, member);
    expect(otherShop.statusCode, otherShop.body).toBe(404);
    const viewer = await createUserWithAbilities(test.db, ['shops.cashRegister.view'], { shops: ['MI01'] });
    const refused = await send(
      milanId,
      { name: 'z.xml', bytes: corrispettiviXml(close) },
      undefined,
      await signIn(test.app, viewer.username),
    );
    expect(refused.statusCode).toBe(403);
  });
});
