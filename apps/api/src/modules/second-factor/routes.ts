/**
 * The owners' second factor: GET api/segundo-fator/, POST link/, configurar/, ativar/,
 * verificar/, codigos/ (docs/second-factor.md). Outside /api/admin/, since an owner must reach them before she
 * has passed the factor; the same owner check guards them (a customer: 403 ADMIN_FORBIDDEN).
 * Thin: limits, service, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import {
  createOwnerGuard,
  requireOwner,
  secondFactorRequiredError,
} from '../owner-access/index.js';
import {
  activateAnswer,
  codeBody,
  errors,
  linkAnswer,
  recoveryCodesAnswer,
  setupAnswer,
  setupBody,
  statusAnswer,
  verifyAnswer,
} from './schemas.js';
import { createSecondFactorService, sealPlainSecrets } from './service.js';

export interface SecondFactorRoutesOptions {
  db: Db;
  key: Uint8Array;
  authenticate: Authenticate;
  config: Pick<Config, 'adminEmails' | 'owner2fa' | 'rateLimits' | 'publicUrl' | 'secondFactorKey'>;
}

export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (
  app,
  opts,
) => {
  const service = createSecondFactorService({
    db: opts.db,
    key: opts.key,
    owner2fa: opts.config.owner2fa,
    secretKey: opts.config.secondFactorKey,
    publicUrl: opts.config.publicUrl,
    wakeOutbox: () => app.outbox.wake(),
  });
  // Start-up: secrets an older release left in plain text are sealed now (docs/second-factor.md).
  const sealed = await sealPlainSecrets(opts.db, opts.config.secondFactorKey);
  if (sealed > 0) app.log.info({ sealed }, 'second-factor secrets sealed');
  const limiter = createRateLimiter(opts.db);
  const limits = opts.config.rateLimits;
  const guard = createOwnerGuard({
    db: opts.db,
    authenticate: opts.authenticate,
    adminEmails: opts.config.adminEmails,
    secondFactor: 'not_checked',
  });
  // onRequest: no body is read for a stranger. The hook covers this plugin's routes only.
  app.addHook('onRequest', guard);
  // Secrets, codes and tokens: never kept by a browser or a proxy.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** Every try counts, as at login: per account (quarter-hour and day) and per IP. */
  async function countAttempt(ip: string, userId: number) {
    await limiter.hit('second-factor-ip', [ip], limits.secondFactorPerIp);
    await limiter.hit('second-factor-user', [String(userId)], limits.secondFactorPerAccount);
    await limiter.hit(
      'second-factor-user-day',
      [String(userId)],
      limits.secondFactorPerAccountDaily,
    );
  }

  app.get(
    '/segundo-fator/',
    { schema: { response: { 200: statusAnswer, ...errors } } },
    async (req) => service.status(requireOwner(req)),
  );

  app.post(
    '/segundo-fator/link/',
    { schema: { response: { 200: linkAnswer, ...errors } } },
    async (req) => {
      const owner = requireOwner(req);
      await limiter.hit('email-ip', [req.ip], limits.emailPerIp);
      await limiter.hit('second-factor-link', [String(owner.id)], limits.emailPerAddress);
      return service.requestSetupLink(owner);
    },
  );

  app.post(
    '/segundo-fator/configurar/',
    { schema: { body: setupBody, response: { 200: setupAnswer, ...errors } } },
    async (req) => {
      // The link's token is 32 random bytes: nothing to guess, no attempt to count.
      return service.startSetup(requireOwner(req), req.body.token);
    },
  );

  app.post(
    '/segundo-fator/ativar/',
    { schema: { body: codeBody, response: { 200: activateAnswer, ...errors } } },
    async (req) => {
      const owner = requireOwner(req);
      await countAttempt(req.ip, owner.id);
      return service.activate(owner, req.body.codigo);
    },
  );

  app.post(
    '/segundo-fator/verificar/',
    { schema: { body: codeBody, response: { 200: verifyAnswer, ...errors } } },
    async (req) => {
      const owner = requireOwner(req);
      await countAttempt(req.ip, owner.id);
      return service.verify(owner, req.body.codigo);
    },
  );

  app.post(
    '/segundo-fator/codigos/',
    { schema: { response: { 200: recoveryCodesAnswer, ...errors } } },
    async (req) => {
      const owner = requireOwner(req);
      // New codes are a second factor themselves: only a session that passed it makes them.
      if (req.secondFactor !== true) throw secondFactorRequiredError();
      return service.renewRecoveryCodes(owner);
    },
  );
};
