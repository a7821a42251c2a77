/**
 * Accounts: sign-up (one transaction for the user, its verification token and the e-mail in the
 * outbox, delivered by the outbox worker), e-mail verification (which logs her in, once) and its
 * resend, and the info tab
 * (read; change the phone at once and the e-mail through a confirmed link,
 * docs/account-security.md). Every rule comes from @semijoias/domain; this file only stores.
 */
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
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
import {
  EMAIL_CHANGE_CANCEL_DAYS,
  EMAIL_CHANGE_CANCEL_INVALID,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGE_CONFIRM_HOURS,
  EMAIL_CHANGE_CONFIRMED,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_PASSWORD_REQUIRED,
  EMAIL_CHANGE_PASSWORD_WRONG,
  EMAIL_CHANGE_TAKEN_NOW,
  EMAIL_CHANGE_UNDONE,
  emailChangeSentMessage,
} from '@semijoias/domain/email-change';
import type { NormalizedRegistration } from '@semijoias/domain/registration';
import type { Db } from '../../db/client.js';
import {
  emailChanges,
  emailVerificationTokens,
  passwordResetTokens,
  refreshTokens,
  users,
  type UserRow,
} from '../../db/schema.js';
import { sessionsEnded } from '../../lib/authenticate.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/secrets.js';
import { openSession, type TokenPair } from '../auth/index.js';
import { enqueueEmail, verificationEmail } from '../mail/index.js';
import { consentColumns } from '../marketing/index.js';
import { applyOwnerRole } from '../owner-access/index.js';
import { emailChangeConfirmEmail, emailChangeNoticeEmail } from './emails.js';

export const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const EMAIL_CHANGE_CONFIRM_TTL_MS = EMAIL_CHANGE_CONFIRM_HOURS * 60 * 60 * 1000;
export const EMAIL_CHANGE_CANCEL_TTL_MS = EMAIL_CHANGE_CANCEL_DAYS * 24 * 60 * 60 * 1000;

