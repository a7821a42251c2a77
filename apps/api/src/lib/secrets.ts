/**
 * Secrets at rest: argon2id password hashes and the SHA-256 of random one-time tokens. Tokens are
 * random enough (32 bytes) that a fast hash is safe; only the hash is stored, so a leaked table
 * opens no account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  // Algorithm is a const enum (not importable under isolatedModules); 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the e-mail is unknown, so the answer time does not
 * tell which e-mails have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
}

/** 32 random bytes, base64url: the token sent in an e-mail link or as a refresh token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up for a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
