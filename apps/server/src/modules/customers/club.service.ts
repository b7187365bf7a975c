// The loyalty club (issue 27): customers register on their phone, confirm their email and phone with one-time codes,
// sign in, reset a forgotten password, see their card, points, level, birthday gift, invitations and activity, take
// their data away and ask to be forgotten. One-time codes are kept only as an HMAC with the app key, expire, are
// spent on use or after too many wrong tries, and are counted per email and per phone number.

import { randomBytes, randomInt } from 'node:crypto';
import {
  type ClubLoyalty,
  type ClubProfile,
  type clubProfileEditSchema,
  type clubRegistrationSchema,
  type OtpChannel,
  otpDailyLimit,
  otpLength,
  otpMaxAttempts,
  otpResendSeconds,
  otpTtlMinutes,
  registrationsPerAddressHourly,
} from '@bottega/contracts/club';
import { birthdayGiftPoints, birthdayIn, maxDiscountPercent, referralPoints } from '@bottega/contracts/customers';
import { businessDate } from '@bottega/contracts/dates';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { safeEqual, sign } from '../../platform/crypto';
import { type CustomerContext, endCustomerSessions, startCustomerSession } from '../../platform/customer-sessions';
import type { Database, Executor } from '../../platform/db';
import { AppError, violatedUniqueIndex } from '../../platform/errors';
import { kickJobs } from '../../platform/jobs';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { enqueueMail } from '../../platform/mail';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { enqueueSms } from '../../platform/sms';
import { shops } from '../shops/shops.schema';
import { customerOtps, customerPointAwards, customers } from './customers.schema';
import { listCardSales, personFields } from './customers.service';
import { listPointEntries, loyaltySummary, pointsOf, readClubSettings } from './loyalty';

type Registration = z.output<typeof clubRegistrationSchema>;
type ProfileEdit = z.output<typeof clubProfileEditSchema>;
type Purpose = 'confirm' | 'reset';
type Deps = { db: Database; config: Config; now: Date };

const auditEntity = 'customer';
/** Cards the club issues: an in-store EAN-13 prefix (20–29 are for a company's own use), apart from the registers'. */
const clubCardPrefix = '29';

/** An EAN-13 with its check digit from 12 digits. */
export function ean13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}

/** The number a code goes to by SMS: + and the digits of the country code and the phone. */
export function smsNumber(countryCode: string, phone: string): string {
  return `+${`${countryCode}${phone}`.replace(/\D/g, '')}`;
}

/** What the customer reads about where a code went: the start of the email, the end of the number. */
export function maskedDestination(channel: OtpChannel, destination: string): string {
  if (channel === 'email') {
    const [name = '', domain = ''] = destination.split('@');
    return `${name.slice(0, 1)}•••@${domain}`;
  }
  return `${destination.slice(0, 3)} •••• ${destination.slice(-4)}`;
}

function codeHash(config: Config, customerId: number, channel: OtpChannel, purpose: Purpose, code: string): string {
  return sign(config.appKey, 'club-otp', `${customerId}:${channel}:${purpose}:${code}`);
}

type CustomerRecord = typeof customers.$inferSelect;

async function loadCustomer(db: Executor, id: number): Promise<CustomerRecord> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.erasedAt)));
  if (!row) throw new AppError('unauthenticated');
  return row;
}

async function toProfile(db: Executor, row: CustomerRecord): Promise<ClubProfile> {
  const [shop] =
    row.shopId === null
      ? []
      : await db
          .select({ id: shops.id, name: shops.name, city: shops.city })
          .from(shops)
          .where(eq(shops.id, row.shopId));
  return {
    id: row.id,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    email: row.email ?? '',
    emailConfirmed: row.emailConfirmedAt !== null,
    countryCode: row.countryCode ?? '',
    phone: row.phone ?? '',
    phoneConfirmed: row.phoneConfirmedAt !== null,
    confirmed: row.emailConfirmedAt !== null && row.phoneConfirmedAt !== null,
    birthday: row.birthday ?? '',
    gender: row.gender ?? 'unspecified',
    address: row.address ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    zip: row.zip ?? '',
    shop: shop ? { id: shop.id, name: shop.name, city: shop.city } : null,
    cardNumber: row.cardNumber,
    subscribedAt: (row.subscribedAt ?? row.createdAt).toISOString(),
    marketingConsent: row.marketingConsentAt !== null,
    language: (row.language ?? 'it') as ClubProfile['language'],
    inviteCode: row.inviteCode ?? '',
  };
}

