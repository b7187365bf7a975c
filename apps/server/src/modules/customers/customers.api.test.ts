// Marketing's customers API (issue 27): every card the receipts carry is a customer; the list's scope by shop and by
// registration (customers.allShops, customers.nonRegistered), the search, another shop's customer answering 404 on
// every route, the member's record marketing edits (never the email, phone or password; consent only withdrawn),
// discounted sales with totals and export, and the club's settings.

import { businessDate } from '@bottega/contracts/dates';
import type { Ability } from '@bottega/contracts/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { ingestReceipts } from '../sales/sales-ingest.service';
import { customers } from './customers.schema';

const test = await createTestApp();
afterAll(() => test.close());

const milano = await findShopId(test.db, 'MI01');
const napoli = await findShopId(test.db, 'NA01');
const today = businessDate(new Date());
let receiptNumber = 0;

/** A sale through the sales feed's own ingestion, as a register sends it: one line, with or without a discount. */
async function sell(
  shopId: number,
  card: string | null,
  options: { cents?: number; discount?: number; product?: string } = {},
) {
  receiptNumber += 1;
  const unit = options.cents ?? 2_000;
  const discount = options.discount ?? 0;
  const total = unit - discount;
  const result = await ingestReceipts({
    db: test.db,
    shopId,
    clientId: null,
    lng: 'en',
    records: [
      {
        registerCode: 'R1',
        businessDate: today,
        issuedAt: new Date(`${today}T11:00:00+01:00`).toISOString(),
        receiptNumber,
        sequenceNumber: receiptNumber,
        type: 'sale',
        loyaltyCard: card,
        totalCents: total,
        pieces: 1,
        lines: [
          {
            productCode: options.product ?? 'P-100',
            description: 'Maglia cotone',
            quantity: 1,
            unitPriceCents: unit,
            discountCents: discount,
            subtotalCents: total,
            vatRate: 2200,
          },
        ],
        payments: [{ method: 'cash', amountCents: total }],
      },
    ],
  });
  expect(result.rejected, JSON.stringify(result.rejected)).toEqual([]);
}

const cardOf = (prefix: string) => `${prefix}${Math.random().toString().slice(2, 12)}`;

async function customerByCard(card: string) {
  const [row] = await test.db.select().from(customers).where(eq(customers.cardNumber, card));
  if (!row) throw new Error(`no customer for ${card}`);
  return row;
}

async function staff(abilities: Ability[], shops: string[] = ['MI01']) {
  const user = await createUserWithAbilities(test.db, abilities, { shops });
  return signIn(test.app, user.username);
}

/** A member: the card's customer registered and confirmed (as the club would leave it). */
async function member(card: string, values: Partial<typeof customers.$inferInsert> = {}) {
  const at = new Date();
  await test.db
    .update(customers)
    .set({
      firstName: 'Giorgia',
      lastName: 'Verdi',
      email: `${card.toLowerCase()}@club.test`,
      countryCode: '+39',
      phone: '333 1234567',
      gender: 'female',
      birthday: '1988-07-04',
      address: 'Corso Como 1',
      city: 'Milano',
      state: 'MI',
      zip: '20154',
      subscribedAt: at,
      emailConfirmedAt: at,
      phoneConfirmedAt: at,
      privacyConsentAt: at,
      marketingConsentAt: at,
      ...values,
    })
    .where(eq(customers.cardNumber, card));
  return customerByCard(card);
}

describe('customers from the receipts', () => {
  it('makes every card the registers scan a customer of the shop that scanned it first, once', async () => {
    const card = cardOf('C');
    await sell(milano, card);
    await sell(napoli, card);
    await sell(milano, null);
    const row = await customerByCard(card);
    expect(row).toMatchObject({ shopId: milano, firstSeenOn: today, lastPurchaseOn: today, subscribedAt: null });
    expect(await test.db.$count(customers, eq(customers.cardNumber, card))).toBe(1);
  });
});

