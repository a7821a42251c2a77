/**
 * 'Comprar etiqueta' (issue 35, docs/shipping-labels.md): the owners buy an order's label at
 * Melhor Envio in one click — cart → checkout (paid from the account's balance) → generate →
 * tracking — and the order goes to 'Enviado' with the carrier's code, the shipping e-mail with it.
 *
 * One row of `shipping_labels` per order. A purchase is CLAIMED by one guarded statement (insert
 * … on conflict do update … where <claimable> returning): of two clicks, two tabs or two
 * instances, one gets the row, the other a 409 with the label's state. Each step's answer is
 * written as it comes (Melhor Envio's order id and price, then paid, then generated with the
 * code), so a retry after any failure resumes where it stopped and never pays twice: a purchase
 * whose checkout outcome is unknown (a timeout) asks Melhor Envio's tracking before paying.
 *
 * Nothing personal is logged: Melhor Envio's messages are masked by the client, and what the owners
 * read is this store's Portuguese (packages/domain, messages/back-office.ts), never Melhor
 * Envio's own text.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { formatBRL } from '@semijoias/domain/money';
import {
  LABEL_ALREADY_BOUGHT,
  LABEL_BUYING,
  LABEL_CANCEL_REFUSED,
  LABEL_INVOICE_KEY_INVALID,
  LABEL_MELHOR_ENVIO_OFF,
  LABEL_NOT_CANCELLABLE,
  LABEL_NOT_GENERATED,
  LABEL_ORDER_NOT_PAYABLE,
  LABEL_RECIPIENT_INCOMPLETE,
  LABEL_SENDER_INCOMPLETE,
  LABEL_SERVICE_UNKNOWN,
  LABEL_UNAVAILABLE,
  ORDER_NOT_FOUND,
  labelBalanceMessage,
  labelRefusedMessage,
} from '@semijoias/domain/messages';
import {
  SHIPPING_SERVICES,
  pieceParcel,
  type CategorySlug,
} from '@semijoias/domain/shipping-settings';
import { trackingUrl } from '@semijoias/domain/tracking-code';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  orderItems,
  orders,
  products,
  shippingLabels,
  type OrderRow,
  type ShippingLabelRow,
} from '../../db/schema.js';
import {
  isMelhorEnvioError,
  type CartInput,
  type LabelParty,
  type MelhorEnvioClient,
  type MelhorEnvioError,
} from '../../integrations/shipping/melhor-envio.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  UpstreamError,
  ValidationError,
} from '../../lib/errors.js';
import type { Owner } from '../owner-access/index.js';
import type { EffectiveShippingSettings } from '../shipping-settings/index.js';

/** A purchase claimed this long ago and not finished (a crashed instance) may be claimed again. */
export const LABEL_CLAIM_TTL_SECONDS = 120;

/** The order statuses a label is bought for. */
const LABEL_ORDER_STATUSES = ['paid', 'in_progress'] as const;

export type LabelDocument = 'declaracao' | 'nota_fiscal';

export interface BuyRequest {
  /** Melhor Envio's service id; default the order's, else the first configured. */
  servico?: number | null;
  documento?: LabelDocument;
  /** The NF-e's 44-digit key, with `documento: 'nota_fiscal'`. */
  chave_nf?: string | null;
}

