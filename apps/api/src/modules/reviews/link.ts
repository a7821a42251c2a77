/**
 * The review e-mail's link (docs/reviews-contract.md): `rv1.<order id>.<expires>.<HMAC>`, signed
 * with a key of its own derived from JWT_SECRET. It opens the review form of that one order until
 * it expires, and nothing else: it is not a login, and nothing is stored to check it.
 */
import { REVIEW_LINK_TTL_DAYS } from '@semijoias/domain/reviews';
import { sameSecret, signText } from '../../lib/secrets.js';

const REVIEW_LINK_PURPOSE = 'review-link-v1';
const TOKEN_SHAPE = /^rv1\.([1-9]\d{0,9})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;
const DAY_SECONDS = 24 * 60 * 60;

/** The page the e-mail opens. */
export const REVIEW_PAGE_PATH = '/avaliar';

export function reviewToken(secret: string, orderId: number, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + REVIEW_LINK_TTL_DAYS * DAY_SECONDS;
  const signed = `order:${orderId}:${expires}`;
  return `rv1.${orderId}.${expires}.${signText(secret, REVIEW_LINK_PURPOSE, signed)}`;
}

/** The order a token opens, or null: not one the server made, changed, or expired. */
export function orderIdFromReviewToken(
  secret: string,
  token: string,
  now = new Date(),
): number | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const orderId = Number(match[1]);
  const expires = Number(match[2]);
  if (!Number.isSafeInteger(orderId) || orderId > 2_147_483_647) return null;
  const expected = signText(secret, REVIEW_LINK_PURPOSE, `order:${orderId}:${expires}`);
  if (!sameSecret(match[3]!, expected)) return null;
  return expires * 1000 > now.getTime() ? orderId : null;
}

export function reviewPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${REVIEW_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}
