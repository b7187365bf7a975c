// Passwords are only ever stored as argon2id hashes, and one a person chooses must pass the policy below.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors';

// The library's default algorithm is argon2id; these costs are OWASP's minimum for it.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Checked against when the login matches nobody, so a wrong username costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nobody');
  return decoyHash;
}

// ——— The new-password policy (ASVS 6.2.4, 6.2.11) ———
// For people choosing a password (profile change, reset and invitation links); the seed sets the demo
// password directly. Length is the body schema's (passwordMinLength, 8).

/**
 * Public though in no list: the demo password, printed at start-up and in the README. A real account
 * must never end up with it.
 */
const knownPasswords = ['bottega2026'];

/** Folded for comparison: case- and accent-insensitive, so "Password" or "Rossì" match too. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The common passwords: the 49,000 most used of zxcvbn-ts's list (MIT), loaded on the first password
 * chosen rather than at start-up, then kept as a Set.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...knownPasswords].map(fold)),
  );
  return commonPasswords;
}

/** Whose password it is: what it must not contain. */
export type PasswordOwner = { username: string; name: string; surname: string; email: string | null };

/** Shorter parts would refuse too much ("al", "de"); ASVS asks for the obvious ones. */
const PERSONAL_PART_MIN = 3;

/**
 * The username, and the names and the email's local part whole and word by word ("Maria Grazia",
 * "m.rossi"); the username only whole, as people choose it as one ("e2e.tester" is not "e2e").
 */
function personalParts(owner: PasswordOwner): string[] {
  const named = [owner.name, owner.surname, owner.email?.split('@')[0] ?? ''].map(fold);
  const words = named.flatMap((part) => part.split(/[^\p{L}\p{N}]+/u));
  return [...new Set([fold(owner.username), ...named, ...words])].filter((part) => part.length >= PERSONAL_PART_MIN);
}

export type PasswordWeakness = 'passwordTooCommon' | 'passwordContainsPersonalData';

/** Why a new password is refused, or null when it may be used. */
export async function passwordWeakness(password: string, owner: PasswordOwner): Promise<PasswordWeakness | null> {
  const folded = fold(password);
  if ((await loadCommonPasswords()).has(folded)) return 'passwordTooCommon';
  if (personalParts(owner).some((part) => folded.includes(part))) return 'passwordContainsPersonalData';
  return null;
}

/** Refuses a weak new password: 422 with its own code, and the same reason on the body's `password` field. */
export async function assertAcceptablePassword(password: string, owner: PasswordOwner): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw new AppError(weakness, {}, { password: [{ rule: weakness }] });
}
