/**
 * Her orders and the return page (docs/checkout-contract.md): what a shopper reads of her
 * orders, from the one order view (view.ts) and through the one access rule (access.ts).
 */
import { formatDataPedido } from '@semijoias/domain/dates';
import { ORDER_NOT_FOUND } from '@semijoias/domain/messages';
import { centsToDecimal } from '@semijoias/domain/money';
import { orderStatusText } from '@semijoias/domain/orders';
import { trackingUrl } from '@semijoias/domain/tracking-code';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { OrderRow } from '../../../db/schema.js';
import { NotFoundError } from '../../../lib/errors.js';
import { imageUrlFrom } from '../../catalog/index.js';
import { paidWithOf } from './view.js';
import { mayAccessOrder, type OrderCaller, type OrderPurpose } from './access.js';
import { orderByReference, ordersOfCustomer, type OrderLineRow } from './data.js';
import { addressJson, addressOf, linesByOrder, lineVariation } from './view.js';

/**
 * The owners' side of her order: the Correios code and its tracking link once posted ('Enviado',
 * then 'Entregue'; both null before), and whether the store itself cancelled it after payment
 * (then 'Pagamento a estornar' until the refund is noted as made, `estornado_em`) — so her
 * screens do not explain it as an unpaid order's expiry.
 */
function trackingOf(order: Pick<OrderRow, 'trackingCode' | 'cancelReason' | 'refundedAt'>) {
  return {
    codigo_rastreio: order.trackingCode,
    rastreio_url: order.trackingCode ? trackingUrl(order.trackingCode) : null,
    cancelado_pela_loja: order.cancelReason === 'owner',
    estornado_em: order.refundedAt ? order.refundedAt.toISOString() : null,
  };
}

/** The figures and dates every answer about one of her orders carries. */
function summaryOf(order: OrderRow) {
  return {
    subtotal: centsToDecimal(order.subtotalCents),
    desconto: centsToDecimal(order.discountCents),
    /** How she pays ('pix', 'cartao'; null for an order placed before the choice). */
    forma_pagamento: order.paymentMethod,
    /** How she paid, once paid and when the provider said (a card's installments included). */
    pago_com: paidWithOf(order),
    desconto_pix: centsToDecimal(order.pixDiscountCents),
    frete: centsToDecimal(order.shippingCents),
    /** The carrier's service she chose ('Correios', 'SEDEX'); null when the table quoted. */
    frete_transportadora: order.shippingCarrier,
    frete_servico_nome: order.shippingService,
    total: centsToDecimal(order.totalCents),
    cupom: order.couponCode,
    expira_em: order.expiresAt.toISOString(),
    ...trackingOf(order),
  };
}

export function createOrdersService(deps: { db: Db; config: Pick<Config, 'imageBaseUrl'> }) {
  const { db } = deps;
  const imageUrl = imageUrlFrom(deps.config.imageBaseUrl);

  const productOf = (line: OrderLineRow) => ({
    id: line.productId,
    name: line.name,
    price: centsToDecimal(line.unitPriceCents),
    image: imageUrl(line.image),
  });

  /** The order when the caller may see (or pay) it; otherwise the 404 of an unknown order. */
  async function accessibleOrder(
    caller: OrderCaller,
    reference: string,
    purpose: OrderPurpose = 'view',
  ): Promise<OrderRow> {
    const order = await orderByReference(db, reference);
    if (!order || !mayAccessOrder(order, caller, purpose))
      // The checkout's answers also carry `message` (its page reads either).
      throw new NotFoundError(
        ORDER_NOT_FOUND,
        undefined,
        purpose === 'pay' ? { message: ORDER_NOT_FOUND } : undefined,
      );
    return order;
  }

  /** GET /api/user/orders/: one row per line of each of her orders, newest order first. */
  async function herOrders(userId: number) {
    const mine = await ordersOfCustomer(db, userId);
    const lines = await linesByOrder(db, mine);
    return mine.flatMap((o) =>
      (lines.get(o.id) ?? []).map((line) => ({
        reference: o.reference,
        status: orderStatusText(o.status),
        created_at: o.createdAt.toISOString(),
        data_pedido: formatDataPedido(o.createdAt),
        payment_id: o.paymentId,
        quantidade: line.quantidade,
        produto: productOf(line),
        ...lineVariation(line),
        ...summaryOf(o),
      })),
    );
  }

  /** GET /api/orders/{reference}/: the return page. */
  async function orderPage(caller: OrderCaller, reference: string) {
    const order = await accessibleOrder(caller, reference);
    const lines = (await linesByOrder(db, [order])).get(order.id) ?? [];
    return {
      reference: order.reference,
      status: orderStatusText(order.status),
      status_code: order.status,
      created_at: order.createdAt.toISOString(),
      data_pedido: formatDataPedido(order.createdAt),
      payment_id: order.paymentId,
      itens: lines.map((line) => ({
        produto: productOf(line),
        quantidade: line.quantidade,
        subtotal: centsToDecimal(line.unitPriceCents * line.quantidade),
        ...lineVariation(line),
      })),
      ...summaryOf(order),
      endereco: addressJson(addressOf(order)),
    };
  }

  return { accessibleOrder, herOrders, orderPage };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
