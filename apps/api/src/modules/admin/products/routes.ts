/**
 * The back office's products calls (docs/admin/products.md): list, detail, create, edit, hide,
 * publish, delete (never ordered only) and the pictures' uploads. Thin: validate with the
 * domain, service, answer. The guard of /api/admin/ ran before any of these (routes.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  validateProductForm,
} from '@semijoias/domain/product-form';
import { errorHandler } from '../../../lib/error-handler.js';
import { ValidationError } from '../../../lib/errors.js';
import { imageUrlFrom } from '../../catalog/index.js';
import { requireOwner } from '../../owner-access/index.js';
import { adminErrorSchema, adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import { renderProductImage, storeProductImage } from './images.js';
import {
  deletedAnswer,
  productAnswer,
  productIdParams,
  productImageParams,
  productListAnswer,
  productListQuery,
  readMaxPerCustomerField,
} from './schemas.js';
import { createAdminProductsService } from './service.js';
import { setVariations, validateVariationsForm } from './variations.js';

function refused(errors: Record<string, string[]>): never {
  const first = Object.values(errors)[0]?.[0] ?? PRODUCT_FORM_MESSAGES.corpo;
  throw new ValidationError(first, errors);
}

/** The upload's 413 says the limit in words; every other error goes to the app's handler. */
function uploadErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply
      .code(413)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error: PRODUCT_IMAGE_MESSAGES.tooLarge }));
  }
  return errorHandler(err, req, reply);
}

export const adminProductsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const service = createAdminProductsService(opts.db, imageUrlFrom(opts.config.imageBaseUrl));

  // The uploads' bodies are the files themselves, read whole (the limit is per route). Any
  // declared type is read: the content decides, not the header (images.ts).
  for (const type of ['application/octet-stream', /^image\//]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
  }

  app.get(
    '/produtos/',
    {
      schema: {
        querystring: productListQuery,
        response: { 200: productListAnswer, ...adminErrors },
      },
    },
    async (req) => service.list(req.query),
  );

  app.get(
    '/produtos/:id/',
    { schema: { params: productIdParams, response: { 200: productAnswer, ...adminErrors } } },
    async (req) => ({ produto: await service.get(req.params.id) }),
  );

  app.post(
    '/produtos/',
    { schema: { response: { 201: productAnswer, ...adminErrors } } },
    async (req, reply) => {
      const owner = requireOwner(req);
      const form = validateProductForm(req.body);
      const max = readMaxPerCustomerField(req.body);
      if (!form.ok || !max.ok) {
        refused({ ...(form.ok ? {} : form.errors), ...(max.ok ? {} : max.errors) });
      }
      const produto = await service.create(owner, form.value, max.value ?? null);
      return reply.code(201).send({ produto });
    },
  );

  app.put(
    '/produtos/:id/',
    { schema: { params: productIdParams, response: { 200: productAnswer, ...adminErrors } } },
    async (req) => {
      const owner = requireOwner(req);
      const form = validateProductForm(req.body, { edit: true, selfId: req.params.id });
      const max = readMaxPerCustomerField(req.body);
      if (!form.ok || !max.ok) {
        refused({ ...(form.ok ? {} : form.errors), ...(max.ok ? {} : max.errors) });
      }
      return { produto: await service.update(owner, req.params.id, form.value, max.value) };
    },
  );

  // The sizes of a piece: the axis and the sizes, in order (docs/variations-contract.md).
  app.put(
    '/produtos/:id/variacoes/',
    { schema: { params: productIdParams, response: { 200: productAnswer, ...adminErrors } } },
    async (req) => {
      const owner = requireOwner(req);
      const form = validateVariationsForm(req.body);
      if (!form.ok) refused(form.errors);
      await setVariations(opts.db, owner, req.params.id, form.value);
      return { produto: await service.get(req.params.id) };
    },
  );

  app.post(
    '/produtos/:id/ocultar/',
    { schema: { params: productIdParams, response: { 200: productAnswer, ...adminErrors } } },
    async (req) => ({ produto: await service.hide(requireOwner(req), req.params.id) }),
  );

  app.post(
    '/produtos/:id/mostrar/',
    { schema: { params: productIdParams, response: { 200: productAnswer, ...adminErrors } } },
    async (req) => ({ produto: await service.show(requireOwner(req), req.params.id) }),
  );

  app.delete(
    '/produtos/:id/',
    { schema: { params: productIdParams, response: { 200: deletedAnswer, ...adminErrors } } },
    async (req) => {
      await service.remove(requireOwner(req), req.params.id);
      return { excluido: true as const, id: req.params.id };
    },
  );

  app.put(
    '/produtos/:id/imagens/:campo/',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES,
      errorHandler: uploadErrorHandler,
      schema: {
        params: productImageParams,
        response: { 200: productAnswer, ...adminErrors, 413: adminErrorSchema },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const { id, campo } = req.params;
      if (!Buffer.isBuffer(req.body)) {
        throw new ValidationError(PRODUCT_IMAGE_MESSAGES.notImage, {
          arquivo: [PRODUCT_IMAGE_MESSAGES.notImage],
        });
      }
      const slug = await service.slugOf(id);
      const webp = await renderProductImage(req.body, campo);
      const path = await storeProductImage(opts.db, slug, campo, webp);
      return { produto: await service.setImage(owner, id, campo, path) };
    },
  );
};
