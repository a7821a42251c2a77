/**
 * Accounts: sign-up (one transaction for the user, its verification token and the e-mail in the
 * outbox, delivered by the outbox worker), e-mail verification and its resend, and the info tab
 * (read; change e-mail and phone). Every rule comes from @semijoias/domain; this file only stores.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { normalizeEmail } from '@semijoias/domain/email';
import {
  REGISTRATION_CPF_TAKEN,
  REGISTRATION_EMAIL_TAKEN,
  REGISTRATION_SUCCESS,
  RESEND_ALREADY_VERIFIED,
  RESEND_NOT_FOUND,
  RESEND_SENT,
  TOKEN_INVALID_OR_EXPIRED,
  VERIFY_ALREADY_VERIFIED,
  VERIFY_SUCCESS,
  VERIFY_USER_NOT_FOUND,
} from '@semijoias/domain/messages';
import type { NormalizedRegistration } from '@semijoias/domain/registration';
import type { Db } from '../../db/client.js';
import { emailVerificationTokens, users, type UserRow } from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { hashPassword, hashToken, randomToken } from '../../lib/secrets.js';
import { enqueueEmail, verificationEmail } from '../mail/index.js';
import { consentColumns } from '../marketing/index.js';

export const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

export interface AccountsServiceOptions {
  db: Db;
  publicUrl: string;
  /** Called after a commit that put mail in the outbox, so it goes out at once. */
  wakeOutbox: () => void;
  /** ADMIN_EMAILS: reserved, no account may move its e-mail to one of them. */
  adminEmails: readonly string[];
}

function conflict(message: string): ConflictError {
  return new ConflictError(message, undefined, { message });
}

/** The 409 for a clash on e-mail or CPF, named by the unique constraint. */
function duplicateError(field: 'email' | 'cpf'): ConflictError {
  return conflict(field === 'email' ? REGISTRATION_EMAIL_TAKEN : REGISTRATION_CPF_TAKEN);
}

async function insertVerificationToken(tx: Db, userId: number): Promise<string> {
  const token = randomToken();
  await tx.insert(emailVerificationTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS),
  });
  return token;
}

export function serializeInfo(user: UserRow) {
  return {
    username: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    cpf: user.cpf,
    birthdate: user.birthdate,
    /** An owner: the web app shows her the entry to the back office. */
    administrador: user.role === 'owner',
    /** She agreed to offers by e-mail (LGPD). */
    aceita_marketing: user.marketingOptIn,
  };
}

export function createAccountsService({
  db,
  publicUrl,
  wakeOutbox,
  adminEmails,
}: AccountsServiceOptions) {
  /** A new verification link, and its e-mail in the outbox, inside `tx`. */
  async function queueVerification(tx: Db, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
    const token = await insertVerificationToken(tx, user.id);
    await enqueueEmail(tx, {
      kind: 'verification',
      ...verificationEmail({ to: user.email, firstName: user.firstName, publicUrl, token }),
    });
  }

  async function findDuplicate(email: string, cpf: string, exceptId?: number) {
    const rows = await db
      .select({ id: users.id, email: users.email, cpf: users.cpf })
      .from(users)
      .where(or(eq(users.email, email), eq(users.cpf, cpf)));
    const others = rows.filter((r) => r.id !== exceptId);
    if (others.some((r) => r.email === email)) return 'email' as const;
    if (others.some((r) => r.cpf === cpf)) return 'cpf' as const;
    return undefined;
  }

  return {
    /**
     * POST /api/users/ with an already validated and normalized payload. The e-mail is queued
     * with the account, so a mail server that is down delays it and never fails the sign-up.
     */
    async register(input: NormalizedRegistration): Promise<{ message: string; email_sent: true }> {
      const taken = await findDuplicate(input.email, input.cpf);
      if (taken) throw duplicateError(taken);
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              cpf: input.cpf,
              phone: input.phone,
              birthdate: input.birthdate,
              passwordHash,
              // LGPD: her answer to the checkbox, timed when she said yes.
              marketingOptIn: input.marketingOptIn,
              marketingOptInChangedAt: input.marketingOptIn ? sql`now()` : null,
            })
            .returning();
          await queueVerification(tx, user!);
        });
      } catch (err) {
        // Two sign-ups raced past the check above: the unique constraint decides.
        const constraint = uniqueViolation(err);
        if (constraint === undefined) throw err;
        if (constraint.includes('cpf')) throw duplicateError('cpf');
        if (constraint.includes('email')) throw duplicateError('email');
        throw duplicateError((await findDuplicate(input.email, input.cpf)) ?? 'email');
      }
      wakeOutbox();
      return { message: REGISTRATION_SUCCESS, email_sent: true };
    },

    /** POST /api/send_verification/: a new link, queued with its token. */
    async resendVerification(email: string): Promise<{ message: string; already_verified?: true }> {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      if (!user) throw new NotFoundError(RESEND_NOT_FOUND);
      if (user.emailVerifiedAt) return { already_verified: true, message: RESEND_ALREADY_VERIFIED };
      await db.transaction((tx) => queueVerification(tx, user));
      wakeOutbox();
      return { message: RESEND_SENT };
    },

    /** POST /api/verify_email/: spends the token (single use) and marks the e-mail verified. */
    async verifyEmail(token: string) {
      const now = new Date();
      const outcome = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, hashToken(token)),
              isNull(emailVerificationTokens.usedAt),
              gt(emailVerificationTokens.expiresAt, now),
            ),
          )
          .returning({ userId: emailVerificationTokens.userId });
        if (!claimed) return { kind: 'invalid' as const };
        const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
        if (!user) return { kind: 'gone' as const };
        if (user.emailVerifiedAt) return { kind: 'already' as const, user };
        await tx
          .update(users)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        return { kind: 'verified' as const, user };
      });
      if (outcome.kind === 'invalid') throw new ValidationError(TOKEN_INVALID_OR_EXPIRED);
      if (outcome.kind === 'gone') throw new NotFoundError(VERIFY_USER_NOT_FOUND);
      const user = { first_name: outcome.user.firstName, email: outcome.user.email };
      return outcome.kind === 'already'
        ? {
            success: true as const,
            already_verified: true as const,
            message: VERIFY_ALREADY_VERIFIED,
            user,
          }
        : { success: true as const, message: VERIFY_SUCCESS, user };
    },

    /** GET /api/infos/. */
    async getInfo(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new NotFoundError(VERIFY_USER_NOT_FOUND);
      return serializeInfo(user);
    },

    /**
     * PUT /api/infos/: only e-mail (normalized), phone (digits) and, when given, her consent to
     * offers by e-mail (its time moves only when it changes) change.
     */
    async updateInfo(
      userId: number,
      change: { email: string; phone: string; marketingOptIn?: boolean | undefined },
    ) {
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, change.email));
      if (other && other.id !== userId) throw conflict(REGISTRATION_EMAIL_TAKEN);
      // An owner's address is reserved: a customer moving her account's e-mail to it would
      // become an owner at her next login without ever proving she reads that mailbox.
      if (!other && adminEmails.includes(change.email)) throw conflict(REGISTRATION_EMAIL_TAKEN);
      try {
        const [user] = await db
          .update(users)
          .set({
            email: change.email,
            phone: change.phone,
            updatedAt: new Date(),
            ...(change.marketingOptIn === undefined ? {} : consentColumns(change.marketingOptIn)),
          })
          .where(eq(users.id, userId))
          .returning();
        if (!user) throw new NotFoundError(VERIFY_USER_NOT_FOUND);
        return serializeInfo(user);
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw conflict(REGISTRATION_EMAIL_TAKEN);
        throw err;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
