/**
 * GET /api/admin/saude/ (docs/admin/health.md): the store's health as the last sweep
 * left it in `health_items` (modules/store-health/monitor.ts), checked at once when the table
 * lacks an item (a fresh store). Behind the back office's guard like every /api/admin/ call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthItem } from '../../store-health/index.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { healthAnswer } from './schemas.js';

function answer(item: HealthItem) {
  return {
    chave: item.key,
    titulo: item.title,
    estado: item.state,
    detalhe: item.detail,
    o_que_fazer: item.advice,
    desde: item.changedAt.toISOString(),
    verificado_em: item.checkedAt.toISOString(),
  };
}

export const adminHealthRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app) => {
  const monitor = app.storeHealth;
  app.get('/saude/', { schema: { response: { 200: healthAnswer, ...adminErrors } } }, async () => {
    const report = await monitor.read();
    return { itens: report.items.map(answer), versao: report.version };
  });
};