// ——— Before sign-in ———

export async function clubInfo(options: { db: Executor; invite?: string }) {
  const { db } = options;
  const [settings, shopRows, inviter] = await Promise.all([
    readClubSettings(db),
    db
      .select({ id: shops.id, name: shops.name, city: shops.city })
      .from(shops)
      .where(eq(shops.closed, false))
      .orderBy(asc(shops.name)),
    options.invite ? inviterOf(db, options.invite) : Promise.resolve(null),
  ]);
  return {
    registrationOpen: !settings.registrationSuspended,
    maxDiscountPercent,
    birthdayGiftPoints,
    referralPoints,
    levels: settings.levels,
    shops: shopRows,
    otpResendSeconds,
    invitedBy: inviter?.firstName ?? null,
  } as const;
}

async function inviterOf(db: Executor, code: string) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.inviteCode, code), isNotNull(customers.subscribedAt), isNull(customers.erasedAt)));
  return row ?? null;
}

/**
 * Registers a customer: refused while registration is suspended (§8, nothing stored). A card the customer already
 * carries, not yet anybody's, becomes theirs with its receipts; otherwise the club issues one. Both codes leave at
 * once; the customer is signed in, but only their confirmation pages open until both are confirmed.
 */
export async function registerCustomer(options: Deps & { body: Registration; ip: string }) {
  const { db, config, now, body } = options;
  const settings = await readClubSettings(db);
  if (settings.registrationSuspended) throw new AppError('clubRegistrationSuspended');
  const registeredFrom = sign(config.appKey, 'club-registration-address', options.ip);
  await assertRegistrationsAllowed(db, registeredFrom, now);
  const errors: Record<string, { rule: 'invalid' | 'futureDate' }[]> = {};
  if (body.birthday > businessDate(now)) errors.birthday = [{ rule: 'futureDate' }];
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) errors.shopId = [{ rule: 'invalid' }];
  const inviter = body.inviteCode ? await inviterOf(db, body.inviteCode) : null;
  if (body.inviteCode && !inviter) errors.inviteCode = [{ rule: 'invalid' }];
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  const passwordHash = await hashPassword(body.password);
  const person = {
    ...personFields(body),
    email: body.email,
    passwordHash,
    countryCode: body.countryCode,
    phone: body.phone,
    language: body.language,
    subscribedAt: now,
    privacyConsentAt: now,
    marketingConsentAt: body.marketingConsent ? now : null,
    inviteCode: randomBytes(9).toString('base64url'),
    referredById: inviter?.id ?? null,
    registeredFrom,
    updatedAt: now,
  };
  try {
    const result = await db.transaction(async (tx) => {
      let customerId: number;
      if (body.cardNumber) {
        const [card] = await tx
          .update(customers)
          .set(person)
          .where(
            and(eq(customers.cardNumber, body.cardNumber), isNull(customers.subscribedAt), isNull(customers.erasedAt)),
          )
          .returning({ id: customers.id });
        if (!card) {
          const [known] = await tx
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.cardNumber, body.cardNumber));
          if (known) throw new AppError('customerCardTaken');
          // A card never scanned yet: it becomes theirs from now on.
          const [created] = await tx
            .insert(customers)
            .values({ ...person, cardNumber: body.cardNumber })
            .returning({ id: customers.id });
          customerId = (created as { id: number }).id;
        } else {
          customerId = card.id;
        }
      } else {
        const [created] = await tx
          .insert(customers)
          .values({ ...person, cardNumber: `pending-${randomBytes(8).toString('hex')}` })
          .returning({ id: customers.id });
        customerId = (created as { id: number }).id;
        // The club's card number follows from the customer's id: unique, and readable by any till's scanner.
        await tx
          .update(customers)
          .set({ cardNumber: ean13(`${clubCardPrefix}${String(customerId).padStart(10, '0')}`) })
          .where(eq(customers.id, customerId));
      }
      const row = await loadCustomer(tx, customerId);
      await sendCode(tx, config, row, 'email', 'confirm', now);
      await sendCode(tx, config, row, 'sms', 'confirm', now);
      await writeAudit(tx, {
        actorId: null,
        action: 'customer.registered',
        entity: auditEntity,
        entityId: customerId,
        toState: 'unconfirmed',
        data: { cardLinked: Boolean(body.cardNumber), invitedBy: inviter?.id ?? null },
        ip: options.ip,
      });
      const token = await startCustomerSession(tx, customerId, now);
      return { token, customer: await toProfile(tx, row) };
    });
    kickJobs();
    return result;
  } catch (error) {
    if (violatedUniqueIndex(error) === 'customers_email_idx') throw new AppError('customerEmailTaken');
    throw error;
  }
}

