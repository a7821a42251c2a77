/**
 * The back office's Pedidos: the list with its filters, one order as the owners see it, and the
 * owners' actions. Each action is one transaction around one guarded statement
 * (sales/orders/transitions.ts, through modules/sales/index.ts): when the order is no longer in a status the action starts from, the
 * answer is 409 and nothing is written. What rides on the change — the audit entry, the stock
 * given back, the shopper's e-mail — is written in that same transaction.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_PAGE_SIZE } from '@semijoias/domain/admin';
import { STORE_TIME_ZONE } from '@semijoias/domain/calendar';
import { cpfDigits } from '@semijoias/domain/cpf';
import { formatBRL } from '@semijoias/domain/money';
import { orderStatusText, type OrderStatusCode } from '@semijoias/domain/orders';
import {
  normalizeTrackingCode,
  TRACKING_CODE_MESSAGES,
  trackingCodeError,
  trackingUrl,
} from '@semijoias/domain/tracking-code';
import { ORDER_NOT_FOUND, orderMovedMessage } from '@semijoias/domain/messages';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { auditLog, orderItems, orders, paymentNotifications, users } from '../../../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { isTestPayment } from '../../../integrations/payments/sandbox.js';
import { imageUrlFrom } from '../../catalog/index.js';
import {
  addressJson,
  addressOf,
  cancelByOwner,
  customerOf,
  enqueueOrderEmails,
  lineVariation,
  loadOrderView,
  markDelivered,
  markInProgress,
  markRefunded,
  markShipped,
  orderMailDeps,
  paidWithOf,
  releaseByOwner,
  statusOf,
  type OrderView,
} from '../../sales/index.js';
import { writeAudit } from '../audit.js';
import type { AuditActor } from '../../../lib/audit-actor.js';
import type { Owner } from '../../owner-access/index.js';
import type { OrderAction, OrderDetailJson } from './schemas.js';

/** The actions an order offers in each status. */
export function actionsFor(status: OrderStatusCode): OrderAction[] {
  switch (status) {
    case 'paid':
      return ['em_andamento', 'enviado', 'cancelar'];
    case 'in_progress':
      return ['enviado', 'cancelar'];
    case 'shipped':
      return ['entregue'];
    case 'refund_due':
      return ['estorno_feito'];
    case 'awaiting_payment':
    case 'payment_failed':
      // Unpaid, it holds its units: the owners may give them back (docs/purchase-limits.md).
      return ['liberar_estoque'];
    default:
      return [];
  }
}

export interface OrdersFilter {
  status?: OrderStatusCode;
  de?: string;
  ate?: string;
  busca?: string;
  pagina?: number;
}

const ORDER_ACTION_AUDIT = {
  em_andamento: 'order.in_progress',
  enviado: 'order.ship',
  entregue: 'order.deliver',
  cancelar: 'order.cancel',
  estorno_feito: 'order.refund',
  liberar_estoque: 'order.release',
} as const satisfies Record<OrderAction, string>;

/** The accounts the search looks through (the list's own join is `users`). */
const ACCOUNT = 'account';
const account = alias(users, ACCOUNT);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The first instant of a day on the store's calendar (São Paulo). An order was placed on `day` or
 * later when `created_at >= dayStart(day)`, on `day` or before when `created_at < dayStart(day + 1)`:
 * the same orders as comparing the day it was placed there, but the index on created_at serves it.
 */
const dayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${STORE_TIME_ZONE})`;

/**
 * Newest first, `desc nulls last` as orders_created_idx and orders_status_created_idx are made
 * (drizzle's desc()): a plain `desc` means nulls first, an order those indexes cannot give, and
 * the list sorted every matching order. Neither column is ever null: the same order.
 */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/** What the notification says the provider's status is, never the rest of its body. */
function providerStatusOf(rawBody: string): string | null {
  try {
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    const charges = Array.isArray(body.charges) ? (body.charges as Record<string, unknown>[]) : [];
    const status = charges[0]?.status ?? body.status ?? body.state;
    return typeof status === 'string' && /^[A-Za-z_]{1,32}$/.test(status) ? status : null;
  } catch {
    return null;
  }
}

/** The list's customer: the order's buyer, else the account's (sales' one rule). */
function customerJson(r: {
  nomeCompleto: string | null;
  email: string | null;
  userFirst: string | null;
  userLast: string | null;
  userEmail: string | null;
}) {
  const account =
    r.userFirst !== null
      ? { firstName: r.userFirst, lastName: r.userLast ?? '', email: r.userEmail ?? undefined }
      : null;
  const customer = customerOf({ ...r, cpf: null, telefone: null }, account);
  return { nome: customer.name, email: customer.email };
}

export function createAdminOrdersService(deps: { db: Db; config: Config; wakeOutbox: () => void }) {
  const { db } = deps;
  const imageUrl = imageUrlFrom(deps.config.imageBaseUrl);
  const mailDeps = orderMailDeps(deps.config);
  const isTest = (order: { paymentProvider: string | null }) =>
    isTestPayment(order.paymentProvider, deps.config.paymentProvider);

  function whereOf(filter: OrdersFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.de) conditions.push(gte(orders.createdAt, dayStart(filter.de)));
    if (filter.ate) conditions.push(lt(orders.createdAt, dayStart(filter.ate, 1)));
    const text = filter.busca?.trim();
    if (text) {
      const like = `%${escapeLike(text)}%`;
      // The account's side as the ids of the accounts that match: every condition is then on
      // orders itself, and each has its index (pg_trgm for the names and e-mails, migration 0016).
      const accountMatches: SQL[] = [
        ilike(account.email, like),
        ilike(sql`${account.firstName} || ' ' || ${account.lastName}`, like),
      ];
      const matches: SQL[] = [ilike(orders.nomeCompleto, like), ilike(orders.email, like)];
      const digits = text.replace(/\D/g, '');
      if (/^#?\d{1,18}$/.test(text)) matches.push(eq(orders.reference, digits));
      // A CPF typed with or without its mask ('529.982.247-25' or '52998224725').
      if (/^[\d.\-\s]+$/.test(text) && cpfDigits(text).length === 11) {
        matches.push(eq(orders.cpf, cpfDigits(text)));
        accountMatches.push(eq(account.cpf, cpfDigits(text)));
      }
      matches.push(
        sql`${orders.userId} = any(array(select ${account.id} from ${users} ${sql.identifier(ACCOUNT)} where ${or(...accountMatches)}))`,
      );
      conditions.push(or(...matches)!);
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** How many orders match `where` (every condition is on orders: whereOf). */
  async function countOf(where: SQL | undefined): Promise<number> {
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(orders)
      .where(where);
    return Number(total);
  }

  /**
   * A search's page and its total in one pass over the orders it matches. A search matches by
   * trigram indexes (names, e-mails) and the matching accounts' ids, so its orders are found by a
   * bitmap of those indexes wherever they are; counting them and then walking the list's index for
   * the page read them twice ('@hotmail': 32,000 orders of 200,000, 128 ms to count, 30 ms more
   * for the page, the matching accounts looked up in each). `materialized`: the page is chosen
   * from the matches, never by walking orders_created_idx and testing each order against the
   * accounts' ids one by one (seconds for a term that thousands of accounts match).
   */
  async function searchPage(where: SQL, offset: number): Promise<{ ids: number[]; total: number }> {
    const { rows } = (await db.execute(sql`
      with matched as materialized (
        select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${where}
      )
      select id, count(*) over ()::int as total from matched
      order by created_at desc nulls last, id desc nulls last
      limit ${ADMIN_PAGE_SIZE} offset ${offset}`)) as unknown as {
      rows: { id: number | string; total: number | string }[];
    };
    // A page past the end has no row to carry the total.
    const total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countOf(where) : 0;
    return { ids: rows.map((r) => Number(r.id)), total };
  }

  async function list(filter: OrdersFilter) {
    const page = filter.pagina ?? 1;
    const offset = (page - 1) * ADMIN_PAGE_SIZE;
    const where = whereOf(filter);
    let total: number;
    let onPage: SQL | undefined;
    if (filter.busca?.trim()) {
      const found = await searchPage(where!, offset);
      total = found.total;
      onPage = found.ids.length > 0 ? inArray(orders.id, found.ids) : undefined;
    } else {
      // No search: the page walks orders_created_idx (or orders_status_created_idx) down to
      // its 25, and the count is its own query.
      total = await countOf(where);
      onPage = inArray(
        orders.id,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(...newestFirst)
          .limit(ADMIN_PAGE_SIZE)
          .offset(offset),
      );
    }
    // The page's orders first, then their buyer and lines: the count of lines is computed for
    // these 25, not for every order an offset skips.
    const rows = !onPage
      ? []
      : await db
          .select({
            reference: orders.reference,
            status: orders.status,
            createdAt: orders.createdAt,
            nomeCompleto: orders.nomeCompleto,
            email: orders.email,
            userFirst: users.firstName,
            userLast: users.lastName,
            userEmail: users.email,
            totalCents: orders.totalCents,
            trackingCode: orders.trackingCode,
            paymentProvider: orders.paymentProvider,
            itens: sql<number>`(select coalesce(sum(${orderItems.quantidade}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
          })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(onPage)
          .orderBy(...newestFirst);
    return {
      pedidos: rows.map((r) => ({
        reference: r.reference,
        status: r.status,
        status_texto: orderStatusText(r.status),
        criado_em: r.createdAt.toISOString(),
        cliente: customerJson(r),
        itens: Number(r.itens),
        total_cents: r.totalCents,
        codigo_rastreio: r.trackingCode,
        teste: isTest(r),
      })),
      total: Number(total),
      pagina: page,
      por_pagina: ADMIN_PAGE_SIZE,
    };
  }

  async function orderView(tx: Db, reference: string): Promise<OrderView> {
    const view = await loadOrderView(tx, { reference });
    if (!view) throw new NotFoundError(ORDER_NOT_FOUND);
    return view;
  }

  /** One order as the owners see it (inside `tx` when an action answers it). */
  async function detail(tx: Db, reference: string): Promise<OrderDetailJson> {
    const { order, lines, account } = await orderView(tx, reference);
    const events = await tx
      .select({
        provider: paymentNotifications.provider,
        outcome: paymentNotifications.outcome,
        rawBody: paymentNotifications.rawBody,
        receivedAt: paymentNotifications.receivedAt,
      })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.id))
      .orderBy(paymentNotifications.receivedAt, paymentNotifications.id);
    const [cancelNote] = await tx
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'order'),
          eq(auditLog.entityId, order.reference),
          inArray(auditLog.action, [
            ORDER_ACTION_AUDIT.cancelar,
            ORDER_ACTION_AUDIT.liberar_estoque,
          ]),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const customer = customerOf(order, account);
    const reason = (cancelNote?.after as { motivo_texto?: unknown } | null)?.motivo_texto;
    return {
      reference: order.reference,
      status: order.status,
      status_texto: orderStatusText(order.status),
      teste: isTest(order),
      criado_em: order.createdAt.toISOString(),
      prazo_pagamento: order.expiresAt.toISOString(),
      lembrete_enviado_em: iso(order.reminderSentAt),
      pago_em: iso(order.paidAt),
      em_andamento_em: iso(order.inProgressAt),
      enviado_em: iso(order.shippedAt),
      entregue_em: iso(order.deliveredAt),
      cancelado_em: iso(order.cancelledAt),
      estornado_em: iso(order.refundedAt),
      motivo_cancelamento:
        order.cancelReason === 'expired' ||
        order.cancelReason === 'owner' ||
        order.cancelReason === 'released'
          ? order.cancelReason
          : null,
      motivo_texto:
        (order.cancelReason === 'owner' || order.cancelReason === 'released') &&
        typeof reason === 'string'
          ? reason
          : null,
      codigo_rastreio: order.trackingCode,
      rastreio_url: order.trackingCode ? trackingUrl(order.trackingCode) : null,
      itens: lines.map((line) => ({
        produto_id: line.productId,
        nome: line.name,
        imagem: imageUrl(line.image),
        preco_unitario_cents: line.unitPriceCents,
        quantidade: line.quantidade,
        subtotal_cents: line.unitPriceCents * line.quantidade,
        ...lineVariation(line),
      })),
      subtotal_cents: order.subtotalCents,
      desconto_cents: order.discountCents,
      forma_pagamento: order.paymentMethod,
      pago_com: paidWithOf(order),
      desconto_pix_cents: order.pixDiscountCents,
      frete_cents: order.shippingCents,
      total_cents: order.totalCents,
      cupom: order.couponCode,
      frete_prazo: order.shippingDays,
      frete_regiao: order.shippingRegion,
      frete_servico_id: order.shippingServiceId,
      frete_transportadora: order.shippingCarrier,
      frete_servico_nome: order.shippingService,
      endereco: addressJson(addressOf(order)),
      cliente: {
        tipo: order.userId ? 'conta' : 'convidada',
        user_id: order.userId,
        nome: customer.name,
        email: customer.email,
        cpf: customer.cpf,
        telefone: customer.phone,
      },
      pagamento: {
        provedor: order.paymentProvider,
        payment_id: order.paymentId,
        eventos: events.map((e) => ({
          recebido_em: e.receivedAt.toISOString(),
          provedor: e.provider,
          resultado: e.outcome,
          status_provedor: providerStatusOf(e.rawBody),
        })),
      },
      estorno:
        order.status === 'refund_due'
          ? { valor_cents: order.totalCents, payment_id: order.paymentId }
          : null,
      acoes: actionsFor(order.status),
    };
  }

  /**
   * Runs one action: `move` is the guarded statement; when it moves nothing the order's status
   * now says why (409). The audit entry has the order as this API answers it, before and after.
   */
  async function act(
    owner: AuditActor,
    reference: string,
    action: OrderAction,
    move: (tx: Db, order: OrderView['order']) => Promise<boolean>,
    summary: (order: OrderView['order']) => string,
    extra: {
      after?: Record<string, unknown>;
      mail?: 'shipped' | 'owner_cancelled' | 'cancelled';
    } = {},
  ): Promise<OrderDetailJson> {
    const answer = await db.transaction(async (tx) => {
      const { order } = await orderView(tx, reference);
      const before = await detail(tx, reference);
      if (!(await move(tx, order))) {
        const now = (await statusOf(tx, order.id)) ?? order.status;
        throw new ConflictError(orderMovedMessage(now), undefined, { status: now });
      }
      if (extra.mail) await enqueueOrderEmails(tx, mailDeps, order.id, extra.mail);
      const after = await detail(tx, reference);
      await writeAudit(tx, owner, {
        action: ORDER_ACTION_AUDIT[action],
        entityType: 'order',
        entityId: reference,
        summary: summary(order),
        before,
        after: { ...after, ...extra.after },
      });
      // The cancel's reason is read back from this audit entry: answer it at once.
      return { ...after, ...extra.after } as OrderDetailJson;
    });
    if (extra.mail) deps.wakeOutbox();
    return answer;
  }

  const label = (order: OrderView['order']) => `Pedido #${order.reference}`;

  return {
    list,
    detail: (reference: string) => detail(db, reference),

    markInProgress: (owner: Owner, reference: string) =>
      act(
        owner,
        reference,
        'em_andamento',
        (tx, o) => markInProgress(tx, o.id),
        (o) => `${label(o)}: ${orderStatusText(o.status)} → ${orderStatusText('in_progress')}`,
      ),

    /**
     * 'Enviado' with the tracking code: typed by the owners (a Correios code, checked), or
     * `fromCarrier` (a label bought through Melhor Envio: its carrier's code kept as it came,
     * Jadlog's and Loggi's included). The same transition, audit and shipping e-mail either way;
     * a label's code that came later ships it as the store itself (SYSTEM_ACTOR).
     */
    ship(
      owner: AuditActor,
      reference: string,
      typed: string,
      options: { fromCarrier?: string } = {},
    ) {
      const code = options.fromCarrier ? typed.trim() : normalizeTrackingCode(typed);
      if (!options.fromCarrier) {
        const problem = trackingCodeError(typed);
        if (problem) throw new ValidationError(problem, { codigo_rastreio: [problem] });
      } else if (!/^[A-Za-z0-9-]{4,40}$/.test(code)) {
        throw new ValidationError(TRACKING_CODE_MESSAGES.format);
      }
      const by = options.fromCarrier ? `, etiqueta ${options.fromCarrier}` : '';
      return act(
        owner,
        reference,
        'enviado',
        (tx, o) => markShipped(tx, o.id, code),
        (o) =>
          `${label(o)}: ${orderStatusText(o.status)} → ${orderStatusText('shipped')} (${code}${by})`,
        { mail: 'shipped' },
      );
    },

    markDelivered: (owner: Owner, reference: string) =>
      act(
        owner,
        reference,
        'entregue',
        (tx, o) => markDelivered(tx, o.id),
        (o) => `${label(o)}: ${orderStatusText(o.status)} → ${orderStatusText('delivered')}`,
      ),

    cancel: (owner: Owner, reference: string, reason: string) =>
      act(
        owner,
        reference,
        'cancelar',
        (tx, o) => cancelByOwner(tx, o.id, { ownerId: owner.id, reason }),
        (o) => `${label(o)} cancelado: ${formatBRL(o.totalCents)} a estornar. Motivo: ${reason}`,
        { after: { motivo_texto: reason }, mail: 'owner_cancelled' },
      ),

    /** An unpaid order's units back on the shelf now (a hoarder's, or one she asked to drop). */
    releaseStock: (owner: Owner, reference: string, reason: string) =>
      act(
        owner,
        reference,
        'liberar_estoque',
        (tx, o) => releaseByOwner(tx, o.id, { ownerId: owner.id, reason }),
        (o) => `${label(o)} cancelado sem pagamento: estoque liberado. Motivo: ${reason}`,
        { after: { motivo_texto: reason }, mail: 'cancelled' },
      ),

    markRefunded: (owner: Owner, reference: string) =>
      act(
        owner,
        reference,
        'estorno_feito',
        (tx, o) => markRefunded(tx, o.id),
        (o) =>
          `${label(o)}: estorno de ${formatBRL(o.totalCents)} feito → ${orderStatusText('cancelled')}`,
      ),
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
