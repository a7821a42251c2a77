/**
 * Marketing consent (LGPD; docs/marketing-consent-contract.md): her agreement to offers
 * by e-mail, with the time she gave or withdrew it, and the unsubscribe token that names her
 * without a login.
 */
import { eq, sql } from 'drizzle-orm';
import { UNSUBSCRIBE_PAGE_PATH, UNSUBSCRIBE_TOKEN_PARAM } from '@semijoias/domain/marketing';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { sameSecret, signText } from '../../lib/secrets.js';

/** The HMAC's purpose: a key of its own, derived from JWT_SECRET (lib/secrets.ts). */
const UNSUBSCRIBE_PURPOSE = 'unsubscribe-v1';

/**
 * Her unsubscribe token: `<user id>.<HMAC-SHA-256 of it>`. Stable (every marketing e-mail carries
 * the same one, nothing is stored), and only the server can make one: a changed id breaks the
 * signature. A new JWT_SECRET voids the links already sent (she withdraws from Minha conta).
 */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signText(secret, UNSUBSCRIBE_PURPOSE, `user:${userId}`)}`;
}

const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The user a token names, or null when it is not one the server made. */
export function userIdFromUnsubscribeToken(secret: string, token: string): number | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  return sameSecret(match[2]!, signText(secret, UNSUBSCRIBE_PURPOSE, `user:${userId}`))
    ? userId
    : null;
}

/** The page the e-mail's body links to: a button there confirms (a scanner opening it does not). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?${UNSUBSCRIBE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** The `List-Unsubscribe` URL: a POST there withdraws at once (RFC 8058 one-click). */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/descadastrar/?${UNSUBSCRIBE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** The headers of every marketing e-mail (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(publicUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The columns that record her answer: the value, and its time moved only when the value changes
 * (a repeated "yes" keeps the time she first said it). One statement: two answers racing each
 * write a consistent pair.
 */
export function consentColumns(value: boolean) {
  return {
    marketingOptIn: value,
    marketingOptInChangedAt: sql`case when ${users.marketingOptIn} is distinct from ${value}::boolean
      then now() else ${users.marketingOptInChangedAt} end`,
  };
}

/**
 * Withdraws her consent (the unsubscribe link): idempotent, the time recorded only when she had
 * agreed. False when there is no such account.
 */
export async function withdrawConsent(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(consentColumns(false))
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