/** At most registrationsPerAddressHourly registrations from one client address an hour (429 with the wait). */
async function assertRegistrationsAllowed(db: Executor, registeredFrom: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await db
    .select({ at: customers.subscribedAt })
    .from(customers)
    .where(and(eq(customers.registeredFrom, registeredFrom), gte(customers.subscribedAt, hourAgo)))
    .orderBy(desc(customers.subscribedAt))
    .limit(registrationsPerAddressHourly);
  const oldest = recent[registrationsPerAddressHourly - 1]?.at;
  if (oldest) {
    throw new AppError('tooManyAttempts', {
      seconds: Math.max(1, Math.ceil((oldest.getTime() + 3_600_000 - now.getTime()) / 1000)),
    });
  }
}

/**
 * Writes a new code and sends it, after the limits: one a minute per customer, channel and purpose (§4 "resend
 * possible" after a wait), and otpDailyLimit per email or phone number in 24 hours (§3 OTP counts).
 */
async function sendCode(
  tx: Executor,
  config: Config,
  customer: CustomerRecord,
  channel: OtpChannel,
  purpose: Purpose,
  now: Date,
): Promise<{ sentTo: string; resendAt: Date; expiresAt: Date }> {
  const destination =
    channel === 'email' ? (customer.email ?? '') : smsNumber(customer.countryCode ?? '', customer.phone ?? '');
  const [last] = await tx
    .select({ createdAt: customerOtps.createdAt })
    .from(customerOtps)
    .where(
      and(
        eq(customerOtps.customerId, customer.id),
        eq(customerOtps.channel, channel),
        eq(customerOtps.purpose, purpose),
      ),
    )
    .orderBy(desc(customerOtps.createdAt))
    .limit(1);
  const wait = last ? last.createdAt.getTime() + otpResendSeconds * 1000 - now.getTime() : 0;
  if (wait > 0) throw new AppError('otpResendTooSoon', { seconds: Math.ceil(wait / 1000) });
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const sent = await tx
    .select({ createdAt: customerOtps.createdAt })
    .from(customerOtps)
    .where(and(eq(customerOtps.destination, destination), gte(customerOtps.createdAt, dayAgo)))
    .orderBy(asc(customerOtps.createdAt));
  if (sent.length >= otpDailyLimit) {
    const free = (sent[0] as { createdAt: Date }).createdAt.getTime() + 86_400_000 - now.getTime();
    throw new AppError('otpDailyLimit', { seconds: Math.max(1, Math.ceil(free / 1000)) });
  }
  const code = String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
  const expiresAt = new Date(now.getTime() + otpTtlMinutes * 60_000);
  // A new code replaces the ones before it: only the newest works.
  await tx
    .update(customerOtps)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerOtps.customerId, customer.id),
        eq(customerOtps.channel, channel),
        eq(customerOtps.purpose, purpose),
        isNull(customerOtps.usedAt),
      ),
    );
  await tx.insert(customerOtps).values({
    customerId: customer.id,
    channel,
    purpose,
    destination,
    codeHash: codeHash(config, customer.id, channel, purpose, code),
    createdAt: now,
    expiresAt,
  });
  const lng = customer.language ?? 'it';
  if (channel === 'email') {
    await enqueueMail({
      db: tx,
      to: destination,
      template: 'clubCode',
      lng,
      params: { name: customer.firstName ?? '', code, minutes: otpTtlMinutes, purpose },
      secret: { value: code, appKey: config.appKey },
    });
  } else {
    await enqueueSms({
      db: tx,
      to: destination,
      template: purpose === 'confirm' ? 'clubConfirm' : 'clubReset',
      lng,
      params: { code, minutes: otpTtlMinutes },
      appKey: config.appKey,
    });
  }
  return {
    sentTo: maskedDestination(channel, destination),
    resendAt: new Date(now.getTime() + otpResendSeconds * 1000),
    expiresAt,
  };
}

