/**
 * The five perfis-endereco calls of SPEC §7 (docs/addresses-contract.md), all behind the bearer
 * and acting only on the token owner's profiles. Thin: validate with the domain, service, shape.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADDRESS_SERVER_MESSAGES, validateAddressProfilePayload } from '@semijoias/domain/address';
import {
  ADDRESS_COMPLEMENTO_INVALID,
  ADDRESS_IS_DEFAULT_INVALID,
} from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { errorSchema, listAnswer, okAnswer, profileAnswer, profileIdParams } from './schemas.js';
import { serializeAddressProfile } from './serializers.js';
import { createAddressService } from './service.js';

export interface AddressRoutesOptions {
  db: Db;
  authenticate: Authenticate;
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * The domain's field errors, with a Portuguese text where its schema has none (a wrong type: zod's
 * English default would reach the shopper).
 */
function portugueseErrors(body: unknown, errors: Record<string, string[]>) {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const out = { ...errors };
  if (out.is_default && typeof raw.is_default !== 'boolean') {
    out.is_default = [ADDRESS_IS_DEFAULT_INVALID];
  }
  if (out.complemento && raw.complemento != null && typeof raw.complemento !== 'string') {
    out.complemento = [ADDRESS_COMPLEMENTO_INVALID];
  }
  return out;
}

/** The body as the domain reads it, or the 400 with every field's messages. */
function validBody(body: unknown) {
  const result = validateAddressProfilePayload(body);
  if (result.ok) return result.value;
  const fieldErrors = portugueseErrors(body, result.errors);
  const first = Object.values(fieldErrors)[0]?.[0] ?? ADDRESS_SERVER_MESSAGES.bodyInvalid;
  throw new ValidationError(first, fieldErrors, { success: false, message: first });
}

export const addressRoutes: FastifyPluginAsyncZod<AddressRoutesOptions> = async (app, opts) => {
  const profiles = createAddressService(opts.db);

  // A token first, before the body is read; answers are one person's: never cached on the way.
  app.addHook('onRequest', opts.authenticate);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/perfis-endereco/',
    { schema: { response: { 200: listAnswer, ...errors } } },
    async (req) => {
      const rows = await profiles.list(requireUserId(req));
      return { success: true as const, perfis: rows.map(serializeAddressProfile) };
    },
  );

  app.post(
    '/perfis-endereco/',
    { schema: { response: { 201: profileAnswer, ...errors } } },
    async (req, reply) => {
      const row = await profiles.create(requireUserId(req), validBody(req.body));
      return reply.code(201).send({ success: true as const, perfil: serializeAddressProfile(row) });
    },
  );

  app.put(
    '/perfis-endereco/:id/',
    { schema: { params: profileIdParams, response: { 200: profileAnswer, ...errors } } },
    async (req) => {
      const userId = requireUserId(req);
      const row = await profiles.update(userId, req.params.id, validBody(req.body));
      return { success: true as const, perfil: serializeAddressProfile(row) };
    },
  );

  app.delete(
    '/perfis-endereco/:id/',
    { schema: { params: profileIdParams, response: { 200: okAnswer, ...errors } } },
    async (req) => {
      await profiles.remove(requireUserId(req), req.params.id);
      return { success: true as const };
    },
  );

  app.put(
    '/perfis-endereco/:id/definir-padrao/',
    { schema: { params: profileIdParams, response: { 200: okAnswer, ...errors } } },
    async (req) => {
      await profiles.setDefault(requireUserId(req), req.params.id);
      return { success: true as const };
    },
  );
};
