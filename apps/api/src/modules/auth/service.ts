/**
 * Sessions and password recovery: login, refresh-token rotation with reuse detection, forgot and
 * reset password. Refresh tokens are opaque random strings stored as SHA-256, 14 days, grouped in
 * a family per login; presenting a spent one revokes the family (a stolen token was replayed).
 * A family opened by the owners' second factor keeps it through every refresh for 12 hours after
 * the code (tokens.ts). A family with one revoked token is ended as a whole: none of its tokens
 * is refreshed again (logout, reuse, a password reset, 'Sair de todos os aparelhos').
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { normalizeEmail } from '@semijoias/domain/email';
import { isPasswordValid, RESET_PASSWORD_WEAK } from '@semijoias/domain/password';
import { PASSWORD_MAX_LENGTH } from '@semijoias/domain/registration';
import {
  FORGOT_NOT_FOUND,
  LOGIN_EMAIL_NOT_VERIFIED,
  LOGIN_EMAIL_NOT_VERIFIED_CODE,
  LOGIN_INVALID_CREDENTIALS,
  TOKEN_INVALID_OR_EXPIRED,
} from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.js';
import { sessionsEnded } from '../../lib/authenticate.js';
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.js';
import {
  hashPassword,
  hashToken,
  randomToken,
  verifyDummyPassword,
  verifyPassword,
} from '../../lib/secrets.js';
import { enqueueEmail, passwordResetEmail } from '../mail/index.js';
import { applyOwnerRole } from '../owner-access/index.js';
import { noteOwnerLogin } from '../owner-access/index.js';
import type { LoginDelay } from './login-delay.js';
import {
  accessTokenFor,
  factorStillHeld,
  newRefreshToken,
  openSession,
  type TokenPair,
} from './tokens.js';

export { REFRESH_TOKEN_TTL_MS, type TokenPair } from './tokens.js';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The browser a password login comes from (the owners' new-browser e-mail reads it). */
export interface LoginDevice {
  /** `X-Dispositivo` when well-formed (owner-access/devices.ts), else null. */
  id: string | null;
  userAgent: string | undefined;
}

export interface AuthServiceOptions {
  db: Db;
  key: Uint8Array;
  publicUrl: string;
  /** Called after a commit that put mail in the outbox, so it goes out at once. */
  wakeOutbox: () => void;
  /** ADMIN_EMAILS: each login sets the account's role from it (modules/owner-access/roles.ts). */
  adminEmails: readonly string[];
  /** The per-account wait after wrong passwords (login-delay.ts). */
  loginDelay: LoginDelay;
}

function credentialsError(): UnauthorizedError {
  return new UnauthorizedError(LOGIN_INVALID_CREDENTIALS, undefined, {
    detail: LOGIN_INVALID_CREDENTIALS,
  });
}

function refreshError(): UnauthorizedError {
  return new UnauthorizedError(TOKEN_INVALID_OR_EXPIRED, undefined, {
    detail: TOKEN_INVALID_OR_EXPIRED,
  });
}

