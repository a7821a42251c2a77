/**
 * Session and password-recovery calls: POST api/token/, api/token/refresh/, api/logout/,
 * api/logout/todos/, api/forgot-password/, api/reset-password/ (docs/auth-contract.md). Thin:
 * limits, service, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORGOT_SENT, RESET_DONE } from '@semijoias/domain/messages';
import { normalizeEmail } from '@semijoias/domain/email';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { deviceIdFrom } from '../owner-access/index.js';
import {
  emailBody,
  errorSchema,
  loginBody,
  messageSchema,
  refreshBody,
  resetBody,
  tokenPairSchema,
} from './schemas.js';
import { LOGGED_OUT, LOGGED_OUT_EVERYWHERE } from './messages.js';
import { createLoginDelay } from './login-delay.js';
import { createAuthService } from './service.js';

export interface AuthRoutesOptions {
  db: Db;
  key: Uint8Array;
  publicUrl: string;
  rateLimits: RateLimits;
  /** The outbox worker's wake(): mail queued by a call goes out right after its commit. */
  wakeOutbox: () => void;
  adminEmails: readonly string[];
  /** The bearer check ('Sair de todos os aparelhos' acts on the session's own account). */
  authenticate: Authenticate;
}

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const limits = opts.rateLimits;
  const auth = createAuthService({
    ...opts,
    loginDelay: createLoginDelay(opts.db, limits.loginFailuresPerAccount),
  });
  const limiter = createRateLimiter(opts.db);

  // Tokens, and answers to a password or a one-time token: never kept by a browser or a proxy,
  // whatever the status (an error says whether an account or a token exists).
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/token/',
    { schema: { body: loginBody, response: { 200: tokenPairSchema, ...errors } } },
    async (req) => {
      const email = normalizeEmail(req.body.username);
      await limiter.hit('login-ip', [req.ip], limits.loginPerIp);
      await limiter.hit('login-ip-email', [req.ip, email], limits.loginPerIpEmail);
      // X-Dispositivo: the browser's own id, for the owners' new-browser e-mail (a bad one is
      // ignored: the login counts as coming from a browser not seen before).
      return auth.login(email, req.body.password, {
        id: deviceIdFrom(req.headers['x-dispositivo']),
        userAgent: req.headers['user-agent'],
      });
    },
  );

  app.post(
    '/token/refresh/',
    { schema: { body: refreshBody, response: { 200: tokenPairSchema, ...errors } } },
    async (req) => auth.refresh(req.body.refresh),
  );

  // 'Sair': the refresh token is the proof (a bearer, if sent, is not needed nor read).
  app.post(
    '/logout/',
    { schema: { body: refreshBody, response: { 200: messageSchema, ...errors } } },
    async (req) => {
      await auth.logout(req.body.refresh);
      return { message: LOGGED_OUT };
    },
  );

  app.post(
    '/logout/todos/',
    {
      onRequest: opts.authenticate,
      schema: { response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await auth.logoutEverywhere(requireUserId(req));
      return { message: LOGGED_OUT_EVERYWHERE };
    },
  );

  app.post(
    '/forgot-password/',
    { schema: { body: emailBody, response: { 200: messageSchema, ...errors } } },
    async (req) => {
      const email = normalizeEmail(req.body.email);
      await limiter.hit('email-ip', [req.ip], limits.emailPerIp);
      await limiter.hit('forgot-email', [email], limits.emailPerAddress);
      await auth.forgotPassword(email);
      return { message: FORGOT_SENT };
    },
  );

  app.post(
    '/reset-password/',
    { schema: { body: resetBody, response: { 200: messageSchema, ...errors } } },
    async (req) => {
      await auth.resetPassword(
        req.body.token,
        req.body.password,
        deviceIdFrom(req.headers['x-dispositivo']),
      );
      return { message: RESET_DONE };
    },
  );
};