/** Spends the customer's newest code of the channel and purpose when `code` is it; counts a wrong try otherwise. */
async function checkCode(
  db: Database,
  config: Config,
  customerId: number,
  channel: OtpChannel,
  purpose: Purpose,
  code: string,
  now: Date,
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [otp] = await tx
      .select()
      .from(customerOtps)
      .where(
        and(
          eq(customerOtps.customerId, customerId),
          eq(customerOtps.channel, channel),
          eq(customerOtps.purpose, purpose),
        ),
      )
      .orderBy(desc(customerOtps.createdAt))
      .limit(1)
      .for('update');
    if (!otp || otp.usedAt !== null || otp.expiresAt <= now) return 'otpExpired' as const;
    if (otp.attempts >= otpMaxAttempts) return 'otpAttemptsExceeded' as const;
    if (!safeEqual(otp.codeHash, codeHash(config, customerId, channel, purpose, code))) {
      const attempts = otp.attempts + 1;
      await tx
        .update(customerOtps)
        .set({ attempts, ...(attempts >= otpMaxAttempts ? { usedAt: now } : {}) })
        .where(eq(customerOtps.id, otp.id));
      return attempts >= otpMaxAttempts ? ('otpAttemptsExceeded' as const) : ('otpInvalid' as const);
    }
    await tx.update(customerOtps).set({ usedAt: now }).where(eq(customerOtps.id, otp.id));
    return 'ok' as const;
  });
  if (outcome !== 'ok') throw new AppError(outcome);
}

export async function sendConfirmationCode(options: Deps & { customer: CustomerContext; channel: OtpChannel }) {
  const { db, config, now } = options;
  const result = await db.transaction(async (tx) => {
    const row = await loadCustomer(tx, options.customer.customerId);
    return sendCode(tx, config, row, options.channel, 'confirm', now);
  });
  kickJobs();
  return {
    channel: options.channel,
    sentTo: result.sentTo,
    resendAt: result.resendAt.toISOString(),
    expiresAt: result.expiresAt.toISOString(),
  };
}

/**
 * Confirms the email or the phone. When both are, the customer's registration is complete: a friend who invited them
 * gets their points, once per friend.
 */
export async function verifyConfirmationCode(
  options: Deps & { customer: CustomerContext; channel: OtpChannel; code: string; ip: string },
): Promise<ClubProfile> {
  const { db, config, now, customer, channel } = options;
  await checkCode(db, config, customer.customerId, channel, 'confirm', options.code, now);
  return db.transaction(async (tx) => {
    const before = await loadCustomer(tx, customer.customerId);
    const [row] = await tx
      .update(customers)
      .set(channel === 'email' ? { emailConfirmedAt: now } : { phoneConfirmedAt: now })
      .where(eq(customers.id, customer.customerId))
      .returning();
    const after = row as CustomerRecord;
    await writeAudit(tx, {
      actorId: null,
      action: channel === 'email' ? 'customer.emailConfirmed' : 'customer.phoneConfirmed',
      entity: auditEntity,
      entityId: after.id,
      ip: options.ip,
    });
    const wasConfirmed = before.emailConfirmedAt !== null && before.phoneConfirmedAt !== null;
    const isConfirmed = after.emailConfirmedAt !== null && after.phoneConfirmedAt !== null;
    if (!wasConfirmed && isConfirmed) {
      await writeAudit(tx, {
        actorId: null,
        action: 'customer.confirmed',
        entity: auditEntity,
        entityId: after.id,
        fromState: 'unconfirmed',
        toState: 'confirmed',
      });
      if (after.referredById !== null) {
        const [awarded] = await tx
          .insert(customerPointAwards)
          .values({
            customerId: after.referredById,
            kind: 'referral',
            points: referralPoints,
            awardedOn: businessDate(now),
            friendId: after.id,
          })
          .onConflictDoNothing()
          .returning({ id: customerPointAwards.id });
        if (awarded) {
          await writeAudit(tx, {
            actorId: null,
            action: 'customer.referralAwarded',
            entity: auditEntity,
            entityId: after.referredById,
            data: { friendId: after.id, points: referralPoints },
          });
        }
      }
    }
    return toProfile(tx, after);
  });
}

function throttleAccount(customerId: number | null, email: string): string {
  return customerId === null ? accountKey(null, `club:${email}`) : `c${customerId}`;
}

