/**
 * The owners' second factor (docs/second-factor.md): setting up an authenticator (only from a
 * one-time link e-mailed to her address), checking its codes and the recovery codes, and the
 * sessions that carry the factor. The TOTP secret is kept sealed (AES-256-GCM) under a key that
 * is not in the database; recovery codes as a salted scrypt hash. Setting up and new recovery
 * codes each send her an e-mail, in the same transaction.
 *
 * Each code is accepted once, by one guarded statement, so two requests racing with the same code
 * cannot both pass: an app's code moves `last_step` forward only from an earlier step
 * (`last_step < step`), a recovery code is spent only while `used_at is null`. The statement and
 * the session it opens are one transaction: a spent code always gives a session, and a session is
 * never given for a code not spent. Secrets and codes never reach a log or an error text.
 */
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, like, lt, not, or, sql } from 'drizzle-orm';
import {
  parseSecondFactorCode,
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_ALREADY_SET,
  SECOND_FACTOR_CODE_FORMAT,
  SECOND_FACTOR_INVALID_CODE,
  SECOND_FACTOR_NO_PENDING_SETUP,
  SECOND_FACTOR_NOT_SET,
} from '@semijoias/domain/second-factor';
import {
  SECOND_FACTOR_LINK_INVALID,
  SECOND_FACTOR_LINK_MINUTES,
  secondFactorLinkSent,
} from '@semijoias/domain/second-factor-link';
import type { Db } from '../../db/client.js';
import {
  ownerRecoveryCodes,
  ownerSecondFactors,
  ownerSetupLinks,
  refreshTokens,
  users,
} from '../../db/schema.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { loadQrCode } from '../../lib/on-first-use.js';
import { hashToken, openSealed, randomToken, sealText } from '../../lib/secrets.js';
import { enqueueEmail, STORE_NAME } from '../mail/index.js';
import { openSession, type TokenPair } from '../auth/index.js';
import {
  recoveryCodesRenewedEmail,
  secondFactorEnabledEmail,
  secondFactorLinkEmail,
} from './emails.js';
import { groupForReading, matchingStep, newSecret, otpauthUri } from './totp.js';

export const SETUP_LINK_TTL_MS = SECOND_FACTOR_LINK_MINUTES * 60 * 1000;

export interface SecondFactorServiceOptions {
  db: Db;
  key: Uint8Array;
  owner2fa: 'required' | 'optional';
  /** SECOND_FACTOR_KEY: seals the TOTP secrets at rest (never stored in the database). */
  secretKey: string;
  /** PUBLIC_URL: the e-mailed setup link opens the back office there. */
  publicUrl: string;
  /** Called after a commit that put mail in the outbox, so it goes out at once. */
  wakeOutbox?: () => void;
  /** The clock, for tests of the time window (default Date.now). */
  now?: () => number;
}

// ------------------------------------------------------------------------- the secret at rest

const SEAL_PURPOSE = 'owner-totp-secret';
const SEALED_PREFIX = 'v1.';

/** The secret as stored: sealed with AES-256-GCM under SECOND_FACTOR_KEY. */
export function sealSecret(secretKey: string, secret: string): string {
  return sealText(secretKey, SEAL_PURPOSE, secret);
}

/**
 * The secret of a stored value: a sealed one opened with the key (null when it does not open: a
 * backup restored on a server without its key), a plain one left by an older release as it is.
 */
export function openSecret(secretKey: string, stored: string): string | null {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  return openSealed(secretKey, SEAL_PURPOSE, stored);
}

/**
 * Start-up: seals every secret still in plain text (set up by an older release). One guarded
 * update per row (`secret` unchanged), so two instances starting together seal each once.
 * Answers how many it sealed.
 */
