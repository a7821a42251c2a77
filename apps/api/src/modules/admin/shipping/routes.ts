/**
 * The owners' freight settings ('Frete', docs/shipping-settings-contract.md): Melhor Envio's
 * account, the sender, the services offered and each category's package. A change is audited and
 * reaches every instance's kept settings at once (the row's trigger, migration 0026). The token is
 * written sealed and never answered back, logged or audited: only its last 4 characters.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHIPPING_CONNECTION_NOT_CONFIGURED,
  SHIPPING_SETTINGS_INVALID,
  SHIPPING_SETTINGS_TOKEN_INVALID,
} from '@semijoias/domain/messages';
import {
  validateShippingSettingsForm,
  validateShippingToken,
} from '@semijoias/domain/shipping-settings';
import { ValidationError } from '../../../lib/errors.js';
import { requireOwner } from '../../owner-access/index.js';
import {
  effectiveShippingSettings,
  readShippingSettingsRow,
  shippingSettingsJson,
  writeShippingSettings,
  type ShippingSettingsJson,
  type TokenChange,
} from '../../shipping-settings/index.js';
import { writeAudit } from '../audit.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { connectionTestAnswer, shippingSettingsAnswer, shippingSettingsBody } from './schemas.js';

/** One line for 'Auditoria'. */
function auditSummary(after: ShippingSettingsJson, tokenChange: TokenChange): string {
  const state = after.ativo === false ? 'desligado' : after.cotando ? 'ligado' : 'sem cotação';
  const environment =
    after.ambiente === 'sandbox'
      ? 'sandbox'
      : after.ambiente === 'producao'
        ? 'produção'
        : 'padrão';
  const token =
    tokenChange === 'remove'
      ? ', token removido'
      : tokenChange
        ? `, token novo (final ${after.token.final ?? ''})`
        : '';
  const services = after.servicos.map((s) => `${s.transportadora} ${s.servico}`).join(', ');
  return `Frete: Melhor Envio ${state} (${environment})${token}; serviços: ${services}`;
}

export const adminShippingRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const { db, config } = opts;

  const current = async () =>
    shippingSettingsJson(
      effectiveShippingSettings(await readShippingSettingsRow(db), config),
      config,
    );

  app.get(
    '/frete/',
    { schema: { response: { 200: shippingSettingsAnswer, ...adminErrors } } },
    async () => ({ frete: await current() }),
  );

  app.put(
    '/frete/',
    {
      schema: {
        body: shippingSettingsBody,
        response: { 200: shippingSettingsAnswer, ...adminErrors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const { token, remover_token: removeToken, ...form } = req.body;
      const checked = validateShippingSettingsForm(form);
      const errors: Record<string, string[]> = checked.ok
        ? {}
        : Object.fromEntries(Object.entries(checked.errors).map(([f, m]) => [f, [m]]));
      let tokenChange: TokenChange;
      if (removeToken === true) tokenChange = 'remove';
      else if (typeof token === 'string' && token.trim() !== '') {
        const valid = validateShippingToken(token);
        if (typeof valid === 'string') tokenChange = { token: valid };
        else errors.token = [valid.error];
      } else if (token != null && token !== '') errors.token = [SHIPPING_SETTINGS_TOKEN_INVALID];
      if (!checked.ok || Object.keys(errors).length > 0)
        throw new ValidationError(SHIPPING_SETTINGS_INVALID, errors);
      const answer = await db.transaction(async (tx) => {
        const before = shippingSettingsJson(
          effectiveShippingSettings(await readShippingSettingsRow(tx), config),
          config,
        );
        await writeShippingSettings(tx, config, checked.settings, tokenChange);
        const after = shippingSettingsJson(
          effectiveShippingSettings(await readShippingSettingsRow(tx), config),
          config,
        );
        await writeAudit(tx, owner, {
          action: 'shipping_settings.update',
          entityType: 'shipping_settings',
          entityId: 'frete',
          summary: auditSummary(after, tokenChange),
          before,
          after,
        });
        return after;
      });
      // The other instances hear the row's trigger; this one drops its copy at once.
      app.shippingSettings.invalidate();
      return { frete: answer };
    },
  );

  app.post(
    '/frete/testar/',
    { schema: { response: { 200: connectionTestAnswer, ...adminErrors } } },
    async (req) => {
      requireOwner(req);
      const test = await app.shippingSettings.testConnection();
      return {
        teste: {
          resultado: test.result,
          ok: test.result === 'ok',
          mensagem:
            test.result === 'nao-configurado' ? SHIPPING_CONNECTION_NOT_CONFIGURED : test.message,
        },
      };
    },
  );
};
