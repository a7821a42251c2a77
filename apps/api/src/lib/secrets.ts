/**
 * Secrets at rest: argon2id password hashes and the SHA-256 of random one-time tokens. Tokens are
 * random enough (32 bytes) that a fast hash is safe; only the hash is stored, so a leaked table
 * opens no account.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';
import { onFirstUse } from './on-first-use.js';

/** The native argon2 binding, loaded by the first password hashed or checked. */
const loadArgon2 = onFirstUse(() => import('@node-rs/argon2'));

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  // Algorithm is a const enum (not importable under isolatedModules); 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Loaded outside the try: a store that cannot load argon2 fails loudly, not 'wrong password'.
  const { verify } = await loadArgon2();
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

/** Derived keys by secret and purpose: a handful of purposes, one secret per process. */
const derivedKeys = new Map<string, Buffer>();

/**
 * A 32-byte key for one purpose, derived from a server secret (JWT_SECRET) with HKDF-SHA-256.
 * Kept once derived: every checkout signs with it, and HKDF was 0.5 % of a drop's CPU.
 */
function derivedKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'semijoias', purpose, 32));
    derivedKeys.set(id, key);
  }
  return key;
}

/**
 * Seals a short text with AES-256-GCM under a key derived from `secret` for `purpose`:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url. Used for what must be read back later but must not be
 * readable from a database dump alone (a guest order's link secret, for her later e-mails).
 */
export function sealText(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The text {@link sealText} sealed, or null when it does not open (another secret, tampered). */
export function openSealed(secret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(secret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * HMAC-SHA-256 of `text` under a key derived from `secret` for `purpose`, base64url: a link that
 * names someone without a login and without a stored token (her unsubscribe link).
 * Only the server, knowing the secret, can make one; another purpose's signature never matches.
 */
export function signText(secret: string, purpose: string, text: string): string {
  return createHmac('sha256', derivedKey(secret, purpose)).update(text, 'utf8').digest('base64url');
}

/**
 * Whether two secrets (a signature, a token's hash) are the same, in a time that does not depend
 * on where they differ: a caller cannot learn a secret one character at a time.
 */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
