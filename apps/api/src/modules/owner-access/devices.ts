/**
 * The browsers an owner's account has logged in from. Each browser keeps a random id
 * of its own and sends it as `X-Dispositivo` with the password login; the store keeps only its
 * SHA-256. A login of an owner from an id not seen before (or without one) queues her an e-mail in
 * the login's transaction; the id is then remembered. Shoppers' browsers are not recorded.
 */
import { and, eq } from 'drizzle-orm';
import { DEVICE_ID_PATTERN } from '@semijoias/domain/second-factor';
import type { Db } from '../../db/client.js';
import { ownerDevices } from '../../db/schema.js';
import { hashToken } from '../../lib/secrets.js';
import { enqueueEmail } from '../mail/index.js';
import { newBrowserEmail } from './new-browser-email.js';

/** The browser's words kept beside the id: enough to recognise it, bounded. */
const USER_AGENT_MAX = 300;

/** The header's value when it is a well-formed id; anything else counts as no id at all. */
export function deviceIdFrom(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? header : null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\w+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** A User-Agent in a few words a person reads: 'Chrome 126 no Windows', 'Safari 17 no iPhone'. */
export function describeBrowser(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador não identificado no ${system}`;
  return 'Navegador não identificado';
}

/**
 * At an owner's password login, inside its transaction: a browser not seen before (or one that
 * sent no id) queues the 'Novo acesso' e-mail, and a known one has its last visit updated. The
 * insert is guarded by the table's key, so two logins racing from one new browser queue one
 * e-mail. Answers whether an e-mail was queued (the caller wakes the outbox after the commit).
 */
export async function noteOwnerLogin(
  tx: Db,
  input: {
    userId: number;
    email: string;
    firstName: string;
    deviceId: string | null;
    userAgent: string | undefined;
    publicUrl: string;
    at?: Date;
  },
): Promise<boolean> {
  const at = input.at ?? new Date();
  const userAgent = (input.userAgent ?? '').slice(0, USER_AGENT_MAX);
  if (input.deviceId !== null) {
    const deviceHash = hashToken(input.deviceId);
    const added = await tx
      .insert(ownerDevices)
      .values({ userId: input.userId, deviceHash, userAgent, firstSeenAt: at, lastSeenAt: at })
      .onConflictDoNothing()
      .returning({ userId: ownerDevices.userId });
    if (added.length === 0) {
      await tx
        .update(ownerDevices)
        .set({ lastSeenAt: at, userAgent })
        .where(and(eq(ownerDevices.userId, input.userId), eq(ownerDevices.deviceHash, deviceHash)));
      return false;
    }
  }
  await enqueueEmail(
    tx,
    newBrowserEmail({
      to: input.email,
      firstName: input.firstName,
      publicUrl: input.publicUrl,
      at,
      browser: describeBrowser(userAgent),
    }),
  );
  return true;
}