/** What the audit needs (modules/admin/audit.ts's writeAudit, handed in: no import cycle). */
export interface LabelAuditEntry {
  action: string;
  entityType: 'order';
  entityId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

export interface ShippingLabelsDeps {
  db: Db;
  settings: () => Promise<EffectiveShippingSettings>;
  client: () => Promise<MelhorEnvioClient | null>;
  audit: (tx: Db, owner: Owner, entry: LabelAuditEntry) => Promise<void>;
  /** The admin's 'Enviado' with a carrier's code (its transition, audit and e-mail). */
  ship: (owner: Owner, reference: string, code: string, carrier: string) => Promise<unknown>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const serviceName = (id: number) => {
  const known = SHIPPING_SERVICES.find((s) => s.id === id);
  return known ? { transportadora: known.transportadora, servico: known.servico } : null;
};

/** The label as the back office reads it. */
export function labelJson(row: ShippingLabelRow | undefined, orderStatus: OrderRow['status']) {
  if (!row) return null;
  const names = serviceName(row.serviceId);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const claimedNow =
    row.claimedAt !== null && Date.now() - row.claimedAt.getTime() < LABEL_CLAIM_TTL_SECONDS * 1000;
  return {
    status: row.status,
    servico_id: row.serviceId,
    transportadora: names?.transportadora ?? null,
    servico: names?.servico ?? null,
    documento: row.documentKind as LabelDocument,
    preco_cents: row.priceCents,
    protocolo: row.protocol,
    codigo_rastreio: row.trackingCode,
    rastreio_url: row.trackingCode ? trackingUrl(row.trackingCode) : null,
    erro: row.lastError,
    em_andamento: claimedNow,
    pago_em: iso(row.paidAt),
    gerada_em: iso(row.generatedAt),
    cancelada_em: iso(row.cancelledAt),
    pode_imprimir: row.status === 'gerada',
    pode_cancelar: (row.status === 'paga' || row.status === 'gerada') && !claimedNow,
    pode_comprar:
      (LABEL_ORDER_STATUSES as readonly string[]).includes(orderStatus) &&
      !claimedNow &&
      row.status !== 'gerada',
  };
}

export type LabelJson = NonNullable<ReturnType<typeof labelJson>>;

/** Thrown when a purchase stops at a step: the row keeps what was done, `lastError` says why. */
class StepError extends Error {}

function digits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** The sender from 'Frete', or null when a field a label needs is missing. */
function senderOf(settings: EffectiveShippingSettings): LabelParty | null {
  const s = settings.sender;
  const doc = digits(s.documento);
  const cep = digits(s.cep || settings.fromCep);
  if (!s.nome || !digits(s.telefone) || !s.email || !s.rua || !s.numero || !s.bairro) return null;
  if (!s.cidade || !s.uf || cep.length !== 8 || (doc.length !== 11 && doc.length !== 14)) {
    return null;
  }
  return {
    name: s.nome,
    phone: digits(s.telefone),
    email: s.email,
    ...(doc.length === 11 ? { document: doc } : { companyDocument: doc }),
    ...(doc.length === 14 && s.inscricaoEstadual ? { stateRegister: s.inscricaoEstadual } : {}),
    address: s.rua,
    number: s.numero,
    ...(s.complemento ? { complement: s.complemento } : {}),
    district: s.bairro,
    city: s.cidade,
    stateAbbr: s.uf,
    postalCode: cep,
  };
}

function recipientOf(order: OrderRow): LabelParty | null {
  const cep = digits(order.cep ?? order.cepDestino);
  if (!order.nomeCompleto || digits(order.cpf).length !== 11 || !digits(order.telefone))
    return null;
  if (!order.endereco || !order.numero || !order.bairro || !order.cidade || !order.estado) {
    return null;
  }
  if (cep.length !== 8) return null;
  return {
    name: order.nomeCompleto,
    phone: digits(order.telefone),
    email: order.email ?? '',
    document: digits(order.cpf),
    address: order.endereco,
    number: order.numero,
    ...(order.complemento ? { complement: order.complemento } : {}),
    district: order.bairro,
    city: order.cidade,
    stateAbbr: order.estado.toUpperCase(),
    postalCode: cep,
  };
}

/** A Melhor Envio failure in the owners' words (never Melhor Envio's own text). */
export function labelErrorMessage(err: MelhorEnvioError): string {
  if (err.kind === 'validacao') return labelRefusedMessage(Object.keys(err.fieldErrors));
  if (err.kind === 'indisponivel') return LABEL_UNAVAILABLE;
  // token-invalido, sem-permissao, limite, saldo-insuficiente: the client's Portuguese.
  return err.message;
}

/** How long a purchase waits, in all, for turns of the requests' limit (250 a minute, shared). */
export const LABEL_LIMIT_WAIT_MS = 15_000;

/**
 * One Melhor Envio call, again after a wait when the limit refused it a turn ('limite': our
 * shared count said no before sending, or Melhor Envio's 429 refused it unprocessed, so a repeat
 * never does anything twice). A purchase of several orders then slows down instead of failing.
 */
export async function withTurns<T>(call: () => Promise<T>, budgetMs = LABEL_LIMIT_WAIT_MS) {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!isMelhorEnvioError(err) || err.kind !== 'limite' || waited >= budgetMs) throw err;
      const pause = Math.min(Math.max((err.retryAfterSeconds ?? 1) * 1000, 250), 5_000);
      waited += pause;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export function createShippingLabelsService(deps: ShippingLabelsDeps) {
  const { db } = deps;

  async function orderOf(reference: string): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.reference, reference));
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  async function rowOf(orderId: number): Promise<ShippingLabelRow | undefined> {
    const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.orderId, orderId));
    return row;
  }

  /**
   * One step's answer on the row. It also renews the claim (`claimed_at = now()`, unless the
   * values let it go with `claimedAt: null`): a purchase slowed by Melhor Envio keeps its claim
   * step by step, and only one stopped for LABEL_CLAIM_TTL_SECONDS may be claimed again.
   */
  async function write(
    orderId: number,
    values: Partial<typeof shippingLabels.$inferInsert>,
  ): Promise<ShippingLabelRow> {
    const [row] = await db
      .update(shippingLabels)
      .set({ claimedAt: sql`now()`, ...values, updatedAt: sql`now()` })
      .where(eq(shippingLabels.orderId, orderId))
      .returning();
    return row!;
  }

  /** The cart's body: sender, recipient, the order's lines, one volume of their boxes. */
  async function cartInput(
    order: OrderRow,
    row: ShippingLabelRow,
    settings: EffectiveShippingSettings,
    from: LabelParty,
    to: LabelParty,
  ): Promise<CartInput> {
    const lines = await db
      .select({
        name: orderItems.name,
        variationName: orderItems.variationName,
        quantity: orderItems.quantidade,
        unitPriceCents: orderItems.unitPriceCents,
        category: products.category,
        weightGrams: products.weightGrams,
        widthCm: products.widthCm,
        heightCm: products.heightCm,
        lengthCm: products.lengthCm,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    // One box holding every unit: the widest and longest of their boxes, heights stacked.
    let width = 1;
    let length = 1;
    let height = 0;
    let weight = 0;
    for (const line of lines) {
      const slug = (CATEGORIES.find((c) => c.name === line.category)?.slug ??
        'aneis') as CategorySlug;
      const unit = pieceParcel({ categorySlug: slug, ...line }, settings.packages);
      width = Math.max(width, unit.widthCm);
      length = Math.max(length, unit.lengthCm);
      height += unit.heightCm * line.quantity;
      weight += unit.weightGrams * line.quantity;
    }
    const insurance = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    return {
      serviceId: row.serviceId,
      from,
      to,
      products: lines.map((l) => ({
        name: l.variationName ? `${l.name} (${l.variationName})` : l.name,
        quantity: l.quantity,
        unitValueCents: l.unitPriceCents,
      })),
      volumes: [
        {
          widthCm: width,
          lengthCm: length,
          heightCm: Math.min(Math.max(height, 1), 100),
          weightGrams: Math.max(weight, 1),
        },
      ],
      insuranceValueCents: insurance,
      ...(row.documentKind === 'nota_fiscal' && row.invoiceKey
        ? { invoiceKey: row.invoiceKey }
        : { nonCommercial: true }),
      platform: 'Duas Irmãs Semijoias',
      tags: [{ tag: `Pedido #${order.reference}` }],
    };
  }

  /**
   * THE CLAIM: one statement. A new row, or a row whose last attempt failed or was cancelled
   * (started over), or a purchase left paid / half-way by an attempt that is over or expired
   * (resumed). Anything else — a purchase running now, a label generated — returns no row.
   */
  async function claim(
    orderId: number,
    serviceId: number,
    document: LabelDocument,
    invoiceKey: string | null,
  ): Promise<ShippingLabelRow | undefined> {
    const restart = sql`${shippingLabels.status} in ('falhou', 'cancelada')`;
    const keep = <T>(column: unknown, fresh: T) =>
      sql`case when ${restart} then ${fresh} else ${column} end`;
    const { rows } = (await db.execute(sql`
      insert into shipping_labels (order_id, status, service_id, document_kind, invoice_key, claimed_at)
      values (${orderId}, 'comprando', ${serviceId}, ${document}, ${invoiceKey}, now())
      on conflict (order_id) do update set
        status = ${keep(shippingLabels.status, sql`'comprando'`)},
        service_id = ${keep(shippingLabels.serviceId, sql`excluded.service_id`)},
        document_kind = ${keep(shippingLabels.documentKind, sql`excluded.document_kind`)},
        invoice_key = ${keep(shippingLabels.invoiceKey, sql`excluded.invoice_key`)},
        provider_order_id = ${keep(shippingLabels.providerOrderId, sql`null`)},
        price_cents = ${keep(shippingLabels.priceCents, sql`null`)},
        protocol = ${keep(shippingLabels.protocol, sql`null`)},
        tracking_code = ${keep(shippingLabels.trackingCode, sql`null`)},
        paid_at = ${keep(shippingLabels.paidAt, sql`null`)},
        generated_at = ${keep(shippingLabels.generatedAt, sql`null`)},
        cancelled_at = ${keep(shippingLabels.cancelledAt, sql`null`)},
        last_error = null,
        claimed_at = now(),
        updated_at = now()
      where ${restart}
        or (${shippingLabels.status} in ('comprando', 'paga')
          and (${shippingLabels.claimedAt} is null
            or ${shippingLabels.claimedAt} < now() - make_interval(secs => ${LABEL_CLAIM_TTL_SECONDS})))
      returning order_id`)) as unknown as { rows: { order_id: number }[] };
    return rows.length > 0 ? rowOf(orderId) : undefined;
  }

  /** The purchase's steps from wherever the claimed row stands; each answer written at once. */
  async function run(
    owner: Owner,
    order: OrderRow,
    claimed: ShippingLabelRow,
    client: MelhorEnvioClient,
    settings: EffectiveShippingSettings,
    from: LabelParty,
    to: LabelParty,
  ): Promise<ShippingLabelRow> {
    let row = claimed;
    const label = `Pedido #${order.reference}`;
    const fail = async (status: 'falhou' | 'comprando' | 'paga', message: string) => {
      row = await write(order.id, { status, lastError: message, claimedAt: null });
      throw new StepError(message);
    };
    const melhorEnvio = async <T>(
      step: () => Promise<T>,
      unknownOutcome: 'falhou' | 'comprando' | 'paga',
    ) => {
      try {
        return await withTurns(step);
      } catch (err) {
        if (!isMelhorEnvioError(err)) throw err;
        deps.log?.warn(
          { order: order.reference, kind: err.kind, reason: err.reason },
          'shipping label: Melhor Envio failed',
        );
        return fail(unknownOutcome, labelErrorMessage(err));
      }
    };

    /** Paid: `paga`, `paid_at` and the audit entry of the purchase, in one transaction. */
    const markPaid = () =>
      db.transaction(async (tx) => {
        const [paid] = await tx
          .update(shippingLabels)
          .set({
            status: 'paga',
            paidAt: sql`now()`,
            lastError: null,
            claimedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(shippingLabels.orderId, order.id))
          .returning();
        const names = serviceName(paid!.serviceId);
        await deps.audit(tx, owner, {
          action: 'order.label_buy',
          entityType: 'order',
          entityId: order.reference,
          summary: `${label}: etiqueta ${names ? `${names.transportadora} ${names.servico}` : `serviço ${paid!.serviceId}`} comprada no Melhor Envio por ${formatBRL(paid!.priceCents ?? 0)} (${paid!.documentKind === 'nota_fiscal' ? 'nota fiscal' : 'declaração de conteúdo'})`,
          after: labelJson(paid, order.status),
        });
        return paid!;
      });

    if (row.status === 'comprando' && row.providerOrderId) {
      // Resumed half-way: did the last checkout go through? Melhor Envio says.
      const [known] = await melhorEnvio(() => client.tracking([row.providerOrderId!]), 'comprando');
      if (!known || known.status === 'canceled' || known.status === 'expired') {
        row = await write(order.id, { providerOrderId: null, priceCents: null, protocol: null });
      } else if (known.status !== 'pending') {
        // Paid by the attempt whose answer was lost: audited now.
        row = await markPaid();
      }
    }

    if (row.status === 'comprando') {
      if (!row.providerOrderId) {
        // Before paying, nothing is lost by failing: 'falhou', bought again from the cart.
        const item = await melhorEnvio(
          async () => client.addToCart(await cartInput(order, row, settings, from, to)),
          'falhou',
        );
        row = await write(order.id, {
          providerOrderId: item.id,
          priceCents: item.priceCents,
          protocol: item.protocol,
        });
      }
      const price = row.priceCents ?? 0;
      const balance = await melhorEnvio(() => client.balance(), 'comprando');
      if (balance.balanceCents < price) {
        await fail(
          'comprando',
          labelBalanceMessage(
            formatBRL(price - balance.balanceCents),
            formatBRL(price),
            formatBRL(balance.balanceCents),
          ),
        );
      }
      let purchaseError: MelhorEnvioError | null = null;
      try {
        await withTurns(() => client.checkout([row.providerOrderId!]));
      } catch (err) {
        if (!isMelhorEnvioError(err)) throw err;
        purchaseError = err;
      }
      if (purchaseError) {
        deps.log?.warn(
          { order: order.reference, kind: purchaseError.kind, reason: purchaseError.reason },
          'shipping label: checkout failed',
        );
        // Refused (balance, data): not paid, the cart item kept for the retry. A timeout or a
        // 5xx: unknown, kept 'comprando' so the retry asks the tracking before paying.
        await fail('comprando', labelErrorMessage(purchaseError));
      }
      row = await markPaid();
    }

    if (row.status === 'paga') {
      const id = row.providerOrderId!;
      const [generated] = await melhorEnvio(() => client.generate([id]), 'paga');
      if (!generated?.generated) await fail('paga', LABEL_UNAVAILABLE);
      const [tracked] = await melhorEnvio(() => client.tracking([id]), 'paga');
      row = await write(order.id, {
        status: 'gerada',
        generatedAt: new Date(),
        trackingCode: tracked?.tracking ?? tracked?.melhorEnvioTracking ?? null,
        protocol: tracked?.protocol ?? row.protocol,
        lastError: null,
        claimedAt: null,
      });
      await shipWithLabel(owner, order.reference, row);
    }
    return row;
  }

  /** A generated label's code on the order: 'Enviado' (once: a shipped order is left alone). */
  async function shipWithLabel(owner: Owner, reference: string, row: ShippingLabelRow) {
    if (!row.trackingCode) return;
    const [now] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (!now || !(LABEL_ORDER_STATUSES as readonly string[]).includes(now.status)) return;
    const names = serviceName(row.serviceId);
    try {
      await deps.ship(
        owner,
        reference,
        row.trackingCode,
        names ? `${names.transportadora} ${names.servico}` : 'Melhor Envio',
      );
    } catch (err) {
      // Shipped by the other click or typed by an owner meanwhile: the order says so.
      if (!(err instanceof ConflictError)) throw err;
    }
  }

  function invoiceKeyOf(request: BuyRequest): string | null {
    if ((request.documento ?? 'declaracao') !== 'nota_fiscal') return null;
    const key = digits(request.chave_nf);
    if (key.length !== 44) {
      throw new ValidationError(LABEL_INVOICE_KEY_INVALID, {
        chave_nf: [LABEL_INVOICE_KEY_INVALID],
      });
    }
    return key;
  }

  async function state(reference: string) {
    const order = await orderOf(reference);
    const settings = await deps.settings();
    const row = await rowOf(order.id);
    const offered = settings.services.map((s) => ({ id: s.id, ...serviceName(s.id)! }));
    return {
      etiqueta: labelJson(row, order.status),
      melhor_envio_ativo: settings.active,
      servicos: offered,
      servico_padrao:
        (order.shippingServiceId && SHIPPING_SERVICES.some((s) => s.id === order.shippingServiceId)
          ? order.shippingServiceId
          : offered[0]?.id) ?? null,
      pedido_status: order.status,
    };
  }

  async function buy(owner: Owner, reference: string, request: BuyRequest = {}) {
    const order = await orderOf(reference);
    const existing = await rowOf(order.id);
    const resuming = existing?.status === 'paga' || existing?.status === 'comprando';
    if (!(LABEL_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      // A shipped order whose label was paid but not yet written to it may still resume.
      if (!(resuming && order.status === 'shipped')) {
        throw new ConflictError(
          existing?.status === 'gerada' ? LABEL_ALREADY_BOUGHT : LABEL_ORDER_NOT_PAYABLE,
          undefined,
          { etiqueta: labelJson(existing, order.status) },
        );
      }
    }
    const documento = request.documento ?? 'declaracao';
    const invoiceKey = invoiceKeyOf(request);
    const settings = await deps.settings();
    const client = await deps.client();
    if (!client) throw new ConflictError(LABEL_MELHOR_ENVIO_OFF);
    const serviceId =
      request.servico ??
      order.shippingServiceId ??
      settings.services[0]?.id ??
      SHIPPING_SERVICES[0].id;
    if (!SHIPPING_SERVICES.some((s) => s.id === serviceId)) {
      throw new ValidationError(LABEL_SERVICE_UNKNOWN, { servico: [LABEL_SERVICE_UNKNOWN] });
    }
    const from = senderOf(settings);
    if (!from) throw new ConflictError(LABEL_SENDER_INCOMPLETE);
    const to = recipientOf(order);
    if (!to) throw new ConflictError(LABEL_RECIPIENT_INCOMPLETE);

    const claimed = await claim(order.id, serviceId, documento, invoiceKey);
    if (!claimed) {
      const now = await rowOf(order.id);
      throw new ConflictError(
        now?.status === 'gerada' ? LABEL_ALREADY_BOUGHT : LABEL_BUYING,
        undefined,
        {
          etiqueta: labelJson(now, order.status),
        },
      );
    }
    try {
      await run(owner, order, claimed, client, settings, from, to);
    } catch (err) {
      if (err instanceof StepError) {
        const now = await orderOf(reference);
        throw new LabelStepError(err.message, undefined, {
          etiqueta: labelJson(await rowOf(order.id), now.status),
        });
      }
      // Anything else (the database): the claim is let go, the step's row kept as it is.
      await write(order.id, { claimedAt: null, lastError: LABEL_UNAVAILABLE }).catch(() => {});
      throw err;
    }
    return state(reference);
  }

  /** Several orders, one after the other (Melhor Envio's limit is shared): one result each. */
  async function buyMany(owner: Owner, references: string[], request: BuyRequest = {}) {
    const results = [];
    for (const reference of [...new Set(references)]) {
      try {
        const answer = await buy(owner, reference, {
          ...request,
          servico: request.servico ?? null,
        });
        results.push({ reference, ok: true, etiqueta: answer.etiqueta, erro: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const etiqueta = (err.extra?.etiqueta as LabelJson | null | undefined) ?? null;
        results.push({ reference, ok: false, etiqueta, erro: err.message });
      }
    }
    return { resultados: results };
  }

  async function print(reference: string): Promise<{ url: string }> {
    const order = await orderOf(reference);
    const row = await rowOf(order.id);
    if (row?.status !== 'gerada' || !row.providerOrderId)
      throw new ConflictError(LABEL_NOT_GENERATED);
    const client = await deps.client();
    if (!client) throw new ConflictError(LABEL_MELHOR_ENVIO_OFF);
    try {
      return await withTurns(() => client.print([row.providerOrderId!]));
    } catch (err) {
      if (!isMelhorEnvioError(err)) throw err;
      deps.log?.warn(
        { order: reference, kind: err.kind, reason: err.reason },
        'label print failed',
      );
      throw new UpstreamError(labelErrorMessage(err));
    }
  }

  /** Cancels a paid or generated label at Melhor Envio (refunded to the balance); audited. */
  async function cancel(owner: Owner, reference: string) {
    const order = await orderOf(reference);
    const client = await deps.client();
    if (!client) throw new ConflictError(LABEL_MELHOR_ENVIO_OFF);
    // Claimed like a purchase: a cancel never runs beside a purchase or another cancel.
    const [claimed] = await db
      .update(shippingLabels)
      .set({ claimedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(shippingLabels.orderId, order.id),
          inArray(shippingLabels.status, ['paga', 'gerada']),
          sql`(${shippingLabels.claimedAt} is null or ${shippingLabels.claimedAt} < now() - make_interval(secs => ${LABEL_CLAIM_TTL_SECONDS}))`,
        ),
      )
      .returning();
    if (!claimed?.providerOrderId) {
      throw new ConflictError(LABEL_NOT_CANCELLABLE, undefined, {
        etiqueta: labelJson(await rowOf(order.id), order.status),
      });
    }
    let cancelled: boolean;
    try {
      cancelled = (
        await withTurns(() =>
          client.cancel(claimed.providerOrderId!, `Pedido #${reference}: cancelado pela loja`),
        )
      ).canceled;
    } catch (err) {
      await write(order.id, { claimedAt: null });
      if (!isMelhorEnvioError(err)) throw err;
      deps.log?.warn(
        { order: reference, kind: err.kind, reason: err.reason },
        'label cancel failed',
      );
      throw err.kind === 'validacao'
        ? new ConflictError(LABEL_CANCEL_REFUSED)
        : new UpstreamError(labelErrorMessage(err));
    }
    if (!cancelled) {
      await write(order.id, { claimedAt: null });
      throw new ConflictError(LABEL_CANCEL_REFUSED);
    }
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(shippingLabels)
        .set({
          status: 'cancelada',
          cancelledAt: sql`now()`,
          claimedAt: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(shippingLabels.orderId, order.id))
        .returning();
      await deps.audit(tx, owner, {
        action: 'order.label_cancel',
        entityType: 'order',
        entityId: reference,
        summary: `Pedido #${reference}: etiqueta cancelada no Melhor Envio (${formatBRL(claimed.priceCents ?? 0)} de volta ao saldo)`,
        before: labelJson(claimed, order.status),
        after: labelJson(row, order.status),
      });
    });
    return state(reference);
  }

  return { state, buy, buyMany, print, cancel };
}

/** A purchase stopped at a step (Melhor Envio refused or failed): 409 with the label's state. */
export class LabelStepError extends ConflictError {}

export type ShippingLabelsService = ReturnType<typeof createShippingLabelsService>;