describe('the customers list', () => {
  it('shows a member of the list ability only their shops’ customers, and every shop with customers.allShops', async () => {
    const ours = cardOf('O');
    const theirs = cardOf('T');
    await sell(milano, ours, { cents: 12_345 });
    await sell(napoli, theirs);
    const reader = await staff(['customers.list', 'customers.nonRegistered']);
    const list = async (token: string, query = '') =>
      (await api(test.app, { url: `/api/customers?perPage=100${query}`, token })).json();
    const page = await list(reader, `&search=${ours}`);
    expect(page.data).toEqual([
      expect.objectContaining({
        cardNumber: ours,
        registered: false,
        points: 123,
        levelName: 'Bronzo',
        shop: expect.objectContaining({ code: 'MI01' }),
      }),
    ]);
    expect((await list(reader, `&search=${theirs}`)).data).toEqual([]);
    const everywhere = await staff(['customers.list', 'customers.nonRegistered', 'customers.allShops']);
    expect((await list(everywhere, `&search=${theirs}`)).data).toHaveLength(1);
    // The filters offer the shops whose customers one reaches.
    const shopsOf = async (token: string) =>
      (await api(test.app, { url: '/api/customers/shops', token }))
        .json()
        .data.map((shop: { code: string }) => shop.code);
    expect(await shopsOf(reader)).toEqual(['MI01']);
    expect(await shopsOf(everywhere)).toEqual(expect.arrayContaining(['MI01', 'NA01']));

    // Another shop's customer answers 404 on every route.
    const napoliCustomer = await customerByCard(theirs);
    for (const url of [
      `/api/customers/${napoliCustomer.id}`,
      `/api/customers/${napoliCustomer.id}/sales`,
      `/api/customers/${napoliCustomer.id}/points`,
    ]) {
      expect((await api(test.app, { url, token: reader })).statusCode, url).toBe(404);
    }
    const editor = await staff(['customers.list', 'customers.create']);
    const put = await api(test.app, {
      method: 'PUT',
      url: `/api/customers/${napoliCustomer.id}`,
      token: editor,
      body: {
        firstName: 'X',
        lastName: 'Y',
        gender: 'male',
        birthday: '1990-01-01',
        address: '',
        city: '',
        state: '',
        zip: '',
        shopId: napoli,
        marketingConsent: false,
      },
    });
    expect(put.statusCode).toBe(404);
  });

  it('lists non-registered customers only for customers.nonRegistered', async () => {
    const card = cardOf('N');
    await sell(milano, card);
    const withIt = await staff(['customers.list', 'customers.nonRegistered']);
    const without = await staff(['customers.list']);
    const search = (token: string, registered: string) =>
      api(test.app, { url: `/api/customers?search=${card}&registered=${registered}`, token });
    expect((await search(withIt, 'nonRegistered')).json().data).toHaveLength(1);
    expect((await search(without, 'nonRegistered')).json().data).toEqual([]);
    expect((await search(without, 'all')).json().data).toEqual([]);
    await member(card);
    expect((await search(without, 'all')).json().data).toEqual([
      expect.objectContaining({ registered: true, firstName: 'Giorgia' }),
    ]);
  });

  it('finds customers by words of their name, email, phone and card, and by the search screen’s fields', async () => {
    const card = cardOf('S');
    await sell(milano, card);
    await member(card, {
      firstName: 'Ottavia',
      lastName: 'Quaranta',
      phone: '320 9988776',
      city: 'Monza',
      birthday: '1979-11-03',
    });
    const searcher = await staff(['customers.search']);
    const found = async (query: string) =>
      (await api(test.app, { url: `/api/customers?${query}`, token: searcher }))
        .json()
        .data.map((row: { cardNumber: string }) => row.cardNumber);
    expect(await found('search=ottavia quar')).toEqual([card]);
    expect(await found(`search=${card.slice(3, 9)}`)).toContain(card);
    expect(await found('name=Quaranta Ottavia')).toEqual([card]);
    expect(await found('phone=%2B39 320-998')).toEqual([card]);
    expect(await found('city=monz&birthdayMonth=11&marketingConsent=yes')).toEqual([card]);
    expect(await found('city=monz&birthdayMonth=10')).toEqual([]);
    const hostile = await api(test.app, { url: '/api/customers?search=%00', token: searcher });
    expect(hostile.statusCode).toBe(422);
    // Without either ability: 403.
    const nobody = await staff(['customers.discountedSales']);
    expect((await api(test.app, { url: '/api/customers', token: nobody })).statusCode).toBe(403);
  });
});

