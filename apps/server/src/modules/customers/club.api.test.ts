// The loyalty club's API (issue 27): registration with both one-time codes, their limits, expiry and reuse; the club
// as a realm of its own; points over the rolling 12 months and levels moving with the window (the business clock set
// by the test); the birthday gift once a year; the referral once per friend; the forgotten password; GDPR export and
// erasure; and registration suspended.
import {
  otpDailyLimit,
  otpMaxAttempts,
  otpResendSeconds,
  registrationsPerAddressHourly,
} from '@bottega/contracts/club';
import { addDays, businessDate } from '@bottega/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findShopId,
  lastMailTo,
  lastSmsTo,
  signIn,
} from '../../../test/harness';
import { startSmsSimulator } from '../../integrations/sms/sms-gateway.simulator';
import { auditLog } from '../../platform/audit.schema';
import { enqueueJob } from '../../platform/jobs';
import { mailOutbox } from '../../platform/mail.schema';
import { smsOutbox } from '../../platform/sms.schema';
import { receipts } from '../sales/sales.schema';
import { birthdayGiftJob } from './customers.jobs';
import { customerOtps, customerPointAwards, customers } from './customers.schema';

const test = await createTestApp();
afterAll(() => test.close());

const shopId = await findShopId(test.db, 'MI01');
let serial = 0;

/** The business clock at `instant` (an ISO date is its noon in Rome). */
function setClock(instant: string) {
  const at = instant.length === 10 ? `${instant}T12:00:00+01:00` : instant;
  test.config.clockOffsetMs = Date.parse(at) - Date.now();
}
const today = () => businessDate(new Date(Date.now() + test.config.clockOffsetMs));

beforeEach(() => {
  test.config.clockOffsetMs = 0;
});

function registration(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: 'Anna',
    lastName: `Rossi${serial}`,
    email: `anna.rossi${serial}@club.test`,
    password: 'una-password-lunga',
    countryCode: '+39',
    phone: `347 ${String(1_000_000 + serial).slice(0, 7)}`,
    birthday: '1990-05-17',
    gender: 'female',
    address: 'Via Dante 3',
    city: 'Milano',
    state: 'MI',
    zip: '20121',
    shopId,
    privacyConsent: true,
    marketingConsent: false,
    language: 'it',
    ...overrides,
  };
}