export function createAuthService({
  db,
  key,
  publicUrl,
  wakeOutbox,
  adminEmails,
  loginDelay,
}: AuthServiceOptions) {
  return {
    /**
     * POST api/token/: only verified accounts; the same work whether the e-mail exists or not.
     * The session answered never carries the second factor. An owner logging in from a browser
     * not seen before is told by e-mail (owner-access/devices.ts).
     */
    async login(username: string, password: string, device: LoginDevice): Promise<TokenPair> {
      const email = normalizeEmail(username);
      // Counted before the password is checked; during a wait, refused without checking it.
      const attempt = await loginDelay.attempt(email, device.id);
      const [user] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          passwordHash: users.passwordHash,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .where(eq(users.email, email));
      if (!user) {
        await verifyDummyPassword(password);
        await loginDelay.failed(email, attempt);
        throw credentialsError();
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await loginDelay.failed(email, attempt);
        throw credentialsError();
      }
      await loginDelay.passed(email, device.id, attempt);
      // Told only to whoever knows the password: no hint about unverified accounts otherwise.
      if (!user.emailVerifiedAt) {
        throw new ForbiddenError(LOGIN_EMAIL_NOT_VERIFIED, undefined, {
          code: LOGIN_EMAIL_NOT_VERIFIED_CODE,
        });
      }
      await applyOwnerRole(db, { id: user.id, email: user.email }, adminEmails);
      if (!adminEmails.includes(user.email)) return openSession(db, key, user.id, null);
      let mailed = false;
      const pair = await db.transaction(async (tx) => {
        mailed = await noteOwnerLogin(tx, {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          deviceId: device.id,
          userAgent: device.userAgent,
          publicUrl,
        });
        return openSession(tx, key, user.id, null);
      });
      if (mailed) wakeOutbox();
      return pair;
    },

    /** POST api/token/refresh/: spends the token and answers a new pair of the same family. */
    async refresh(token: string): Promise<TokenPair> {
      const tokenHash = hashToken(token);
      const outcome = await db.transaction(async (tx) => {
        const now = new Date();
        // One atomic claim: two concurrent refreshes of one token cannot both succeed.
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(refreshTokens.tokenHash, tokenHash),
              isNull(refreshTokens.usedAt),
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, now),
              // A family ended while this token's successor was being made (a logout racing
              // with a refresh revokes the rows it saw, not the one inserted meanwhile) stays
              // ended: one revoked token ends the family.
              sql`not exists (select 1 from refresh_tokens ended
                where ended.family_id = refresh_tokens.family_id and ended.revoked_at is not null)`,
            ),
          )
          .returning({
            id: refreshTokens.id,
            userId: refreshTokens.userId,
            familyId: refreshTokens.familyId,
            secondFactorAt: refreshTokens.secondFactorAt,
          });
        if (!claimed) {
          const [known] = await tx
            .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, tokenHash));
          if (known?.usedAt) {
            await tx
              .update(refreshTokens)
              .set({ revokedAt: now })
              .where(
                and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)),
              );
            return { ok: false as const, reused: true };
          }
          return { ok: false as const, reused: false };
        }
        // The family keeps what its login proved: a second-factor session stays one, for 12
        // hours after the code; past them it goes on as a password-only session.
        const secondFactorAt = factorStillHeld(claimed.secondFactorAt, now.getTime());
        const next = await newRefreshToken(tx, {
          userId: claimed.userId,
          familyId: claimed.familyId,
          secondFactorAt,
        });
        await tx
          .update(refreshTokens)
          .set({ replacedById: next.id })
          .where(eq(refreshTokens.id, claimed.id));
        return {
          ok: true as const,
          userId: claimed.userId,
          secondFactorAt,
          issuedAt: now.getTime(),
          refresh: next.token,
        };
      });
      // Thrown after the commit: the family's revocation must stay.
      if (!outcome.ok) throw refreshError();
      // Issued at the claim, before the commit: 'Sair de todos os aparelhos' racing with this
      // refresh waits for its commit on the claimed row, then refuses tokens issued before it.
      const access = await accessTokenFor(
        key,
        outcome.userId,
        outcome.secondFactorAt,
        outcome.issuedAt,
      );
      return { access, refresh: outcome.refresh };
    },

    /**
     * POST api/logout/: the family of `token` ends (every token of it revoked, in one statement),
     * whether the token is live, spent or expired. Unknown tokens change nothing; the answer is
     * the same. Her access token ends by itself within its 15 minutes.
     */
    async logout(token: string): Promise<void> {
      const family = db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(inArray(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)));
    },

    /**
     * POST api/logout/todos/: every session of hers ends, in one transaction: every refresh
     * family revoked, and access tokens issued before now refused (`sessions_valid_after`, which
     * the other instances hear through the change feed; this one forgets at once).
     */
    async logoutEverywhere(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        // First: a refresh racing with this holds its claimed row until its commit, so the
        // time read after this statement is later than any token that refresh issued.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        const now = new Date();
        await tx
          .update(users)
          .set({ sessionsValidAfter: now, updatedAt: now })
          .where(eq(users.id, userId));
      });
      sessionsEnded(db, userId);
    },

    /**
     * POST api/forgot-password/: a 1-hour single-use link by e-mail, the token and the message
     * written together (the outbox worker delivers it; a mail server that is down delays it).
     */
    async forgotPassword(email: string): Promise<void> {
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      if (!user) throw new NotFoundError(FORGOT_NOT_FOUND);
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        await enqueueEmail(tx, {
          kind: 'password_reset',
          ...passwordResetEmail({ to: user.email, firstName: user.firstName, publicUrl, token }),
        });
      });
      wakeOutbox();
    },

    /**
     * POST api/reset-password/: a new password, and every open session of the account ends
     * (refresh families revoked, access tokens issued before now refused). The link proves the
     * mailbox: the account's wait after wrong passwords is cleared, and the browser that opened
     * it (`deviceId`, its X-Dispositivo) is let through later waits.
     */
    async resetPassword(
      token: string,
      password: string,
      deviceId: string | null = null,
    ): Promise<void> {
      if (password.length > PASSWORD_MAX_LENGTH || !isPasswordValid(password)) {
        throw new ValidationError(RESET_PASSWORD_WEAK);
      }
      const tokenHash = hashToken(token);
      const live = and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      );
      // A cheap look first, so unknown tokens cost no argon2 work.
      const [found] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(live);
      if (!found) throw new ValidationError(TOKEN_INVALID_OR_EXPIRED);
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const now = new Date();
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(live, eq(passwordResetTokens.id, found.id)))
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) return false;
        const [current] = await tx
          .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, claimed.userId));
        await tx
          .update(users)
          .set({
            passwordHash,
            sessionsValidAfter: now,
            updatedAt: now,
            // The link reached the mailbox: that proves the address as well as a verification.
            emailVerifiedAt: current?.emailVerifiedAt ?? now,
          })
          .where(eq(users.id, claimed.userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, claimed.userId), isNull(refreshTokens.revokedAt)));
        if (current) await loginDelay.reset(tx, current.email, deviceId);
        // Other reset links sent before this one stop working too.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
          );
        return claimed.userId;
      });
      if (done === false) throw new ValidationError(TOKEN_INVALID_OR_EXPIRED);
      sessionsEnded(db, done);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