export async function signInCustomer(
  options: Deps & { throttle: LoginThrottle; email: string; password: string; ip: string },
) {
  const { db, now } = options;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.email, options.email), isNull(customers.erasedAt)));
  const attempt = { account: throttleAccount(row?.id ?? null, options.email), ip: options.ip };
  await options.throttle.assertAllowed(attempt);
  const valid = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), options.password);
  if (!row || !valid) {
    await options.throttle.recordFailure({ ...attempt, userId: null });
    throw new AppError('invalidCredentials');
  }
  await options.throttle.recordSuccess(attempt);
  const token = await startCustomerSession(db, row.id, now);
  return { token, customer: await toProfile(db, row) };
}

/** Sends a reset code when the email is a member's; answers the same either way, so nobody learns who is in the club. */
export async function requestPasswordReset(options: Deps & { email: string }) {
  const { db, config, now } = options;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.email, options.email), isNull(customers.erasedAt), isNotNull(customers.subscribedAt)));
  if (!row) return;
  try {
    await db.transaction((tx) => sendCode(tx, config, row, 'email', 'reset', now));
  } catch (error) {
    // Too soon or too many: the same answer as for anybody, the code already sent still works.
    if (error instanceof AppError && error.status === 429) return;
    throw error;
  }
  kickJobs();
}

