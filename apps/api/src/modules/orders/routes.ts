/**
 * GET /api/user/orders/, GET /api/orders/{reference}/ and GET /api/payment-status/{reference}/
 * (docs/checkout-contract.md). Her orders only: the user id comes from the token; a guest's
 * order is reached with the secret (`chave`) of its return link. Anyone else gets the same 404 as
 * for an order that does not exist, so nothing tells them it does.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatDataPedido } from '@semijoias/domain/dates';
import { centsToDecimal } from '@semijoias/domain/money';
import { orderStatusText } from '@semijoias/domain/orders';
import { trackingUrl } from '@semijoias/domain/tracking-code';
import { z } from 'zod';
import { ORDER_NOT_FOUND } from '@semijoias/domain/messages';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orderItems, orders, type OrderRow } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { hashToken, sameSecret } from '../../lib/secrets.js';
import { imageUrlFrom } from '../catalog/serializers.js';
import { hostedCheckoutFor } from '../payments/hosted-checkout.js';

export interface OrderRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  paymentProvider: PaymentProvider;
  config: Config;
}

const referenceParams = z.object({ reference: z.string().regex(/^\d{1,18}$/) }).strict();
const chaveQuery = z.object({ chave: z.string().max(200).optional() }).strict();
const userOrdersQuery = z.object({ t: z.string().max(32).optional() }).strict();

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

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const { db, authenticate } = opts;
  const imageUrl = imageUrlFrom(opts.config.imageBaseUrl);

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function linesOf(orderIds: number[]) {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id));
  }

  /**
   * The order when the caller may see it: her bearer for her order, or the return link's secret
   * (`chave`, given by api/pay to whoever placed it, guest or not). A bearer that is present must be valid (401), as on every other call.
   */
  async function visibleOrder(
    req: FastifyRequest,
    reference: string,
    chave: string | undefined,
  ): Promise<OrderRow> {
    let userId: number | undefined;
    if (req.headers.authorization !== undefined) {
      await authenticate(req);
      userId = req.userId;
    }
    const [order] = await db.select().from(orders).where(eq(orders.reference, reference));
    const allowed =
      order &&
      ((userId !== undefined && order.userId === userId) ||
        (chave !== undefined && sameSecret(hashToken(chave), order.accessKeyHash)));
    if (!order || !allowed) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  app.get(
    '/user/orders/',
    { onRequest: authenticate, schema: { querystring: userOrdersQuery } },
    async (req) => {
      const userId = requireUserId(req);
      const mine = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const byOrder = new Map<number, (typeof orderItems.$inferSelect)[]>();
      for (const line of await linesOf(mine.map((o) => o.id))) {
        const list = byOrder.get(line.orderId) ?? [];
        list.push(line);
        byOrder.set(line.orderId, list);
      }
      return mine.flatMap((o) =>
        (byOrder.get(o.id) ?? []).map((line) => ({
          reference: o.reference,
          status: orderStatusText(o.status),
          created_at: o.createdAt.toISOString(),
          data_pedido: formatDataPedido(o.createdAt),
          payment_id: o.paymentId,
          quantidade: line.quantidade,
          produto: {
            id: line.productId,
            name: line.name,
            price: centsToDecimal(line.unitPriceCents),
            image: imageUrl(line.image),
          },
          subtotal: centsToDecimal(o.subtotalCents),
          desconto: centsToDecimal(o.discountCents),
          frete: centsToDecimal(o.shippingCents),
          total: centsToDecimal(o.totalCents),
          cupom: o.couponCode,
          expira_em: o.expiresAt.toISOString(),
          ...trackingOf(o),
        })),
      );
    },
  );

  app.get(
    '/orders/:reference/',
    { schema: { params: referenceParams, querystring: chaveQuery } },
    async (req) => {
      const order = await visibleOrder(req, req.params.reference, req.query.chave);
      const items = await linesOf([order.id]);
      return {
        reference: order.reference,
        status: orderStatusText(order.status),
        status_code: order.status,
        created_at: order.createdAt.toISOString(),
        data_pedido: formatDataPedido(order.createdAt),
        payment_id: order.paymentId,
        itens: items.map((line) => ({
          produto: {
            id: line.productId,
            name: line.name,
            price: centsToDecimal(line.unitPriceCents),
            image: imageUrl(line.image),
          },
          quantidade: line.quantidade,
          subtotal: centsToDecimal(line.unitPriceCents * line.quantidade),
        })),
        subtotal: centsToDecimal(order.subtotalCents),
        desconto: centsToDecimal(order.discountCents),
        frete: centsToDecimal(order.shippingCents),
        total: centsToDecimal(order.totalCents),
        cupom: order.couponCode,
        expira_em: order.expiresAt.toISOString(),
        ...trackingOf(order),
        endereco: order.endereco
          ? {
              nome_completo: order.nomeCompleto,
              endereco: order.endereco,
              numero: order.numero,
              complemento: order.complemento,
              bairro: order.bairro,
              cidade: order.cidade,
              estado: order.estado,
              cep: order.cep,
            }
          : null,
      };
    },
  );

  app.get(
    '/payment-status/:reference/',
    { schema: { params: referenceParams, querystring: chaveQuery } },
    async (req) => {
      const order = await visibleOrder(req, req.params.reference, req.query.chave);
      try {
        const { paymentUrl } = await hostedCheckoutFor(
          { db, provider: opts.paymentProvider, config: opts.config },
          order.id,
        );
        return { payment_link: paymentUrl, status: orderStatusText(order.status) };
      } catch (err) {
        if (err instanceof ConflictError) {
          // The contract's 409 says where the order stands (paid, cancelled...).
          const [now] = await db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, order.id));
          throw new ConflictError(err.message, undefined, {
            status: orderStatusText(now?.status ?? order.status),
          });
        }
        throw err;
      }
    },
  );
};
