// The signed-in person's own data. Rules: only the fields of the PROFILE_SELF_EDITABLE setting may be
// changed here (a new value for any other field is refused with 403, the same value sent back is
// accepted); a new email (when self-editable) is only pending until the link mailed to it is opened;
// registration fills what the office left empty or invalid, once; a password change needs
// the current password (its wrong guesses locked out with sign-in's counters), a new one the password
// policy accepts, and signs out every other session. Every change is audited per field, from
// and to, never with a password.
import { createHash } from 'node:crypto';
import type { Language } from '@bottega/contracts/common';
import {
  avatarMimeTypes,
  fiscalCodeBirthdayIssue,
  isProfileField,
  type PasswordChangeBody,
  type Profile,
  type ProfileField,
  profileFieldSchemas,
  profileFields,
  type RegistrationField,
  type registrationBodySchema,
  registrationFields,
} from '@bottega/contracts/profile';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { kickJobs } from '../../platform/jobs';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../platform/passwords';
import { invalidateSessions } from '../../platform/session-cache';
import { revokeUserSessions } from '../../platform/sessions';
import { type Storage, sniffFileType } from '../../platform/storage';
import { pendingEmailOf, requestEmailChange } from '../auth/email-change.service';
import { passwordResets, users } from '../employees/employees.schema';

const auditEntity = 'user';

/**
 * Where the web finds a user's avatar: the route reads the storage key from the user, so the key
 * itself never leaves the server; `v` changes with every new picture, so the answer can be cached.
 */
export function avatarUrl(userId: number, storageKey: string | null): string | null {
  if (!storageKey) return null;
  const version = createHash('sha256').update(storageKey).digest('base64url').slice(0, 12);
  return `/api/profile/avatar/${userId}?v=${version}`;
}

/** Registration is pending while the setting asks for it and the person has not completed it (spec §4). */
export function isRegistrationPending(
  config: Pick<Config, 'registrationRequired'>,
  registeredAt: Date | null,
): boolean {
  return config.registrationRequired && registeredAt === null;
}

/** The setting, limited to real profile fields (an unknown name in it changes nothing). */
export function selfEditableFields(config: Pick<Config, 'profileSelfEditable'>): ProfileField[] {
  const wanted = new Set(config.profileSelfEditable.filter(isProfileField));
  return profileFields.filter((field) => wanted.has(field));
}

const profileColumns = {
  id: users.id,
  username: users.username,
  matricola: users.matricola,
  employeeType: users.employeeType,
  engagementDate: users.engagementDate,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phone: users.phone,
  fiscalCode: users.fiscalCode,
  birthday: users.birthday,
  identityCardNumber: users.identityCardNumber,
  address: users.address,
  city: users.city,
  cap: users.cap,
  iban: users.iban,
  bic: users.bic,
  bankName: users.bankName,
  depositCardNumber: users.depositCardNumber,
  avatar: users.avatar,
  lng: users.lng,
  registeredAt: users.registeredAt,
};

function selectUser(db: Executor, userId: number) {
  return db
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .$dynamic();
}
type UserRow = Awaited<ReturnType<typeof selectUser>>[number];

