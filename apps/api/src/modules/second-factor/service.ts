/**
 * The owners' second factor (docs/second-factor.md): setting up an authenticator,
 * checking its codes and the recovery codes, and the sessions that carry the factor.
 *
 * Each code is accepted once, by one guarded statement, so two requests racing with the same code
 * cannot both pass: an app's code moves `last_step` forward only from an earlier step
 * (`last_step < step`), a recovery code is spent only while `used_at is null`. The statement and
 * the session it opens are one transaction: a spent code always gives a session, and a session is
 * never given for a code not spent. Secrets and codes never reach a log or an error text.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
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
import type { Db } from '../../db/client.js';
import { ownerRecoveryCodes, ownerSecondFactors, refreshTokens, users } from '../../db/schema.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { STORE_NAME } from '../mail/index.js';
import { openSession, type TokenPair } from '../auth/index.js';
import { groupForReading, matchingStep, newSecret, otpauthUri } from './totp.js';

export interface SecondFactorServiceOptions {
  db: Db;
  key: Uint8Array;
  owner2fa: 'required' | 'optional';
  /** The clock, for tests of the time window (default Date.now). */
  now?: () => number;
}

/** The owner whose session makes the call (checked by the owner guard). */
export interface OwnerRef {
  id: number;
  email: string;
}

/** Recovery codes are stored as the SHA-256 of their canonical 8 characters (no dash). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
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

/** Replaces her recovery codes with ten new ones, in `tx`; answers them as shown. */
async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.userId, userId));
  await tx
    .insert(ownerRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes.map(formatRecoveryCode);
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
  const { db, key } = opts;
  const now = opts.now ?? Date.now;

  async function factorOf(userId: number) {
    const [row] = await db
      .select({
        secret: ownerSecondFactors.secret,
        enabledAt: ownerSecondFactors.enabledAt,
      })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, userId));
    return row;
  }

  return {
    /** GET api/segundo-fator/. */
    async status(owner: OwnerRef) {
      const factor = await factorOf(owner.id);
      const configured = factor?.enabledAt != null;
      return {
        configurado: configured,
        obrigatorio: opts.owner2fa === 'required',
        codigos_restantes: configured ? await unusedCodes(db, owner.id) : 0,
      };
    },

    /**
     * POST api/segundo-fator/configurar/: a new secret, pending until a code of it is typed. One
     * upsert, guarded by `enabled_at is null`: a confirmed authenticator is never replaced here.
     */
    async startSetup(owner: OwnerRef) {
      const secret = newSecret();
      const rows = await db
        .insert(ownerSecondFactors)
        .values({ userId: owner.id, secret })
        .onConflictDoUpdate({
          target: ownerSecondFactors.userId,
          set: { secret, lastStep: null, createdAt: sql`now()` },
          setWhere: isNull(ownerSecondFactors.enabledAt),
        })
        .returning({ userId: ownerSecondFactors.userId });
      if (rows.length === 0) throw new ConflictError(SECOND_FACTOR_ALREADY_SET);
      const uri = otpauthUri({ issuer: STORE_NAME, account: owner.email, secret });
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { segredo: groupForReading(secret), uri, qr_svg: svg };
    },

    /**
     * POST api/segundo-fator/ativar/: the first code of the pending secret confirms it. One
     * guarded update (still pending, the same secret, a later step) enables it; the recovery codes
     * and a session carrying the factor come in the same transaction.
     */
    async activate(
      owner: OwnerRef,
      typed: string,
    ): Promise<TokenPair & { codigos_recuperacao: string[] }> {
      const factor = await factorOf(owner.id);
      if (factor?.enabledAt) throw new ConflictError(SECOND_FACTOR_ALREADY_SET);
      if (!factor) throw new ConflictError(SECOND_FACTOR_NO_PENDING_SETUP);
      const parsed = parseSecondFactorCode(typed);
      if (parsed?.kind !== 'totp') throw invalidCode(SECOND_FACTOR_CODE_FORMAT);
      const step = matchingStep(factor.secret, parsed.code, now());
      if (step === null) throw invalidCode();
      return db.transaction(async (tx) => {
        const enabledAt = new Date();
        const [accepted] = await tx
          .update(ownerSecondFactors)
          .set({ enabledAt, lastStep: step })
          .where(
            and(
              eq(ownerSecondFactors.userId, owner.id),
              isNull(ownerSecondFactors.enabledAt),
              eq(ownerSecondFactors.secret, factor.secret),
              or(isNull(ownerSecondFactors.lastStep), lt(ownerSecondFactors.lastStep, step)),
            ),
          )
          .returning({ userId: ownerSecondFactors.userId });
        // Another request confirmed it (or a new setup replaced it) meanwhile.
        if (!accepted) throw invalidCode();
        const codes = await replaceRecoveryCodes(tx, owner.id);
        const pair = await openSession(tx, key, owner.id, enabledAt);
        return { ...pair, codigos_recuperacao: codes };
      });
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
      if (!factor?.enabledAt) throw new ConflictError(SECOND_FACTOR_NOT_SET);
      const parsed = parseSecondFactorCode(typed);
      if (!parsed) throw invalidCode(SECOND_FACTOR_CODE_FORMAT);
      let step: number | null = null;
      if (parsed.kind === 'totp') {
        step = matchingStep(factor.secret, parsed.code, now());
        if (step === null) throw invalidCode();
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
                eq(ownerSecondFactors.secret, factor.secret),
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
                eq(ownerRecoveryCodes.userId, owner.id),
                eq(ownerRecoveryCodes.codeHash, hashRecoveryCode(parsed.code)),
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

    /** POST api/segundo-fator/codigos/: ten new recovery codes; the old ones stop working. */
    async renewRecoveryCodes(owner: OwnerRef): Promise<{ codigos_recuperacao: string[] }> {
      return db.transaction(async (tx) => {
        // Locked, so a reset racing with this cannot leave codes without an authenticator.
        const [factor] = await tx
          .select({ enabledAt: ownerSecondFactors.enabledAt })
          .from(ownerSecondFactors)
          .where(eq(ownerSecondFactors.userId, owner.id))
          .for('update');
        if (!factor?.enabledAt) throw new ConflictError(SECOND_FACTOR_NOT_SET);
        return { codigos_recuperacao: await replaceRecoveryCodes(tx, owner.id) };
      });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