export async function sealPlainSecrets(db: Db, secretKey: string): Promise<number> {
  const plain = await db
    .select({ userId: ownerSecondFactors.userId, secret: ownerSecondFactors.secret })
    .from(ownerSecondFactors)
    .where(not(like(ownerSecondFactors.secret, `${SEALED_PREFIX}%`)));
  let sealed = 0;
  for (const row of plain) {
    const done = await db
      .update(ownerSecondFactors)
      .set({ secret: sealSecret(secretKey, row.secret) })
      .where(
        and(eq(ownerSecondFactors.userId, row.userId), eq(ownerSecondFactors.secret, row.secret)),
      )
      .returning({ userId: ownerSecondFactors.userId });
    sealed += done.length;
  }
  return sealed;
}

// ------------------------------------------------------------------------- recovery codes

/** The owner whose session makes the call (checked by the owner guard). */
export interface OwnerRef {
  id: number;
  email: string;
}

/**
 * scrypt's cost for recovery codes (~40 bits each): 16 MiB and some tens of milliseconds per
 * guess, so a copy of the table is not a list of codes. One salt per owner's set of ten: a
 * code typed is hashed once per set, not once per code.
 */
const SCRYPT_OPTIONS = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptHash(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, salt, 32, SCRYPT_OPTIONS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A recovery code as stored: `scrypt$<salt>$<hash>` (base64url) of its 8 characters. */
export async function hashRecoveryCode(code: string, salt: Buffer): Promise<string> {
  const hash = await scryptHash(code, salt);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Whether `code` (canonical, no dash) is the one `stored` holds; constant time. */
async function recoveryCodeMatches(
  code: string,
  stored: string,
  hashedBySalt: Map<string, Promise<Buffer>>,
): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length === 3 && parts[0] === 'scrypt') {
    const salt = parts[1]!;
    let typed = hashedBySalt.get(salt);
    if (!typed) {
      typed = scryptHash(code, Buffer.from(salt, 'base64url'));
      hashedBySalt.set(salt, typed);
    }
    const expected = Buffer.from(parts[2]!, 'base64url');
    const got = await typed;
    return expected.length === got.length && timingSafeEqual(expected, got);
  }
  // A code of an older release: the SHA-256 of its 8 characters (until she renews them).
  const expected = Buffer.from(stored, 'hex');
  const got = createHash('sha256').update(code).digest();
  return expected.length === got.length && timingSafeEqual(expected, got);
}

/** Ten new codes, `xxxx-xxxx`, uniformly drawn (randomInt rejects biased draws). */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
      code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}

function invalidCode(fieldMessage: string = SECOND_FACTOR_INVALID_CODE): ValidationError {
  return new ValidationError(SECOND_FACTOR_INVALID_CODE, { codigo: [fieldMessage] });
}

/** Ten new codes and their stored hashes (hashed before any transaction opens). */
async function freshRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = newRecoveryCodes();
  const salt = randomBytes(16);
  const hashes = await Promise.all(codes.map((code) => hashRecoveryCode(code, salt)));
  return { codes, hashes };
}

/** Replaces her recovery codes with ten new ones, in `tx`; answers them as shown. */
async function replaceRecoveryCodes(
  tx: Db,
  userId: number,
  fresh: { codes: string[]; hashes: string[] },
): Promise<string[]> {
  await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.userId, userId));
  await tx
    .insert(ownerRecoveryCodes)
    .values(fresh.hashes.map((codeHash) => ({ userId, codeHash })));
  return fresh.codes.map(formatRecoveryCode);
}

