// Passwords are only ever stored as argon2id hashes.
import { hash, verify } from '@node-rs/argon2';

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