describe('a customer', () => {
  it('shows the member with consents, points in the window, level, sales lines and points history', async () => {
    const card = cardOf('D');
    await sell(milano, card, { cents: 35_000, discount: 1_000, product: 'P-DET' });
    const row = await member(card);
    const token = await staff(['customers.list']);
    const detail = (await api(test.app, { url: `/api/customers/${row.id}`, token })).json().data;
    expect(detail).toMatchObject({
      cardNumber: card,
      registered: true,
      email: row.email,
      phone: '+39 333 1234567',
      points: 340,
      levelName: 'Argento',
      loyalty: { points: 340, level: { name: 'Argento' }, next: { name: 'Oro', missingPoints: 460 } },
      receiptsInWindow: 1,
      spentInWindowCents: 34_000,
    });
    expect(detail.marketingConsentAt).not.toBeNull();
    const sales = (await api(test.app, { url: `/api/customers/${row.id}/sales`, token })).json();
    expect(sales.data).toEqual([
      expect.objectContaining({
        productCode: 'P-DET',
        amountCents: 35_000,
        discountCents: 1_000,
        subtotalCents: 34_000,
        totalItems: 1,
        receiptDate: today,
        type: 'sale',
      }),
    ]);
    const points = (await api(test.app, { url: `/api/customers/${row.id}/points`, token })).json();
    expect(points.data).toEqual([
      expect.objectContaining({ kind: 'sale', points: 340, counted: true, shopName: expect.any(String) }),
    ]);
  });

  it('lets customers.create edit a member but never their email, phone or password, and consent only withdrawn', async () => {
    const card = cardOf('E');
    await sell(milano, card);
    const row = await member(card);
    const body = {
      firstName: 'Giorgina',
      lastName: 'Verdi',
      gender: 'female',
      birthday: '1988-07-05',
      address: 'Corso Como 2',
      city: 'Milano',
      state: 'MI',
      zip: '20154',
      shopId: milano,
      marketingConsent: false,
      email: 'taken.over@evil.test',
      phone: '000',
      password: 'hijack-hijack',
    };
    const reader = await staff(['customers.list']);
    expect(
      (await api(test.app, { method: 'PUT', url: `/api/customers/${row.id}`, token: reader, body })).statusCode,
    ).toBe(403);
    const editor = await staff(['customers.list', 'customers.create']);
    const saved = await api(test.app, { method: 'PUT', url: `/api/customers/${row.id}`, token: editor, body });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await customerByCard(card);
    expect(after).toMatchObject({
      firstName: 'Giorgina',
      birthday: '1988-07-05',
      email: row.email,
      phone: row.phone,
      passwordHash: row.passwordHash,
    });
    expect(after.marketingConsentAt).toBeNull();
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.updated'), eq(auditLog.entityId, String(row.id))));
    expect(audit?.data).toEqual({ fields: ['firstName', 'birthday', 'address', 'marketingConsent'] });
    // Consent cannot be given on the customer's behalf.
    const give = await api(test.app, {
      method: 'PUT',
      url: `/api/customers/${row.id}`,
      token: editor,
      body: { ...body, marketingConsent: true },
    });
    expect(give.statusCode).toBe(422);
    expect(Object.keys(give.json().errors)).toEqual(['marketingConsent']);
    // A card nobody registered has no record to edit.
    const bare = cardOf('B');
    await sell(milano, bare);
    const notMember = await customerByCard(bare);
    expect(
      (await api(test.app, { method: 'PUT', url: `/api/customers/${notMember.id}`, token: editor, body })).statusCode,
    ).toBe(404);
  });
});