export interface AccountsServiceOptions {
  db: Db;
  /** Signs the access token of the session a verification link opens. */
  key: Uint8Array;
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
  key,
  publicUrl,
  wakeOutbox,
  adminEmails,
}: AccountsServiceOptions) {
  /**
   * A new verification link, and its e-mail in the outbox, inside `tx`. `destination`: the store
   * path she was on (safeDestination's, checked by the route), carried in the link.
   */
  async function queueVerification(
    tx: Db,
    user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
    destination: string | null,
  ) {
    const token = await insertVerificationToken(tx, user.id);
    await enqueueEmail(tx, {
      kind: 'verification',
      ...verificationEmail({
        to: user.email,
        firstName: user.firstName,
        publicUrl,
        token,
        destination,
      }),
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
    async register(
      input: NormalizedRegistration,
      destination: string | null = null,
    ): Promise<{ message: string; email_sent: true }> {
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
          await queueVerification(tx, user!, destination);
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
    async resendVerification(
      email: string,
      destination: string | null = null,
    ): Promise<{ message: string; already_verified?: true }> {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      if (!user) throw new NotFoundError(RESEND_NOT_FOUND);
      // An address the owners listed after it was verified: a new link proves it again, and
      // opening it makes the account an owner (docs/account-security.md).
      const toProve = adminEmails.includes(user.email) && user.ownerEmail !== user.email;
      if (user.emailVerifiedAt && !toProve) {
        return { already_verified: true, message: RESEND_ALREADY_VERIFIED };
      }
      await db.transaction((tx) => queueVerification(tx, user, destination));
      wakeOutbox();
      return { message: RESEND_SENT };
    },

    /**
     * POST /api/verify_email/: spends the token (single use, within its 48 hours) and marks the
     * e-mail verified. The link that verifies the account also opens her session, in the same
     * transaction as the guarded claim: one claim, one session at most. A link of an account
     * already verified (a second link, or a race lost) opens none, nor does an address of
     * ADMIN_EMAILS (the owners log in with their password, told of a new browser by e-mail).
     */
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
        // Her address proven while it is in ADMIN_EMAILS: the one way (with an owner's act) an
        // account may become an owner (roles.ts). Proven before it was listed is not enough.
        const listed = adminEmails.includes(user.email) && user.ownerEmail !== user.email;
        if (listed) {
          await tx.update(users).set({ ownerEmail: user.email }).where(eq(users.id, user.id));
        }
        if (user.emailVerifiedAt) return { kind: 'already' as const, user };
        // Guarded: of two links of hers opened at once, only the one that verifies logs in.
        const [verified] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
          .returning({ id: users.id });
        if (!verified) return { kind: 'already' as const, user };
        let session: TokenPair | null = null;
        if (!adminEmails.includes(user.email) && user.anonymizedAt === null) {
          await applyOwnerRole(tx, { id: user.id, email: user.email }, adminEmails);
          session = await openSession(tx, key, user.id, null);
        }
        return { kind: 'verified' as const, user, session };
      });
      if (outcome.kind === 'invalid') throw new ValidationError(TOKEN_INVALID_OR_EXPIRED);
      if (outcome.kind === 'gone') throw new NotFoundError(VERIFY_USER_NOT_FOUND);
      const user = { first_name: outcome.user.firstName, email: outcome.user.email };
      if (outcome.kind === 'already') {
        return {
          success: true as const,
          already_verified: true as const,
          message: VERIFY_ALREADY_VERIFIED,
          user,
        };
      }
      return {
        success: true as const,
        message: VERIFY_SUCCESS,
        user,
        ...(outcome.session ?? {}),
      };
    },

    /** GET /api/infos/. */
    async getInfo(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new NotFoundError(VERIFY_USER_NOT_FOUND);
      return serializeInfo(user);
    },

    /**
     * PUT /api/infos/: the phone (digits) and, when given, her consent to offers by e-mail (its
     * time moves only when it changes) change at once. A new e-mail needs her current password
     * and changes only when the link sent to it is opened (confirmEmailChange); the old address
     * is told, with a 'não fui eu' link (cancelEmailChange).
     */
    async updateInfo(
      userId: number,
      change: {
        email: string;
        phone: string;
        marketingOptIn?: boolean | undefined;
        currentPassword?: string | undefined;
      },
    ) {
      const [current] = await db.select().from(users).where(eq(users.id, userId));
      if (!current) throw new NotFoundError(VERIFY_USER_NOT_FOUND);
      const moving = change.email !== current.email;
      if (moving) {
        const typed = change.currentPassword ?? '';
        if (typed === '') {
          throw new ValidationError(EMAIL_CHANGE_PASSWORD_REQUIRED, {
            senha_atual: [EMAIL_CHANGE_PASSWORD_REQUIRED],
          });
        }
        if (!(await verifyPassword(current.passwordHash, typed))) {
          throw new ValidationError(EMAIL_CHANGE_PASSWORD_WRONG, {
            senha_atual: [EMAIL_CHANGE_PASSWORD_WRONG],
          });
        }
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, change.email));
        // An owner's address is reserved, with the same words as an address already in use.
        if (other || adminEmails.includes(change.email)) throw conflict(REGISTRATION_EMAIL_TAKEN);
      }
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            phone: change.phone,
            updatedAt: new Date(),
            ...(change.marketingOptIn === undefined ? {} : consentColumns(change.marketingOptIn)),
          })
          .where(eq(users.id, userId))
          .returning();
        if (!row) throw new NotFoundError(VERIFY_USER_NOT_FOUND);
        if (!moving) return row;
        const now = Date.now();
        // One pending change at a time: an earlier link to a new address stops confirming (its
        // 'não fui eu' link still works).
        await tx
          .update(emailChanges)
          .set({ expiresAt: new Date(now) })
          .where(
            and(
              eq(emailChanges.userId, userId),
              isNull(emailChanges.confirmedAt),
              isNull(emailChanges.cancelledAt),
              gt(emailChanges.expiresAt, new Date(now)),
            ),
          );
        const confirmToken = randomToken();
        const cancelToken = randomToken();
        const [request] = await tx
          .insert(emailChanges)
          .values({
            userId,
            oldEmail: row.email,
            newEmail: change.email,
            confirmTokenHash: hashToken(confirmToken),
            cancelTokenHash: hashToken(cancelToken),
            expiresAt: new Date(now + EMAIL_CHANGE_CONFIRM_TTL_MS),
            cancelExpiresAt: new Date(now + EMAIL_CHANGE_CANCEL_TTL_MS),
          })
          .returning({ id: emailChanges.id });
        const firstName = row.firstName;
        await enqueueEmail(
          tx,
          emailChangeConfirmEmail({ to: change.email, firstName, publicUrl, token: confirmToken }),
          { dedupeKey: `email-change:${request!.id}:confirm` },
        );
        await enqueueEmail(
          tx,
          emailChangeNoticeEmail({
            to: row.email,
            firstName,
            publicUrl,
            newEmail: change.email,
            token: cancelToken,
          }),
          { dedupeKey: `email-change:${request!.id}:notice` },
        );
        return row;
      });
      if (!moving) return serializeInfo(user);
      wakeOutbox();
      return {
        ...serializeInfo(user),
        email_pendente: change.email,
        message: emailChangeSentMessage(change.email),
      };
    },

    /**
     * POST /api/confirmar-email/: the link sent to the new address, once, in time. One
     * transaction: the request claimed by a guarded update, the address checked still free and
     * not an owner's, the account moved (verified: the link proves the mailbox).
     */
    async confirmEmailChange(token: string): Promise<{ message: string; email: string }> {
      const now = new Date();
      try {
        const email = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(emailChanges)
            .set({ confirmedAt: now })
            .where(
              and(
                eq(emailChanges.confirmTokenHash, hashToken(token)),
                isNull(emailChanges.confirmedAt),
                isNull(emailChanges.cancelledAt),
                gt(emailChanges.expiresAt, now),
              ),
            )
            .returning();
          if (!claimed) throw new ValidationError(EMAIL_CHANGE_LINK_INVALID);
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, claimed.newEmail), ne(users.id, claimed.userId)));
          if (other || adminEmails.includes(claimed.newEmail)) {
            throw conflict(EMAIL_CHANGE_TAKEN_NOW);
          }
          const [moved] = await tx
            .update(users)
            .set({
              email: claimed.newEmail,
              emailVerifiedAt: now,
              // Not an address of ADMIN_EMAILS (checked above): she is a customer there.
              role: 'customer',
              updatedAt: now,
            })
            .where(and(eq(users.id, claimed.userId), isNull(users.anonymizedAt)))
            .returning({ email: users.email });
          if (!moved) throw new ValidationError(EMAIL_CHANGE_LINK_INVALID);
          // Links minted for the old address prove nothing about the new one.
          await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailVerificationTokens.userId, claimed.userId),
                isNull(emailVerificationTokens.usedAt),
              ),
            );
          return moved.email;
        });
        return { message: EMAIL_CHANGE_CONFIRMED, email };
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw conflict(EMAIL_CHANGE_TAKEN_NOW);
        throw err;
      }
    },

    /**
     * POST /api/nao-fui-eu/: the link sent to the old address, once, in time. One transaction:
     * the request claimed, every change of hers still pending stopped, a change already
     * confirmed undone (her address back, when the account still has the new one and no other
     * account took the old), her unused reset links dropped, her refresh tokens revoked and her
     * access tokens refused from now.
     */
    async cancelEmailChange(token: string): Promise<{ message: string }> {
      const now = new Date();
      const outcome = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(emailChanges)
          .set({ cancelledAt: now })
          .where(
            and(
              eq(emailChanges.cancelTokenHash, hashToken(token)),
              isNull(emailChanges.cancelledAt),
              gt(emailChanges.cancelExpiresAt, now),
            ),
          )
          .returning();
        if (!claimed) return undefined;
        await tx
          .update(emailChanges)
          .set({ expiresAt: now })
          .where(and(eq(emailChanges.userId, claimed.userId), isNull(emailChanges.confirmedAt)));
        let undone = false;
        if (claimed.confirmedAt) {
          const rows = await tx
            .update(users)
            .set({ email: claimed.oldEmail, emailVerifiedAt: now, updatedAt: now })
            .where(
              and(
                eq(users.id, claimed.userId),
                eq(users.email, claimed.newEmail),
                sql`not exists (select 1 from ${users} u where u.email = ${claimed.oldEmail})`,
              ),
            )
            .returning({ id: users.id });
          undone = rows.length > 0;
        }
        await tx
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
          );
        // First the refresh tokens: a refresh racing with this holds its row until its commit,
        // so the time read after this statement is later than any token it issued.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.userId, claimed.userId), isNull(refreshTokens.revokedAt)));
        const ended = new Date();
        await tx
          .update(users)
          .set({ sessionsValidAfter: ended, updatedAt: ended })
          .where(eq(users.id, claimed.userId));
        return { userId: claimed.userId, undone };
      });
      if (!outcome) throw new ValidationError(EMAIL_CHANGE_CANCEL_INVALID);
      sessionsEnded(db, outcome.userId);
      return { message: outcome.undone ? EMAIL_CHANGE_UNDONE : EMAIL_CHANGE_CANCELLED };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