async function loadUser(db: Executor, userId: number, options: { lock?: boolean } = {}): Promise<UserRow> {
  const query = selectUser(db, userId);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

/** A field as the forms show it: absent values (a null fiscal code or birthday) are ''. */
function fieldValue(row: UserRow, field: ProfileField): string {
  return row[field] ?? '';
}

/** What goes into the column: the date and fiscal-code columns hold null rather than ''. */
function columnValue(field: ProfileField, value: string): string | null {
  return (field === 'birthday' || field === 'fiscalCode') && value === '' ? null : value;
}

/**
 * What registration lets a person fill: the self-editable fields, and those the office left empty,
 * invalid, or (code and birthday) in disagreement; what the office set correctly stays as it is.
 */
function registrationEditable(row: UserRow, selfEditable: ProfileField[]): RegistrationField[] {
  const disagree = fiscalCodeBirthdayIssue({ fiscalCode: row.fiscalCode, birthday: row.birthday }) !== null;
  return registrationFields.filter((field) => {
    const value = fieldValue(row, field);
    return (
      selfEditable.includes(field) ||
      value === '' ||
      !profileFieldSchemas[field].safeParse(value).success ||
      (disagree && (field === 'fiscalCode' || field === 'birthday'))
    );
  });
}

export async function getProfile(options: {
  db: Database;
  config: Pick<Config, 'profileSelfEditable' | 'registrationRequired' | 'uploadLimitBytes'>;
  userId: number;
}): Promise<Profile> {
  const { config } = options;
  const row = await loadUser(options.db, options.userId);
  const editable = selfEditableFields(config);
  return {
    id: row.id,
    username: row.username,
    matricola: row.matricola,
    employeeType: row.employeeType,
    engagementDate: row.engagementDate,
    name: row.name,
    surname: row.surname,
    email: row.email,
    pendingEmail: await pendingEmailOf(options.db, row.id),
    phone: row.phone,
    fiscalCode: row.fiscalCode ?? '',
    birthday: row.birthday,
    identityCardNumber: row.identityCardNumber,
    address: row.address,
    city: row.city,
    cap: row.cap,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bankName,
    depositCardNumber: row.depositCardNumber,
    avatar: avatarUrl(row.id, row.avatar),
    lng: (row.lng as Language) ?? 'it',
    registeredAt: row.registeredAt?.toISOString() ?? null,
    editable,
    registration: {
      pending: isRegistrationPending(config, row.registeredAt),
      editable: registrationEditable(row, editable),
    },
    avatarMaxBytes: config.uploadLimitBytes,
  };
}

type Changes = Partial<Record<ProfileField, { from: string; to: string }>>;

/** The fields whose value really changes; a change to a field outside `allowed` is refused with 403. */
function diff(row: UserRow, values: Partial<Record<ProfileField, string>>, allowed: readonly ProfileField[]): Changes {
  const changes: Changes = {};
  for (const field of profileFields) {
    const to = values[field];
    if (to === undefined) continue;
    const from = fieldValue(row, field);
    if (to === from) continue;
    if (!allowed.includes(field)) throw new AppError('forbidden', { field });
    changes[field] = { from, to };
  }
  return changes;
}

/** The checks that need the stored data too: code and birthday agree, the email is nobody else's. */
async function assertConsistent(db: Executor, row: UserRow, changes: Changes): Promise<void> {
  const merged = {
    fiscalCode: changes.fiscalCode?.to ?? row.fiscalCode,
    birthday: changes.birthday?.to ?? row.birthday,
  };
  if ((changes.fiscalCode || changes.birthday) && fiscalCodeBirthdayIssue(merged)) {
    throw new AppError('validation', {}, { fiscalCode: [{ rule: 'fiscalCodeBirthday' }] });
  }
  if (changes.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${changes.email.to})`, ne(users.id, row.id)));
    if (taken) throw new AppError('validation', {}, { email: [{ rule: 'unique' }] });
  }
}

function columnsOf(changes: Changes): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [field, columnValue(field as ProfileField, change.to)]),
  );
}

export async function updateProfile(options: {
  db: Database;
  config: Pick<Config, 'profileSelfEditable' | 'appKey' | 'publicUrl' | 'emailConfirmationHours'>;
  userId: number;
  body: Partial<Record<ProfileField, string>>;
  ip?: string;
}): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const row = await loadUser(tx, userId, { lock: true });
    const { email, ...changes } = diff(row, options.body, selfEditableFields(options.config));
    // Whoever holds the session must also own the new address before sign-in and links go to it.
    if (email && email.to !== (await pendingEmailOf(tx, userId))) {
      await requestEmailChange(tx, {
        config: options.config,
        user: row,
        email: email.to,
        actorId: userId,
        ip: options.ip ?? null,
      });
    }
    if (Object.keys(changes).length === 0) return;
    await assertConsistent(tx, row, changes);
    await tx
      .update(users)
      .set({ ...columnsOf(changes), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await invalidateSessions(tx, { userId });
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.updated',
      entity: auditEntity,
      entityId: userId,
      data: { changes },
      ip: options.ip,
    });
  });
  kickJobs();
}

export async function completeRegistration(options: {
  db: Database;
  config: Pick<Config, 'profileSelfEditable'>;
  userId: number;
  body: z.output<typeof registrationBodySchema>;
  ip?: string;
}): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const row = await loadUser(tx, userId, { lock: true });
    // Completing twice would let registration overwrite what the office set since.
    if (row.registeredAt !== null) throw new AppError('badRequest');
    const changes = diff(row, options.body, registrationEditable(row, selfEditableFields(options.config)));
    // The same check as the body's, on what will be stored (the office's values included).
    const merged = { fiscalCode: options.body.fiscalCode, birthday: options.body.birthday };
    if (fiscalCodeBirthdayIssue(merged)) {
      throw new AppError('validation', {}, { fiscalCode: [{ rule: 'fiscalCodeBirthday' }] });
    }
    await assertConsistent(tx, row, changes);
    const registeredAt = new Date();
    await tx
      .update(users)
      .set({ ...columnsOf(changes), registeredAt, updatedAt: registeredAt })
      .where(eq(users.id, userId));
    await invalidateSessions(tx, { userId });
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.registrationCompleted',
      entity: auditEntity,
      entityId: userId,
      fromState: 'pending',
      toState: 'registered',
      data: { changes },
      ip: options.ip,
    });
  });
}

export async function changePassword(options: {
  db: Database;
  throttle: LoginThrottle;
  userId: number;
  sessionId: string;
  body: PasswordChangeBody;
  ip: string;
}): Promise<{ revokedSessions: number }> {
  const { db, throttle, userId, sessionId } = options;
  // The account's own counters, the ones sign-in uses: a stolen session cannot guess the password here instead.
  const attempt = { account: accountKey(userId, ''), ip: options.ip };
  await throttle.assertAllowed(attempt);
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      username: users.username,
      name: users.name,
      surname: users.surname,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, options.body.currentPassword))) {
    await writeAudit(db, {
      actorId: userId,
      action: 'profile.passwordChangeRefused',
      entity: auditEntity,
      entityId: userId,
      reason: 'wrongPassword',
      ip: options.ip,
    });
    await throttle.recordFailure({ ...attempt, userId });
    throw new AppError('wrongPassword');
  }
  // No recordSuccess: as with sign-in, only a complete sign-in clears the counters (README, design decisions).
  await assertAcceptablePassword(options.body.password, row);
  const passwordHash = await hashPassword(options.body.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await invalidateSessions(tx, { userId });
    // Whoever knew the old password is signed out everywhere else; this device stays signed in.
    const revokedSessions = await revokeUserSessions(tx, userId, sessionId);
    // A reset link asked for before the change must not undo it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.passwordChanged',
      entity: auditEntity,
      entityId: userId,
      data: { revokedSessions },
      ip: options.ip,
    });
    return { revokedSessions };
  });
}

export async function setLanguage(options: { db: Database; userId: number; lng: Language; ip?: string }) {
  const { db, userId, lng } = options;
  await db.transaction(async (tx) => {
    const row = await loadUser(tx, userId, { lock: true });
    if (row.lng === lng) return;
    await tx.update(users).set({ lng, updatedAt: new Date() }).where(eq(users.id, userId));
    await invalidateSessions(tx, { userId });
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.languageChanged',
      entity: auditEntity,
      entityId: userId,
      fromState: row.lng,
      toState: lng,
      ip: options.ip,
    });
  });
}

const avatarTypes = new Set<string>(avatarMimeTypes);
const mimeTypeOfExtension: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A new picture: what the bytes are decides (not the name or the declared type); the old picture is removed. */
export async function setAvatar(options: {
  db: Database;
  storage: Storage;
  userId: number;
  bytes: Uint8Array;
  ip?: string;
}): Promise<void> {
  const { db, storage, userId, bytes } = options;
  const sniffed = sniffFileType(bytes);
  if (!sniffed || !avatarTypes.has(sniffed.mimeType)) throw new AppError('fileTypeNotAllowed');
  const key = await storage.put(`avatars/${userId}`, bytes, sniffed.extension);
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const row = await loadUser(tx, userId, { lock: true });
      previous = row.avatar;
      await tx.update(users).set({ avatar: key, updatedAt: new Date() }).where(eq(users.id, userId));
      await invalidateSessions(tx, { userId });
      await writeAudit(tx, {
        actorId: userId,
        action: 'profile.avatarChanged',
        entity: auditEntity,
        entityId: userId,
        fromState: previous,
        toState: key,
        data: { mimeType: sniffed.mimeType, size: bytes.byteLength },
        ip: options.ip,
      });
    });
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
  if (previous) await storage.remove(previous).catch(() => undefined);
}

export async function removeAvatar(options: { db: Database; storage: Storage; userId: number; ip?: string }) {
  const { db, userId } = options;
  const previous = await db.transaction(async (tx) => {
    const row = await loadUser(tx, userId, { lock: true });
    if (!row.avatar) return null;
    await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await invalidateSessions(tx, { userId });
    await writeAudit(tx, {
      actorId: userId,
      action: 'profile.avatarRemoved',
      entity: auditEntity,
      entityId: userId,
      fromState: row.avatar,
      toState: null,
      ip: options.ip,
    });
    return row.avatar;
  });
  if (previous) await options.storage.remove(previous).catch(() => undefined);
}

/** A user's current picture; a user without one (or a removed user) answers 404. */
export async function readAvatar(options: { db: Database; storage: Storage; userId: number }) {
  const [row] = await options.db
    .select({ avatar: users.avatar })
    .from(users)
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)));
  if (!row?.avatar) throw new AppError('notFound');
  const extension = row.avatar.split('.').pop() ?? '';
  const bytes = await options.storage.get(row.avatar).catch(() => {
    throw new AppError('notFound');
  });
  return { bytes, mimeType: mimeTypeOfExtension[extension] ?? 'application/octet-stream' };
}
