/**
 * Selling, assembled once (docs/decisions/0009-selling-module.md): the order's own rules
 * (orders/), its payment (payments/) and the checkout that makes it (checkout/), each built on
 * the one below and never the other way round. The routes, the back office, the sweeper and the
 * webhooks all use this one instance, made by app.ts.
 */
import type { Config } from '../../config.js';
import type { DatabaseKind, Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { FreightQuoter } from '../shipping/index.js';
import type { SoldOutShelves } from '../stock/index.js';
import { createCheckoutService } from './checkout/service.js';
import { createOrdersService } from './orders/service.js';
import { createPaymentsService } from './payments/service.js';

export interface SalesDeps {
  db: Db;
  /** PostgreSQL takes an order's stock and its commit in one message (modules/stock). */
  databaseKind: DatabaseKind;
  /** The shelves found sold out, refused from memory until their stock changes (modules/stock). */
  soldOut: SoldOutShelves;
  config: Config;
  provider: PaymentProvider;
  /** The freight: the carriers' services through Melhor Envio, or SPEC §9's table. */
  freight: FreightQuoter;
}

export function createSales(deps: SalesDeps) {
  const orders = createOrdersService(deps);
  const payments = createPaymentsService({ ...deps, orders });
  const checkout = createCheckoutService({ ...deps, orders, payments });
  return { orders, payments, checkout };
}

export type Sales = ReturnType<typeof createSales>;