export async function resetPassword(options: Deps & { email: string; code: string; password: string; ip: string }) {
  const { db, config, now } = options;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, options.email), isNull(customers.erasedAt)));
  if (!row) throw new AppError('otpExpired');
  await checkCode(db, config, row.id, 'email', 'reset', options.code, now);
  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    // The code came to the email: it is confirmed too.
    await tx
      .update(customers)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${customers.emailConfirmedAt}, ${now})`, updatedAt: now })
      .where(eq(customers.id, row.id));
    await endCustomerSessions(tx, row.id);
    await writeAudit(tx, {
      actorId: null,
      action: 'customer.passwordReset',
      entity: auditEntity,
      entityId: row.id,
      ip: options.ip,
    });
  });
}

// ——— Signed in ———

export async function clubProfile(options: { db: Executor; customer: CustomerContext }): Promise<ClubProfile> {
  return toProfile(options.db, await loadCustomer(options.db, options.customer.customerId));
}

function assertConfirmed(customer: CustomerContext): void {
  if (!customer.confirmed) throw new AppError('clubNotConfirmed');
}

export async function updateClubProfile(
  options: Deps & { customer: CustomerContext; body: ProfileEdit; ip: string },
): Promise<ClubProfile> {
  const { db, now, customer, body } = options;
  assertConfirmed(customer);
  const errors: Record<string, { rule: 'invalid' | 'futureDate' }[]> = {};
  if (body.birthday > businessDate(now)) errors.birthday = [{ rule: 'futureDate' }];
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) errors.shopId = [{ rule: 'invalid' }];
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  return db.transaction(async (tx) => {
    const before = await loadCustomer(tx, customer.customerId);
    const [row] = await tx
      .update(customers)
      .set({
        ...personFields(body),
        language: body.language,
        marketingConsentAt: body.marketingConsent ? (before.marketingConsentAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(customers.id, customer.customerId))
      .returning();
    await writeAudit(tx, {
      actorId: null,
      action: 'customer.profileUpdated',
      entity: auditEntity,
      entityId: customer.customerId,
      data: {
        marketingConsent: { before: before.marketingConsentAt !== null, after: body.marketingConsent },
      },
      ip: options.ip,
    });
    return toProfile(tx, row as CustomerRecord);
  });
}

export async function clubLoyalty(options: {
  db: Executor;
  customer: CustomerContext;
  now: Date;
}): Promise<ClubLoyalty> {
  const { db, customer } = options;
  assertConfirmed(customer);
  const today = businessDate(options.now);
  const row = await loadCustomer(db, customer.customerId);
  const [settings, points, [lastBirthday], [registered], [confirmed], [earned]] = await Promise.all([
    readClubSettings(db),
    pointsOf(db, [row.id], today),
    db
      .select({ on: customerPointAwards.awardedOn })
      .from(customerPointAwards)
      .where(and(eq(customerPointAwards.customerId, row.id), eq(customerPointAwards.kind, 'birthday')))
      .orderBy(desc(customerPointAwards.awardedOn))
      .limit(1),
    db.select({ value: count() }).from(customers).where(eq(customers.referredById, row.id)),
    db
      .select({ value: count() })
      .from(customers)
      .where(
        and(
          eq(customers.referredById, row.id),
          isNotNull(customers.emailConfirmedAt),
          isNotNull(customers.phoneConfirmedAt),
        ),
      ),
    db
      .select({ value: sql<string>`coalesce(sum(${customerPointAwards.points}), 0)` })
      .from(customerPointAwards)
      .where(and(eq(customerPointAwards.customerId, row.id), eq(customerPointAwards.kind, 'referral'))),
  ]);
  const year = Number(today.slice(0, 4));
  const thisYear = row.birthday ? birthdayIn(row.birthday, year) : today;
  const given = lastBirthday?.on ?? null;
  const nextOn =
    row.birthday && (thisYear < today || given === thisYear) ? birthdayIn(row.birthday, year + 1) : thisYear;
  return {
    ...loyaltySummary(settings, points.get(row.id) ?? 0, today),
    birthday: { points: birthdayGiftPoints, lastGivenOn: given, nextOn },
    invitations: {
      code: row.inviteCode ?? '',
      registered: registered?.value ?? 0,
      confirmed: confirmed?.value ?? 0,
      pointsEarned: Number(earned?.value ?? 0),
    },
  };
}

export async function clubActivity(options: {
  db: Executor;
  customer: CustomerContext;
  now: Date;
  page: number;
  perPage: number;
}) {
  assertConfirmed(options.customer);
  const { data, total } = await listPointEntries(options.db, {
    customerId: options.customer.customerId,
    page: options.page,
    perPage: options.perPage,
    today: businessDate(options.now),
  });
  return { data, meta: { page: options.page, perPage: options.perPage, total } };
}

export async function clubPurchases(options: {
  db: Executor;
  customer: CustomerContext;
  page: number;
  perPage: number;
}) {
  assertConfirmed(options.customer);
  const row = await loadCustomer(options.db, options.customer.customerId);
  const { data, total } = await listCardSales(options.db, {
    card: row.cardNumber,
    page: options.page,
    perPage: options.perPage,
  });
  // The customer's own receipts; who was at the till is the shop's business.
  return {
    data: data.map((sale) => ({ ...sale, user: null })),
    meta: { page: options.page, perPage: options.perPage, total },
  };
}

/** GDPR access and portability: everything the club keeps about the customer, as JSON. */
export async function exportClubData(options: { db: Executor; customer: CustomerContext; now: Date }) {
  assertConfirmed(options.customer);
  const { db, customer } = options;
  const row = await loadCustomer(db, customer.customerId);
  const [profile, loyalty, points, purchases] = await Promise.all([
    toProfile(db, row),
    clubLoyalty(options),
    listPointEntries(db, { customerId: row.id, page: 1, perPage: 100_000, today: businessDate(options.now) }),
    listCardSales(db, { card: row.cardNumber, page: 1, perPage: 100_000 }),
  ]);
  await writeAudit(db, { actorId: null, action: 'customer.dataExported', entity: auditEntity, entityId: row.id });
  return {
    exportedAt: options.now.toISOString(),
    profile,
    consents: {
      privacy: row.privacyConsentAt?.toISOString() ?? null,
      marketing: row.marketingConsentAt?.toISOString() ?? null,
    },
    loyalty,
    points: points.data,
    purchases: purchases.data.map((sale) => ({ ...sale, user: null })),
  };
}

/**
 * GDPR erasure: the person's data is removed and the card kept under a pseudonym, so the receipts stay for the books
 * (and still count in the shops' figures) without naming anybody. Every session ends. Irreversible.
 */
export async function deleteClubAccount(options: Deps & { customer: CustomerContext; password: string; ip: string }) {
  const { db, now, customer } = options;
  assertConfirmed(customer);
  const row = await loadCustomer(db, customer.customerId);
  if (!(await verifyPassword(row.passwordHash ?? (await decoyPasswordHash()), options.password))) {
    throw new AppError('wrongPassword');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        firstName: null,
        lastName: null,
        email: null,
        passwordHash: null,
        countryCode: null,
        phone: null,
        gender: null,
        address: null,
        city: null,
        state: null,
        zip: null,
        birthday: null,
        language: null,
        emailConfirmedAt: null,
        phoneConfirmedAt: null,
        marketingConsentAt: null,
        inviteCode: null,
        registeredFrom: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(customers.id, row.id));
    await tx.delete(customerOtps).where(eq(customerOtps.customerId, row.id));
    await endCustomerSessions(tx, row.id);
    await writeAudit(tx, {
      actorId: null,
      action: 'customer.erased',
      entity: auditEntity,
      entityId: row.id,
      fromState: 'registered',
      toState: 'erased',
      ip: options.ip,
    });
  });
}