describe('discounted sales', () => {
  it('lists the discounted lines of the period with totals, filters by product and customer, and exports them', async () => {
    const card = cardOf('X');
    await sell(milano, card, { cents: 10_000, discount: 1_500, product: 'SCONTO-1' });
    await sell(milano, card, { cents: 8_000, product: 'SCONTO-2' });
    await sell(napoli, null, { cents: 5_000, discount: 500, product: 'SCONTO-3' });
    const token = await staff(['customers.discountedSales']);
    const query = `from=${today}&to=${today}&product=SCONTO`;
    const page = (await api(test.app, { url: `/api/customers/discounted-sales?${query}`, token })).json();
    expect(page.data.map((line: { productCode: string }) => line.productCode)).toEqual(['SCONTO-1']);
    expect(page.totals).toEqual({
      lines: 1,
      pieces: 1,
      amountCents: 10_000,
      discountCents: 1_500,
      subtotalCents: 8_500,
    });
    const byCustomer = (
      await api(test.app, { url: `/api/customers/discounted-sales?${query}&customer=${card}`, token })
    ).json();
    expect(byCustomer.meta.total).toBe(1);
    const everywhere = await staff(['customers.discountedSales', 'customers.allShops']);
    const all = (await api(test.app, { url: `/api/customers/discounted-sales?${query}`, token: everywhere })).json();
    expect(all.totals.discountCents).toBe(2_000);
    // Another shop asked by one who does not reach it: 404; a period too long: 422.
    expect(
      (await api(test.app, { url: `/api/customers/discounted-sales?${query}&shopId=${napoli}`, token })).statusCode,
    ).toBe(404);
    const tooLong = await api(test.app, {
      url: '/api/customers/discounted-sales?from=2024-01-01&to=2026-01-01',
      token,
    });
    expect(tooLong.statusCode).toBe(422);
    const exported = await api(test.app, { url: `/api/customers/discounted-sales/export?${query}`, token, lng: 'en' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('SCONTO-1');
    expect(lines[1]).toContain('100,00;15,00;85,00');
    const nobody = await staff(['customers.list']);
    expect((await api(test.app, { url: `/api/customers/discounted-sales?${query}`, token: nobody })).statusCode).toBe(
      403,
    );
  });
});

describe('the club’s settings', () => {
  it('lets customers.create change levels and suspend registration (audited); refuses levels that make no sense', async () => {
    const reader = await staff(['customers.list']);
    const editor = await staff(['customers.create']);
    const current = (await api(test.app, { url: '/api/customers/settings', token: reader })).json().data;
    expect(current.levels.map((level: { name: string }) => level.name)).toEqual(['Bronzo', 'Argento', 'Oro']);
    const levels = [
      { name: 'Base', minPoints: 0, discountPercent: 3 },
      { name: 'Premium', minPoints: 500, discountPercent: 12 },
    ];
    expect(
      (
        await api(test.app, {
          method: 'PUT',
          url: '/api/customers/settings',
          token: reader,
          body: { levels, registrationSuspended: false },
        })
      ).statusCode,
    ).toBe(403);
    const saved = await api(test.app, {
      method: 'PUT',
      url: '/api/customers/settings',
      token: editor,
      body: { levels, registrationSuspended: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.levels).toEqual(levels);
    for (const bad of [
      [{ name: 'A', minPoints: 10, discountPercent: 1 }],
      [
        { name: 'A', minPoints: 0, discountPercent: 1 },
        { name: 'B', minPoints: 0, discountPercent: 2 },
      ],
      [{ name: 'A', minPoints: 0, discountPercent: 16 }],
      [
        { name: 'A', minPoints: 0, discountPercent: 1 },
        { name: 'a', minPoints: 5, discountPercent: 2 },
      ],
      [],
    ]) {
      const refused = await api(test.app, {
        method: 'PUT',
        url: '/api/customers/settings',
        token: editor,
        body: { levels: bad, registrationSuspended: false },
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect(await test.db.$count(auditLog, eq(auditLog.action, 'club.settingsUpdated'))).toBe(1);
    await api(test.app, { method: 'PUT', url: '/api/customers/settings', token: editor, body: current });
  });
});