async function unusedCodes(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ownerRecoveryCodes)
    .where(and(eq(ownerRecoveryCodes.userId, userId), isNull(ownerRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Removes an owner's second factor (another owner's reset) and ends her sessions, in `tx`:
 * the authenticator and the recovery codes go, every refresh family is revoked and access tokens
 * issued before now are refused. Her password and her devices stay. Answers whether she had one.
 */
export async function removeSecondFactor(tx: Db, userId: number): Promise<boolean> {
  const now = new Date();
  const removed = await tx
    .delete(ownerSecondFactors)
    .where(eq(ownerSecondFactors.userId, userId))
    .returning({ enabledAt: ownerSecondFactors.enabledAt });
  await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.userId, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx
    .update(users)
    .set({ sessionsValidAfter: now, updatedAt: now })
    .where(eq(users.id, userId));
  return removed.some((r) => r.enabledAt !== null);
}

/** Whether the account has a confirmed authenticator (the back office's customer page). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: ownerSecondFactors.userId })
    .from(ownerSecondFactors)
    .where(and(eq(ownerSecondFactors.userId, userId), isNotNull(ownerSecondFactors.enabledAt)));
  return row !== undefined;
}

export function createSecondFactorService(opts: SecondFactorServiceOptions) {
  const { db, key, secretKey, publicUrl } = opts;
  const now = opts.now ?? Date.now;
  const wakeOutbox = opts.wakeOutbox ?? (() => undefined);

  /**
   * Her factor as the service reads it: `secret` opened (null when it does not open with this
   * server's key: she sets it up again from a new link), `stored` as kept.
   */
  async function factorOf(userId: number) {
    const [row] = await db
      .select({
        secret: ownerSecondFactors.secret,
        enabledAt: ownerSecondFactors.enabledAt,
        setupTokenHash: ownerSecondFactors.setupTokenHash,
      })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, userId));
    if (!row) return undefined;
    const secret = openSecret(secretKey, row.secret);
    if (secret !== null && !row.secret.startsWith(SEALED_PREFIX)) {
      // Left plain by an older release while this one ran: sealed at its first use.
      await db
        .update(ownerSecondFactors)
        .set({ secret: sealSecret(secretKey, secret) })
        .where(
          and(eq(ownerSecondFactors.userId, userId), eq(ownerSecondFactors.secret, row.secret)),
        );
    }
    return { ...row, stored: row.secret, secret };
  }

  /** Set up and usable here (its secret opens with this server's key). */
  const usable = (factor: Awaited<ReturnType<typeof factorOf>>) =>
    factor?.enabledAt != null && factor.secret !== null;

  async function ownerName(tx: Db, userId: number): Promise<string> {
    const [row] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    return row?.firstName ?? '';
  }

  return {
    /** GET api/segundo-fator/. */
    async status(owner: OwnerRef) {
      const factor = await factorOf(owner.id);
      const configured = usable(factor);
      return {
        configurado: configured,
        obrigatorio: opts.owner2fa === 'required',
        codigos_restantes: configured ? await unusedCodes(db, owner.id) : 0,
      };
    },

    /**
     * POST api/segundo-fator/link/: a one-time link to her own address opens the setup (valid
     * minutes, single use, only its SHA-256 kept). Her password alone sets nothing up.
     */
    async requestSetupLink(owner: OwnerRef): Promise<{ message: string }> {
      if (usable(await factorOf(owner.id))) throw new ConflictError(SECOND_FACTOR_ALREADY_SET);
      const token = randomToken();
      await db.transaction(async (tx) => {
        const [link] = await tx
          .insert(ownerSetupLinks)
          .values({
            userId: owner.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + SETUP_LINK_TTL_MS),
          })
          .returning({ id: ownerSetupLinks.id });
        await enqueueEmail(
          tx,
          secondFactorLinkEmail({
            to: owner.email,
            firstName: await ownerName(tx, owner.id),
            publicUrl,
            token,
          }),
          { dedupeKey: `owner-setup-link:${link!.id}` },
        );
      });
      wakeOutbox();
      return { message: secondFactorLinkSent(owner.email) };
    },

    /**
     * POST api/segundo-fator/configurar/ {token}: the e-mailed link, spent here, opens a new
     * secret, pending until a code of it is typed. One transaction: the link claimed by a guarded
     * update (hers, unused, in time), her row locked, the pending secret written (sealed) with
     * the link's hash. A confirmed authenticator is never replaced here (one that no longer
     * opens with this server's key is: she sets it up again). Only a new link, from her mailbox,
     * replaces a pending setup: a session alone can neither start nor replace one.
     */
    async startSetup(owner: OwnerRef, token: string) {
      const secret = newSecret();
      const at = new Date();
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(ownerSetupLinks)
          .set({ usedAt: at })
          .where(
            and(
              eq(ownerSetupLinks.tokenHash, hashToken(token)),
              eq(ownerSetupLinks.userId, owner.id),
              isNull(ownerSetupLinks.usedAt),
              gt(ownerSetupLinks.expiresAt, at),
            ),
          )
          .returning({ id: ownerSetupLinks.id });
        if (!claimed) {
          throw new ValidationError(SECOND_FACTOR_LINK_INVALID, {
            token: [SECOND_FACTOR_LINK_INVALID],
          });
        }
        const [current] = await tx
          .select({ secret: ownerSecondFactors.secret, enabledAt: ownerSecondFactors.enabledAt })
          .from(ownerSecondFactors)
          .where(eq(ownerSecondFactors.userId, owner.id))
          .for('update');
        if (current?.enabledAt) {
          if (openSecret(secretKey, current.secret) !== null) {
            throw new ConflictError(SECOND_FACTOR_ALREADY_SET);
          }
          // Restored on a server without its key: the old factor is gone for good.
          await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.userId, owner.id));
        }
        await tx
          .insert(ownerSecondFactors)
          .values({
            userId: owner.id,
            secret: sealSecret(secretKey, secret),
            setupTokenHash: hashToken(token),
          })
          .onConflictDoUpdate({
            target: ownerSecondFactors.userId,
            set: {
              secret: sealSecret(secretKey, secret),
              setupTokenHash: hashToken(token),
              enabledAt: null,
              lastStep: null,
              createdAt: sql`now()`,
            },
          });
      });
      const uri = otpauthUri({ issuer: STORE_NAME, account: owner.email, secret });
      const QRCode = await loadQrCode();
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { segredo: groupForReading(secret), uri, qr_svg: svg };
    },

    /**
     * POST api/segundo-fator/ativar/: the first code of the pending secret confirms it. One
     * guarded update (still pending, the same secret, a later step) enables it; the recovery
     * codes, a session carrying the factor and the e-mail 'Segundo fator configurado' come in the
     * same transaction.
     */
    async activate(
      owner: OwnerRef,
      typed: string,
    ): Promise<TokenPair & { codigos_recuperacao: string[] }> {
      const factor = await factorOf(owner.id);
      if (usable(factor)) throw new ConflictError(SECOND_FACTOR_ALREADY_SET);
      if (!factor || factor.enabledAt || factor.secret === null) {
        throw new ConflictError(SECOND_FACTOR_NO_PENDING_SETUP);
      }
      const parsed = parseSecondFactorCode(typed);
      if (parsed?.kind !== 'totp') throw invalidCode(SECOND_FACTOR_CODE_FORMAT);
      const step = matchingStep(factor.secret, parsed.code, now());
      if (step === null) throw invalidCode();
      const fresh = await freshRecoveryCodes();
      const answer = await db.transaction(async (tx) => {
        const enabledAt = new Date();
        const [accepted] = await tx
          .update(ownerSecondFactors)
          .set({ enabledAt, lastStep: step, setupTokenHash: null })
          .where(
            and(
              eq(ownerSecondFactors.userId, owner.id),
              isNull(ownerSecondFactors.enabledAt),
              eq(ownerSecondFactors.secret, factor.stored),
              or(isNull(ownerSecondFactors.lastStep), lt(ownerSecondFactors.lastStep, step)),
            ),
          )
          .returning({ userId: ownerSecondFactors.userId });
        // Another request confirmed it (or a new setup replaced it) meanwhile.
        if (!accepted) throw invalidCode();
        const codes = await replaceRecoveryCodes(tx, owner.id, fresh);
        const pair = await openSession(tx, key, owner.id, enabledAt);
        await enqueueEmail(
          tx,
          secondFactorEnabledEmail({
            to: owner.email,
            firstName: await ownerName(tx, owner.id),
            publicUrl,
            at: enabledAt,
          }),
          { dedupeKey: `owner-second-factor-enabled:${owner.id}:${enabledAt.getTime()}` },
        );
        return { ...pair, codigos_recuperacao: codes };
      });
      wakeOutbox();
      return answer;
    },

    /**
     * POST api/segundo-fator/verificar/: a code of the app (its step accepted once, and never
     * one at or before the last accepted) or a recovery code (spent once); a session carrying
     * the factor.
     */
    async verify(
      owner: OwnerRef,
      typed: string,
    ): Promise<TokenPair & { codigos_restantes: number }> {
      const factor = await factorOf(owner.id);
      if (!usable(factor)) throw new ConflictError(SECOND_FACTOR_NOT_SET);
      const parsed = parseSecondFactorCode(typed);
      if (!parsed) throw invalidCode(SECOND_FACTOR_CODE_FORMAT);
      let step: number | null = null;
      let codeId: number | null = null;
      if (parsed.kind === 'totp') {
        step = matchingStep(factor!.secret!, parsed.code, now());
        if (step === null) throw invalidCode();
      } else {
        // Every unused code of hers is compared (constant time each), so the time taken says
        // nothing about which one, if any, matched.
        const unused = await db
          .select({ id: ownerRecoveryCodes.id, codeHash: ownerRecoveryCodes.codeHash })
          .from(ownerRecoveryCodes)
          .where(and(eq(ownerRecoveryCodes.userId, owner.id), isNull(ownerRecoveryCodes.usedAt)));
        const hashed = new Map<string, Promise<Buffer>>();
        for (const row of unused) {
          if (await recoveryCodeMatches(parsed.code, row.codeHash, hashed)) codeId ??= row.id;
        }
        if (codeId === null) throw invalidCode();
      }
      return db.transaction(async (tx) => {
        const passedAt = new Date();
        let accepted: unknown[];
        if (step !== null) {
          accepted = await tx
            .update(ownerSecondFactors)
            .set({ lastStep: step })
            .where(
              and(
                eq(ownerSecondFactors.userId, owner.id),
                isNotNull(ownerSecondFactors.enabledAt),
                eq(ownerSecondFactors.secret, factor!.stored),
                or(isNull(ownerSecondFactors.lastStep), lt(ownerSecondFactors.lastStep, step)),
              ),
            )
            .returning({ userId: ownerSecondFactors.userId });
        } else {
          accepted = await tx
            .update(ownerRecoveryCodes)
            .set({ usedAt: passedAt })
            .where(
              and(
                eq(ownerRecoveryCodes.id, codeId!),
                eq(ownerRecoveryCodes.userId, owner.id),
                isNull(ownerRecoveryCodes.usedAt),
              ),
            )
            .returning({ id: ownerRecoveryCodes.id });
        }
        if (accepted.length === 0) throw invalidCode();
        const pair = await openSession(tx, key, owner.id, passedAt);
        return { ...pair, codigos_restantes: await unusedCodes(tx, owner.id) };
      });
    },

    /**
     * POST api/segundo-fator/codigos/: ten new recovery codes; the old ones stop working; the
     * e-mail 'Novos códigos de recuperação' in the same transaction.
     */
    async renewRecoveryCodes(owner: OwnerRef): Promise<{ codigos_recuperacao: string[] }> {
      const fresh = await freshRecoveryCodes();
      const answer = await db.transaction(async (tx) => {
        // Locked, so a reset racing with this cannot leave codes without an authenticator.
        const [factor] = await tx
          .select({ enabledAt: ownerSecondFactors.enabledAt })
          .from(ownerSecondFactors)
          .where(eq(ownerSecondFactors.userId, owner.id))
          .for('update');
        if (!factor?.enabledAt) throw new ConflictError(SECOND_FACTOR_NOT_SET);
        const codes = await replaceRecoveryCodes(tx, owner.id, fresh);
        const at = new Date();
        await enqueueEmail(
          tx,
          recoveryCodesRenewedEmail({
            to: owner.email,
            firstName: await ownerName(tx, owner.id),
            publicUrl,
            at,
          }),
          { dedupeKey: `owner-recovery-codes:${owner.id}:${at.getTime()}` },
        );
        return { codigos_recuperacao: codes };
      });
      wakeOutbox();
      return answer;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
