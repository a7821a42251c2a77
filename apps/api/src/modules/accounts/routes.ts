/**
 * Account calls: POST /api/users/, /api/send_verification/, /api/verify_email/ (which logs her in),
 * GET/PUT /api/infos/ (docs/auth-contract.md), POST /api/confirmar-email/ and /api/nao-fui-eu/
 * (docs/account-security.md). Thin: domain validation, limits, service, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInSaoPaulo } from '@semijoias/domain/calendar';
import { normalizeEmail } from '@semijoias/domain/email';
import { readMarketingConsent } from '@semijoias/domain/marketing';
import { resendEmailError } from '@semijoias/domain/messages';
import { maskPhone, phoneDigits } from '@semijoias/domain/phone';
import { validateRegistrationPayload } from '@semijoias/domain/registration';
import { validateUserInfoEdit } from '@semijoias/domain/userInfo';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { ValidationError, type FieldErrors } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import {
  destinationOf,
  emailChangeConfirmAnswer,
  errorSchema,
  infoSchema,
  infoUpdateAnswer,
  infoUpdateBody,
  messageAnswer,
  registrationAnswer,
  registrationBody,
  resendAnswer,
  resendBody,
  tokenBody,
  verifyAnswer,
  withComparableEmail,
} from './schemas.js';
import { createAccountsService } from './service.js';

export interface AccountsRoutesOptions {
  db: Db;
  /** Signs the session a verification link opens (the key of POST /api/token/). */
  key: Uint8Array;
  publicUrl: string;
  rateLimits: RateLimits;
  authenticate: Authenticate;
  /** The outbox worker's wake(): mail queued by a call goes out right after its commit. */
  wakeOutbox: () => void;
  adminEmails: readonly string[];
}

const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const accounts = createAccountsService(opts);
  const limiter = createRateLimiter(opts.db);
  const limits = opts.rateLimits;

  // Every answer here is about one person (her details, her e-mail's verification for a one-time
  // token): never kept by a browser or a proxy, whatever the status.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/users/',
    { schema: { body: registrationBody, response: { 201: registrationAnswer, ...errors } } },
    async (req, reply) => {
      await limiter.hit('register-ip', [req.ip], limits.registrationPerIp);
      const result = validateRegistrationPayload(
        withComparableEmail(req.body),
        todayInSaoPaulo(new Date()),
      );
      if (!result.ok) {
        throw new ValidationError(result.message, result.errors, { message: result.message });
      }
      const answer = await accounts.register(result.value, destinationOf(req.body));
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/send_verification/',
    { schema: { body: resendBody, response: { 200: resendAnswer, ...errors } } },
    async (req) => {
      const problem = resendEmailError(req.body.email);
      if (problem) throw new ValidationError(problem, { email: [problem] });
      const email = normalizeEmail(req.body.email);
      await limiter.hit('email-ip', [req.ip], limits.emailPerIp);
      await limiter.hit('resend-email', [email], limits.emailPerAddress);
      return accounts.resendVerification(email, destinationOf(req.body));
    },
  );

  app.post(
    '/verify_email/',
    { schema: { body: tokenBody, response: { 200: verifyAnswer, ...errors } } },
    async (req) => accounts.verifyEmail(req.body.token),
  );

  app.get(
    '/infos/',
    { preHandler: opts.authenticate, schema: { response: { 200: infoSchema, ...errors } } },
    async (req) => accounts.getInfo(requireUserId(req)),
  );

  app.put(
    '/infos/',
    {
      preHandler: opts.authenticate,
      schema: { body: infoUpdateBody, response: { 200: infoUpdateAnswer, ...errors } },
    },
    async (req) => {
      const userId = requireUserId(req);
      const email = req.body.email.trim();
      // The form sends the phone masked; bare digits (10 or 11) are read as their mask.
      const typed = req.body.phone.trim();
      const phone = /^\d{10,11}$/.test(typed) ? maskPhone(typed) : typed;
      const problems = validateUserInfoEdit({ email, phone });
      const consent = readMarketingConsent(req.body.aceita_marketing);
      const fieldErrors: FieldErrors = {};
      if (problems.email) fieldErrors.email = [problems.email];
      if (problems.phone) fieldErrors.phone = [problems.phone];
      if (!consent.ok) fieldErrors.aceita_marketing = [consent.message];
      const first = problems.email ?? problems.phone ?? (consent.ok ? undefined : consent.message);
      if (first) throw new ValidationError(first, fieldErrors);
      const currentPassword = req.body.senha_atual;
      // Each password typed here counts, as a login's does: a stolen token cannot guess it.
      if (currentPassword) {
        await limiter.hit('email-change-user', [String(userId)], limits.loginPerIpEmail);
      }
      return accounts.updateInfo(userId, {
        email: normalizeEmail(email),
        phone: phoneDigits(phone),
        marketingOptIn: consent.ok ? consent.value : undefined,
        currentPassword,
      });
    },
  );

  app.post(
    '/confirmar-email/',
    { schema: { body: tokenBody, response: { 200: emailChangeConfirmAnswer, ...errors } } },
    async (req) => accounts.confirmEmailChange(req.body.token),
  );

  app.post(
    '/nao-fui-eu/',
    { schema: { body: tokenBody, response: { 200: messageAnswer, ...errors } } },
    async (req) => accounts.cancelEmailChange(req.body.token),
  );
};
