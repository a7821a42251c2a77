/**
 * TOTP as RFC 6238 defines it over RFC 4226's HOTP, with node:crypto only: HMAC-SHA-1, 6 digits,
 * 30-second steps from the Unix epoch — what Google Authenticator, Microsoft Authenticator, Authy
 * and 1Password read from an `otpauth://` URI without further parameters. Base32 (RFC 4648,
 * without padding) is how the apps take the secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@semijoias/domain/second-factor';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** RFC 4226 §4 asks for at least 128 bits and recommends 160: one SHA-1 block's worth. */
export const SECRET_BYTES = 20;
/** Codes of the step before and the step after the server's are accepted (clock drift). */
export const DRIFT_STEPS = 1;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Case, spaces, dashes and `=` padding ignored; throws on any other character. */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=-]/g, '').toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not Base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes, as Base32 (32 characters). */
export function newSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The secret as the screen shows it for typing by hand: groups of four. */
export function groupForReading(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The TOTP time step (RFC 6238 §4.2: T0 = 0, X = 30 s) of an instant. */
export function totpStep(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** HOTP (RFC 4226 §5.3): HMAC-SHA-1 of the 8-byte counter, dynamic truncation, `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of a Base32 secret at a step. */
export function totpCode(secret: string, step: number, digits: number = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), step, digits);
}

/**
 * The step whose code `code` is, among the server's step and DRIFT_STEPS either side; null when
 * none. Every candidate is computed and compared in constant time, so the answer's timing does
 * not tell which step (or whether any) matched. Replay is the caller's: it must accept a step
 * only once (modules/second-factor/service.ts, one guarded update).
 */
export function matchingStep(
  secret: string,
  code: string,
  nowMs: number = Date.now(),
): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const key = base32Decode(secret);
  const typed = Buffer.from(code);
  const current = totpStep(nowMs);
  let found: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), typed)) found = step;
  }
  return found;
}

/**
 * The `otpauth://` URI the QR code carries (Google Authenticator's Key Uri Format): the label
 * `issuer:account`, the issuer repeated as a parameter, and the defaults said out loud.
 */
export function otpauthUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  // URLSearchParams writes a space as '+', which some apps show literally: %20 is read by all.
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