let addresses = 0;
/** A client address of its own for each call, so the registrations' limit per address only counts where tested. */
const freshAddress = () => {
  addresses += 1;
  return `10.27.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const post = (url: string, body: unknown, token?: string, lng?: string, ip: string = freshAddress()) =>
  test.app.inject({
    method: 'POST',
    url,
    headers: {
      ...csrfHeaders(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lng ? { 'accept-language': lng } : {}),
    },
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
  });

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await post('/api/club/register', body);
  expect(response.statusCode, response.body).toBe(201);
  const { token, customer } = response.json().data;
  const phone = `+39${body.phone.replace(/\D/g, '')}`;
  return { body, token: token as string, customer, phone };
}

async function confirm(member: Awaited<ReturnType<typeof register>>) {
  const emailCode = (await lastMailTo(test.db, member.body.email, 'clubCode')).token;
  const smsCode = (await lastSmsTo(test.db, member.phone)).code;
  expect((await post('/api/club/otp/verify', { channel: 'email', code: emailCode }, member.token)).statusCode).toBe(
    200,
  );
  const done = await post('/api/club/otp/verify', { channel: 'sms', code: smsCode }, member.token);
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data;
}

/** A receipt of MI01 carrying `card`. */
async function receipt(card: string, day: string, totalCents: number, type: 'sale' | 'return' | 'cancelled' = 'sale') {
  serial += 1;
  await test.db.insert(receipts).values({
    shopId,
    registerCode: 'CLUB-TEST',
    businessDate: day,
    issuedAt: new Date(`${day}T10:00:00+01:00`),
    receiptNumber: serial,
    sequenceNumber: serial,
    type,
    loyaltyCard: card,
    totalCents,
    pieces: type === 'return' ? -1 : 1,
    contentHash: `hash-${serial}`,
  });
}

describe('registration and the one-time codes', () => {
  it('registers, sends a code by email and one by SMS kept only redacted, and opens nothing else until both are confirmed', async () => {
    const member = await register();
    expect(member.customer).toMatchObject({ emailConfirmed: false, phoneConfirmed: false, confirmed: false });
    expect(member.customer.cardNumber).toMatch(/^29\d{11}$/);

    const { mail, token: emailCode } = await lastMailTo(test.db, member.body.email, 'clubCode');
    expect(emailCode).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('[redacted]');
    expect(mail.text + mail.html + mail.subject).not.toContain(emailCode);
    const { sms, code: smsCode } = await lastSmsTo(test.db, member.phone);
    expect(sms.text).toBe('Bottega Club: il tuo codice di conferma è [redacted]. Vale 10 minuti.');
    expect(smsCode).toMatch(/^\d{6}$/);
    // Only a keyed hash of each code is kept.
    const stored = await test.db.select().from(customerOtps).where(eq(customerOtps.customerId, member.customer.id));
    expect(stored).toHaveLength(2);
    for (const otp of stored) expect(otp.codeHash).not.toContain(otp.channel === 'email' ? emailCode : smsCode);

    const closed = await api(test.app, { url: '/api/club/loyalty', token: member.token });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('clubNotConfirmed');
    expect((await api(test.app, { url: '/api/club/me', token: member.token })).statusCode).toBe(200);

    const profile = await confirm(member);
    expect(profile).toMatchObject({ emailConfirmed: true, phoneConfirmed: true, confirmed: true });
    expect((await api(test.app, { url: '/api/club/loyalty', token: member.token })).statusCode).toBe(200);
    const actions = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(member.customer.id))));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'customer.registered',
        'customer.emailConfirmed',
        'customer.phoneConfirmed',
        'customer.confirmed',
      ]),
    );
  });

  it('refuses a wrong code, a used one, an expired one, and spends a code after too many wrong tries', async () => {
    const member = await register();
    const { token: code } = await lastMailTo(test.db, member.body.email, 'clubCode');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post('/api/club/otp/verify', { channel: 'email', code: wrong }, member.token, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'otpInvalid', message: 'The code is not correct.' });
    expect((await post('/api/club/otp/verify', { channel: 'email', code }, member.token)).statusCode).toBe(200);
    const reused = await post('/api/club/otp/verify', { channel: 'email', code }, member.token);
    expect(reused.json().code).toBe('otpExpired');

    // The SMS code, aged past its ten minutes.
    const { code: smsCode } = await lastSmsTo(test.db, member.phone);
    await test.db
      .update(customerOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(customerOtps.customerId, member.customer.id), eq(customerOtps.channel, 'sms')));
    expect((await post('/api/club/otp/verify', { channel: 'sms', code: smsCode }, member.token)).json().code).toBe(
      'otpExpired',
    );

    // A new one, then wrong guesses up to the limit: the last answers 429 and the right code no longer works.
    await test.db.execute(sql`UPDATE customer_otps SET created_at = created_at - interval '2 minutes'`);
    expect((await post('/api/club/otp/send', { channel: 'sms' }, member.token)).statusCode).toBe(200);
    const { code: fresh } = await lastSmsTo(test.db, member.phone);
    const guess = fresh === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < otpMaxAttempts; attempt += 1) {
      expect((await post('/api/club/otp/verify', { channel: 'sms', code: guess }, member.token)).json().code).toBe(
        'otpInvalid',
      );
    }
    const last = await post('/api/club/otp/verify', { channel: 'sms', code: guess }, member.token);
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('otpAttemptsExceeded');
    const after = await post('/api/club/otp/verify', { channel: 'sms', code: fresh }, member.token);
    expect(after.json().code).toBe('otpExpired');
  });

  it('lets a code be sent again only after the wait, and only a few times a day per email and per phone number', async () => {
    const member = await register();
    const tooSoon = await post('/api/club/otp/send', { channel: 'email' }, member.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('otpResendTooSoon');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(otpResendSeconds);

    const age = () =>
      test.db.execute(
        sql`UPDATE customer_otps SET created_at = created_at - make_interval(secs => ${otpResendSeconds + 1})
            WHERE customer_id = ${member.customer.id}`,
      );
    for (let sent = 1; sent < otpDailyLimit; sent += 1) {
      await age();
      const again = await post('/api/club/otp/send', { channel: 'email' }, member.token);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.sentTo).toMatch(/^a•••@club\.test$/);
    }
    await age();
    const limited = await post('/api/club/otp/send', { channel: 'email' }, member.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('otpDailyLimit');
    // Counted per address: the phone still has its own.
    const bySms = await post('/api/club/otp/send', { channel: 'sms' }, member.token);
    expect(bySms.statusCode, bySms.body).toBe(200);
    expect(bySms.json().data.sentTo).toMatch(/^\+39 •••• \d{4}$/);
    // Only the newest code works.
    const emails = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.body.email));
    expect(emails).toHaveLength(otpDailyLimit);
  });

  it('refuses bad input field by field, a taken email, a card already a member’s, and a future birthday', async () => {
    const bad = await post(
      '/api/club/register',
      registration({ email: 'nope', phone: '12', privacyConsent: false }),
      undefined,
      'en',
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'phone', 'privacyConsent']));
    for (const [field, value] of [
      ['firstName', 'A\u0000B'],
      ['city', '\ud800'],
      ['address', 'x'.repeat(201)],
      ['cardNumber', 'y'.repeat(41)],
    ] as const) {
      const hostile = await post('/api/club/register', registration({ [field]: value }));
      expect(hostile.statusCode, field).toBe(422);
      expect(Object.keys(hostile.json().errors), field).toEqual([field]);
    }

    const member = await register();
    const taken = await post('/api/club/register', registration({ email: member.body.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('customerEmailTaken');
    const cardTaken = await post('/api/club/register', registration({ cardNumber: member.customer.cardNumber }));
    expect(cardTaken.statusCode).toBe(409);
    expect(cardTaken.json().code).toBe('customerCardTaken');
    const future = await post('/api/club/register', registration({ birthday: addDays(today(), 2) }));
    expect(future.statusCode).toBe(422);
    expect(Object.keys(future.json().errors)).toEqual(['birthday']);
  });

  it('takes at most ten registrations an hour from one client address, each of which sends an SMS', async () => {
    for (let index = 0; index < registrationsPerAddressHourly; index += 1) {
      expect((await post('/api/club/register', registration(), undefined, undefined, '203.0.113.27')).statusCode).toBe(
        201,
      );
    }
    const before = await test.db.$count(customers);
    const refused = await post('/api/club/register', registration(), undefined, 'en', '203.0.113.27');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await test.db.$count(customers)).toBe(before);
    // Another address, and the same one an hour later, may.
    expect((await post('/api/club/register', registration(), undefined, undefined, '203.0.113.28')).statusCode).toBe(
      201,
    );
    setClock(new Date(Date.now() + 3_601_000).toISOString());
    expect((await post('/api/club/register', registration(), undefined, undefined, '203.0.113.27')).statusCode).toBe(
      201,
    );
  });

  it('stores nothing and answers the maintenance message while registration is suspended', async () => {
    const admin = await signIn(test.app, 'admin');
    const settings = (await api(test.app, { url: '/api/customers/settings', token: admin })).json().data;
    const suspend = (registrationSuspended: boolean) =>
      api(test.app, {
        method: 'PUT',
        url: '/api/customers/settings',
        token: admin,
        body: { ...settings, registrationSuspended },
      });
    expect((await suspend(true)).statusCode).toBe(200);
    const before = await test.db.$count(customers);
    const body = registration();
    const refused = await post('/api/club/register', body, undefined, 'it');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'clubRegistrationSuspended',
      message: 'Le iscrizioni al club sono momentaneamente sospese per manutenzione. Riprova più tardi.',
    });
    expect(await test.db.$count(customers)).toBe(before);
    expect(await test.db.$count(mailOutbox, eq(mailOutbox.recipient, body.email))).toBe(0);
    expect((await api(test.app, { url: '/api/club/info' })).json().data.registrationOpen).toBe(false);
    expect((await suspend(false)).statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/club/info' })).json().data).toMatchObject({
      registrationOpen: true,
      maxDiscountPercent: 15,
      birthdayGiftPoints: 40,
      referralPoints: 40,
    });
  });
});

describe('the SMS leaves through the provider', () => {
  it('delivers the code to the phone through the provider and drops it from the outbox once sent', async () => {
    const provider = await startSmsSimulator();
    test.config.sms = { ...test.config.sms, apiUrl: provider.url, apiKey: provider.apiKey };
    try {
      const member = await register();
      const { sms, code } = await lastSmsTo(test.db, member.phone);
      await test.app.jobs.drain();
      expect(provider.messagesTo(member.phone).map((message) => message.text)).toEqual([
        `Bottega Club: il tuo codice di conferma è ${code}. Vale 10 minuti.`,
      ]);
      const [sent] = await test.db.select().from(smsOutbox).where(eq(smsOutbox.id, sms.id));
      expect(sent).toMatchObject({ sealedSecret: null, attempts: 1, providerId: expect.stringMatching(/^sim-/) });
      expect(sent?.sentAt).not.toBeNull();
    } finally {
      test.config.sms = { ...test.config.sms, apiUrl: undefined, apiKey: undefined };
      await provider.close();
    }
  });
});

describe('the club is a realm of its own', () => {
  it('refuses a staff session on the club and a club session on the staff’s routes, both ways', async () => {
    const member = await register();
    await confirm(member);
    const staff = await signIn(test.app, 'admin');
    for (const url of ['/api/club/me', '/api/club/loyalty', '/api/club/activity', '/api/club/export']) {
      const response = await api(test.app, { url, token: staff });
      expect(response.statusCode, url).toBe(401);
    }
    for (const url of ['/api/auth/user', '/api/customers', '/api/dashboard', '/api/employees']) {
      const response = await api(test.app, { url, token: member.token });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await api(test.app, { url: '/api/club/me' })).statusCode).toBe(401);
    // Signing out ends the club session.
    expect((await post('/api/club/sign-out', {}, member.token)).statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/club/me', token: member.token })).statusCode).toBe(401);
  });

  it('signs a member in with their password, refuses a wrong one the same as an unknown email', async () => {
    const member = await register();
    const ok = await post('/api/club/sign-in', {
      email: member.body.email.toUpperCase(),
      password: member.body.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toMatch(/^club_/);
    const wrong = await post('/api/club/sign-in', { email: member.body.email, password: 'sbagliata-123' });
    const unknown = await post('/api/club/sign-in', { email: 'nobody@club.test', password: 'sbagliata-123' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('resets a forgotten password with the emailed code, signing every session out; unknown emails answer the same', async () => {
    const member = await register();
    await confirm(member);
    await test.db.execute(sql`UPDATE customer_otps SET created_at = created_at - interval '2 minutes'`);
    const known = await post('/api/club/password/forgot', { email: member.body.email });
    const unknown = await post('/api/club/password/forgot', { email: 'ghost@club.test' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    const { mail, token: code } = await lastMailTo(test.db, member.body.email, 'clubCode');
    expect(mail.subject).toBe('Il codice per reimpostare la password di Bottega Club');
    const weak = await post('/api/club/password/reset', { email: member.body.email, code, password: 'corta' });
    expect(weak.statusCode).toBe(422);
    const reset = await post('/api/club/password/reset', {
      email: member.body.email,
      code,
      password: 'nuova-password-2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await api(test.app, { url: '/api/club/me', token: member.token })).statusCode).toBe(401);
    const again = await post('/api/club/password/reset', {
      email: member.body.email,
      code,
      password: 'altra-password-2026',
    });
    expect(again.json().code).toBe('otpExpired');
    expect(
      (await post('/api/club/sign-in', { email: member.body.email, password: 'nuova-password-2026' })).statusCode,
    ).toBe(200);
  });
});

describe('points over the rolling 12 months and levels', () => {
  it('counts receipts and returns of the last 12 months only, and levels go up and down as the window moves', async () => {
    setClock('2026-06-14');
    const member = await register();
    await confirm(member);
    const card = member.customer.cardNumber;
    await receipt(card, '2025-06-15', 90_000); // 900 points, until the window moves past 15 June
    await receipt(card, '2025-12-01', 25_050); // 250 points (whole euros)
    await receipt(card, '2026-03-10', -5_099, 'return'); // -50 points
    await receipt(card, '2026-04-01', 99_900, 'cancelled'); // nothing
    const loyalty = async () => (await api(test.app, { url: '/api/club/loyalty', token: member.token })).json().data;

    expect(await loyalty()).toMatchObject({
      points: 1100,
      windowStart: '2025-06-15',
      windowEnd: '2026-06-14',
      level: { name: 'Oro', index: 2, discountPercent: 15 },
      next: null,
    });
    setClock('2026-06-15');
    expect(await loyalty()).toMatchObject({
      points: 200,
      windowStart: '2025-06-16',
      level: { name: 'Bronzo', index: 0 },
      next: { name: 'Argento', missingPoints: 100 },
    });
    // Once the purchase is out of the window, the return after it takes the points down to zero, never below.
    setClock('2026-12-02');
    // Months later: the phone signs in again.
    const signedIn = await post('/api/club/sign-in', { email: member.body.email, password: member.body.password });
    member.token = signedIn.json().data.token;
    expect(await loyalty()).toMatchObject({ points: 0, level: { name: 'Bronzo' }, next: { missingPoints: 300 } });

    // The history lists all of it, saying what no longer counts.
    const history = (await api(test.app, { url: '/api/club/activity?perPage=10', token: member.token })).json();
    expect(history.meta.total).toBe(3);
    expect(
      history.data.map((entry: { date: string; kind: string; points: number; counted: boolean }) => [
        entry.date,
        entry.kind,
        entry.points,
        entry.counted,
      ]),
    ).toEqual([
      ['2026-03-10', 'return', -50, true],
      ['2025-12-01', 'sale', 250, false],
      ['2025-06-15', 'sale', 900, false],
    ]);
  });

  it('answers a customer with five years of purchases from their card’s receipts alone', async () => {
    const member = await register();
    await confirm(member);
    const days = Array.from({ length: 260 }, (_, index) => addDays(today(), -index * 7));
    for (const day of days) await receipt(member.customer.cardNumber, day, 1_000);
    const data = (await api(test.app, { url: '/api/club/loyalty', token: member.token })).json().data;
    // A purchase a week for 52 weeks (and a day: today's and 52 weeks ago's both count) of 10 points.
    const inWindow = days.filter((day) => day >= data.windowStart).length;
    expect(data.points).toBe(inWindow * 10);
    expect(inWindow).toBe(53);
  });
});

describe('the birthday gift and invitations', () => {
  it('gives 40 points on the birthday once a year, also after a missed day, and on 28 February for 29 February', async () => {
    setClock('2027-02-20');
    const member = await register({ birthday: '1992-03-08' });
    await confirm(member);
    const leap = await register({ birthday: '1996-02-29' });
    await confirm(leap);
    const unconfirmed = await register({ birthday: '1990-03-09' });
    // One who joined after their birthday gets it next year.
    const late = await register({ birthday: '1985-02-10' });
    await confirm(late);
    const gifts = (id: number) =>
      test.db
        .select({ on: customerPointAwards.awardedOn, points: customerPointAwards.points })
        .from(customerPointAwards)
        .where(and(eq(customerPointAwards.customerId, id), eq(customerPointAwards.kind, 'birthday')));
    const run = async () => {
      await enqueueJob(test.db, birthdayGiftJob, {});
      await test.app.jobs.drain();
    };
    setClock('2027-03-01');
    await run();
    expect(await gifts(leap.customer.id)).toEqual([{ on: '2027-02-28', points: 40 }]);
    // Two days late (the job looks back a week), once however often it runs.
    setClock('2027-03-10');
    await run();
    await run();
    expect(await gifts(member.customer.id)).toEqual([{ on: '2027-03-08', points: 40 }]);
    expect(await gifts(leap.customer.id)).toEqual([{ on: '2027-02-28', points: 40 }]);
    expect(await gifts(unconfirmed.customer.id)).toEqual([]);
    expect(await gifts(late.customer.id)).toEqual([]);
    const loyalty = (await api(test.app, { url: '/api/club/loyalty', token: member.token })).json().data;
    expect(loyalty).toMatchObject({
      points: 40,
      birthday: { points: 40, lastGivenOn: '2027-03-08', nextOn: '2028-03-08' },
    });
    // The next year, again once.
    setClock('2028-03-08');
    await run();
    await run();
    expect((await gifts(member.customer.id)).map((gift) => gift.on)).toEqual(['2027-03-08', '2028-03-08']);
    // 2028 is a leap year: the 29th itself.
    setClock('2028-02-29');
    await run();
    expect((await gifts(leap.customer.id)).map((gift) => gift.on)).toEqual(['2027-02-28', '2028-02-29']);
  });

  it('gives 40 points to the inviting friend when the invited one confirms, once per friend', async () => {
    const friend = await register();
    await confirm(friend);
    const code = friend.customer.inviteCode;
    expect((await api(test.app, { url: `/api/club/info?invite=${code}` })).json().data.invitedBy).toBe('Anna');
    const bad = await post('/api/club/register', registration({ inviteCode: 'not-a-code' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['inviteCode']);

    const invited = await register({ inviteCode: code });
    const loyalty = async () => (await api(test.app, { url: '/api/club/loyalty', token: friend.token })).json().data;
    expect((await loyalty()).invitations).toMatchObject({ registered: 1, confirmed: 0, pointsEarned: 0 });
    await confirm(invited);
    // Confirming again (a new code) gives nothing more.
    await test.db.execute(sql`UPDATE customer_otps SET created_at = created_at - interval '2 minutes'`);
    await post('/api/club/otp/send', { channel: 'email' }, invited.token);
    const { token: again } = await lastMailTo(test.db, invited.body.email, 'clubCode');
    expect((await post('/api/club/otp/verify', { channel: 'email', code: again }, invited.token)).statusCode).toBe(200);
    expect(await loyalty()).toMatchObject({
      points: 40,
      invitations: { code, registered: 1, confirmed: 1, pointsEarned: 40 },
    });
    const history = (await api(test.app, { url: '/api/club/activity', token: friend.token })).json().data;
    expect(history).toEqual([
      expect.objectContaining({ kind: 'referral', points: 40, friendName: 'Anna', counted: true }),
    ]);
  });
});

describe('the customer’s own data', () => {
  it('links a card the customer already carries: its receipts and points become theirs', async () => {
    const card = `CARD${Date.now()}`;
    await receipt(card, today(), 12_345);
    await test.db.insert(customers).values({ cardNumber: card, shopId, firstSeenOn: today(), lastPurchaseOn: today() });
    const member = await register({ cardNumber: card });
    expect(member.customer.cardNumber).toBe(card);
    await confirm(member);
    expect((await api(test.app, { url: '/api/club/loyalty', token: member.token })).json().data.points).toBe(123);
    const purchases = (await api(test.app, { url: '/api/club/purchases', token: member.token })).json();
    expect(purchases.meta.total).toBe(0); // no lines in this hand-made receipt
  });

  it('downloads everything kept about the customer, and erases them on request keeping the receipts', async () => {
    const member = await register({ marketingConsent: true });
    await confirm(member);
    await receipt(member.customer.cardNumber, today(), 5_000);
    const exported = await api(test.app, { url: '/api/club/export', token: member.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = exported.json();
    expect(data.profile).toMatchObject({ email: member.body.email, cardNumber: member.customer.cardNumber });
    expect(data.consents.marketing).not.toBeNull();
    expect(data.points).toHaveLength(1);

    const wrong = await post('/api/club/me/delete', { password: 'non-e-lei' }, member.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('wrongPassword');
    const erased = await post('/api/club/me/delete', { password: member.body.password }, member.token);
    expect(erased.statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/club/me', token: member.token })).statusCode).toBe(401);
    const [row] = await test.db.select().from(customers).where(eq(customers.id, member.customer.id));
    expect(row).toMatchObject({ email: null, firstName: null, phone: null, birthday: null, passwordHash: null });
    expect(row?.erasedAt).not.toBeNull();
    expect(await test.db.$count(receipts, eq(receipts.loyaltyCard, member.customer.cardNumber))).toBe(1);
    expect(await test.db.$count(smsOutbox, eq(smsOutbox.recipient, member.phone))).toBeGreaterThan(0);
    // Their email is free again.
    expect((await post('/api/club/register', registration({ email: member.body.email }))).statusCode).toBe(201);
    const staff = await createUserWithAbilities(test.db, ['customers.list', 'customers.allShops']);
    const detail = await api(test.app, {
      url: `/api/customers/${member.customer.id}`,
      token: await signIn(test.app, staff.username),
    });
    expect(detail.json().data).toMatchObject({ erased: true, email: null, firstName: null });
  });
});
