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
 * A carrier may give its tracking code only after the label (Melhor Envio's own code, or none, at
 * generate): a periodic pass (`followUpTracking`, run by the order sweeper) asks Melhor Envio's
 * tracking for those labels in one call and, when the carrier's code arrives, writes it on the
 * label by one guarded statement and puts it on the order ('Enviado' with it, or in place of
 * Melhor Envio's code). A label bought again for an order already shipped (its first cancelled)
 * gives the order its new code and the shopper the shipping e-mail again, once.
 *
 * Nothing personal is logged: Melhor Envio's messages are masked by the client, and what the owners
 * read is this store's Portuguese (packages/domain, messages/back-office.ts), never Melhor
 * Envio's own text.
 */
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
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
  LABEL_TRACKING_NOT_AWAITED,
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
  type ShippingLabelState,
  type ShippingLabelTrackingSource,
} from '../../db/schema.js';
import {
  isMelhorEnvioError,
  type CartInput,
  type LabelParty,
  type MelhorEnvioClient,
  type MelhorEnvioError,
  type TrackingInfo,
} from '../../integrations/shipping/melhor-envio.js';
import { SYSTEM_ACTOR, type AuditActor } from '../../lib/audit-actor.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  UpstreamError,
  ValidationError,
} from '../../lib/errors.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import type { Owner } from '../owner-access/index.js';
import { enqueueOrderEmails, type OrderMailDeps } from '../sales/index.js';
import { chooseFreight, type FreightQuoter } from '../shipping/index.js';
import type { EffectiveShippingSettings } from '../shipping-settings/index.js';

/** A purchase claimed this long ago and not finished (a crashed instance) may be claimed again. */
export const LABEL_CLAIM_TTL_SECONDS = 120;

/** The order statuses a label is bought for (a shipped one only again: see `mayBuy`). */
const LABEL_ORDER_STATUSES = ['paid', 'in_progress'] as const;

/** How long after generating a label the periodic pass keeps asking for the carrier's code. */
export const LABEL_TRACKING_FOLLOW_UP_DAYS = 7;

/** Labels asked about in one pass: one tracking call at Melhor Envio, whatever the number. */
export const LABEL_TRACKING_BATCH = 100;

const isLabelOrderStatus = (status: string) =>
  (LABEL_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Whether a label may be bought, or its purchase resumed, for an order in this status. A shipped
 * order may, when it has a label that is not generated: a purchase to resume, or a new label
 * after the one it shipped with was cancelled (the new code replaces the order's).
 */
function mayBuy(labelStatus: ShippingLabelState | null, orderStatus: OrderRow['status']): boolean {
  if (isLabelOrderStatus(orderStatus)) return labelStatus !== 'gerada';
  return orderStatus === 'shipped' && labelStatus !== null && labelStatus !== 'gerada';
}

/** A generated label still without the carrier's code (none, or Melhor Envio's own). */
function awaitsCarrierCode(row: ShippingLabelRow): boolean {
  return (
    row.status === 'gerada' && (row.trackingCode === null || row.trackingSource === 'melhor_envio')
  );
}
const awaitingCarrierCode = sql`(${shippingLabels.trackingCode} is null or ${shippingLabels.trackingSource} = 'melhor_envio')`;

/** No purchase or cancel holds the label now (none claimed it, or its claim expired). */
const claimIsFree = sql`(${shippingLabels.claimedAt} is null or ${shippingLabels.claimedAt} < now() - make_interval(secs => ${LABEL_CLAIM_TTL_SECONDS}))`;

/** The code Melhor Envio's tracking gives a label: the carrier's, else its own, else none. */
function codeOf(tracked: TrackingInfo | undefined): {
  trackingCode: string | null;
  trackingSource: ShippingLabelTrackingSource | null;
} {
  if (tracked?.tracking)
    return { trackingCode: tracked.tracking, trackingSource: 'transportadora' };
  if (tracked?.melhorEnvioTracking) {
    return { trackingCode: tracked.melhorEnvioTracking, trackingSource: 'melhor_envio' };
  }
  return { trackingCode: null, trackingSource: null };
}

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
  /** The shoppers' freight (modules/shipping): the default service of a table-quoted order. */
  freight: Pick<FreightQuoter, 'quote'>;
  /** The owner who acted, or SYSTEM_ACTOR for the periodic pass. */
  audit: (tx: Db, actor: AuditActor, entry: LabelAuditEntry) => Promise<void>;
  /** The admin's 'Enviado' with a carrier's code (its transition, audit and e-mail). */
  ship: (actor: AuditActor, reference: string, code: string, carrier: string) => Promise<unknown>;
  /** The order e-mails' links: the shipping e-mail again with a new label's code. */
  mail: OrderMailDeps;
  wakeOutbox: () => void;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const serviceName = (id: number) => {
  const known = SHIPPING_SERVICES.find((s) => s.id === id);
  return known ? { transportadora: known.transportadora, servico: known.servico } : null;
};

/** 'Correios PAC': how the order's audit names the label's carrier. */
const carrierOf = (serviceId: number) => {
  const names = serviceName(serviceId);
  return names ? `${names.transportadora} ${names.servico}` : 'Melhor Envio';
};

/** The label as the back office reads it. */
export function labelJson(row: ShippingLabelRow | undefined, orderStatus: OrderRow['status']) {
  if (!row) return null;
  const names = serviceName(row.serviceId);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const claimedNow =
    row.claimedAt !== null && Date.now() - row.claimedAt.getTime() < LABEL_CLAIM_TTL_SECONDS * 1000;
  const awaiting = awaitsCarrierCode(row);
  return {
    status: row.status,
    servico_id: row.serviceId,
    transportadora: names?.transportadora ?? null,
    servico: names?.servico ?? null,
    documento: row.documentKind as LabelDocument,
    preco_cents: row.priceCents,
    protocolo: row.protocol,
    codigo_rastreio: row.trackingCode,
    // A cancelled label's code tracks nothing any more: no link to follow.
    rastreio_url:
      row.trackingCode && row.status !== 'cancelada' ? trackingUrl(row.trackingCode) : null,
    erro: row.lastError,
    em_andamento: claimedNow,
    pago_em: iso(row.paidAt),
    gerada_em: iso(row.generatedAt),
    cancelada_em: iso(row.cancelledAt),
    /** Generated, the carrier's code not given yet ('Atualizar rastreio'; the pass asks too). */
    aguardando_rastreio: awaiting,
    pode_imprimir: row.status === 'gerada',
    pode_cancelar: (row.status === 'paga' || row.status === 'gerada') && !claimedNow,
    pode_comprar: mayBuy(row.status, orderStatus) && !claimedNow,
    pode_atualizar_rastreio: awaiting && !claimedNow,
  };
}

export type LabelJson = NonNullable<ReturnType<typeof labelJson>>;

/**
 * What the log says of an unexpected failure: the store's own message, else the error's name.
 * Never the whole error: a failed query's text carries its parameters (an e-mail, a CPF).
 */
function failureOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return err instanceof Error ? err.name : typeof err;
}

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
        tracking_source = ${keep(shippingLabels.trackingSource, sql`null`)},
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
      // Generated, and on an order already shipped (a label bought again) its code in the same
      // transaction: the new code and its e-mail are never lost between the two.
      const done = await db.transaction(async (tx) => {
        const [written] = await tx
          .update(shippingLabels)
          .set({
            status: 'gerada',
            generatedAt: sql`now()`,
            ...codeOf(tracked),
            protocol: tracked?.protocol ?? row.protocol,
            lastError: null,
            claimedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(shippingLabels.orderId, order.id))
          .returning();
        const mailed = await replaceShippedCode(tx, owner, order.reference, written!, null);
        return { row: written!, mailed };
      });
      row = done.row;
      if (done.mailed) deps.wakeOutbox();
      await shipWithLabel(owner, order.reference, row);
    }
    return row;
  }

  /**
   * A generated label's code on an order still paid or in progress: 'Enviado' through the
   * admin's guarded transition, with its audit and the one shipping e-mail. Any other order is
   * left to `replaceShippedCode`. Answers whether this call shipped it.
   */
  async function shipWithLabel(
    actor: AuditActor,
    reference: string,
    row: ShippingLabelRow,
  ): Promise<boolean> {
    if (!row.trackingCode) return false;
    const [now] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (!now || !isLabelOrderStatus(now.status)) return false;
    try {
      await deps.ship(actor, reference, row.trackingCode, carrierOf(row.serviceId));
      return true;
    } catch (err) {
      // Shipped by the other click, the other pass or an owner meanwhile: the order says so.
      if (!(err instanceof ConflictError)) throw err;
      return false;
    }
  }

  /**
   * A generated label's code on an order already shipped with another, in `tx`, by a guarded
   * statement (the code it had, still there): audited. When the order had this label's own
   * earlier code (`previousCode`: Melhor Envio's, the same parcel) the shopper is not mailed;
   * when it had another label's (cancelled, and this one bought again) she gets the shipping
   * e-mail again with the new code, once per code. Answers whether an e-mail was queued.
   */
  async function replaceShippedCode(
    tx: Db,
    actor: AuditActor,
    reference: string,
    row: ShippingLabelRow,
    previousCode: string | null,
  ): Promise<boolean> {
    const code = row.trackingCode;
    if (!code) return false;
    const [order] = await tx
      .select({ status: orders.status, trackingCode: orders.trackingCode })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (order?.status !== 'shipped' || order.trackingCode === code) return false;
    const [replaced] = await tx
      .update(orders)
      .set({ trackingCode: code, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, row.orderId),
          eq(orders.status, 'shipped'),
          sql`${orders.trackingCode} is not distinct from ${order.trackingCode}`,
        ),
      )
      .returning({ id: orders.id });
    if (!replaced) return false;
    const sameParcel = previousCode !== null && order.trackingCode === previousCode;
    if (!sameParcel) {
      await enqueueOrderEmails(tx, deps.mail, row.orderId, 'shipped', { newTrackingCode: code });
    }
    await deps.audit(tx, actor, {
      action: 'order.tracking_replace',
      entityType: 'order',
      entityId: reference,
      summary: sameParcel
        ? `Pedido #${reference}: código de rastreio ${order.trackingCode ?? '—'} → ${code} (o da transportadora, ${carrierOf(row.serviceId)}, no lugar do provisório do Melhor Envio)`
        : `Pedido #${reference}: código de rastreio ${order.trackingCode ?? '—'} → ${code} (etiqueta nova, ${carrierOf(row.serviceId)}); a cliente recebe o e-mail de envio com o novo código`,
      before: { codigo_rastreio: order.trackingCode },
      after: { codigo_rastreio: code },
    });
    return !sameParcel;
  }

  /**
   * The carrier's code Melhor Envio gave for a label that waited for it. THE WRITE: one guarded
   * statement (the same Melhor Envio order, still without the carrier's code, not being cancelled
   * now), so two passes (two instances) or a pass and the owners' click write it once; only the
   * one that wrote puts it on the order (in place of Melhor Envio's code in the same transaction,
   * or 'Enviado' after).
   */
  async function receiveCarrierCode(
    actor: AuditActor,
    reference: string,
    waiting: ShippingLabelRow,
    code: string,
  ): Promise<boolean> {
    const received = await db.transaction(async (tx) => {
      const [written] = await tx
        .update(shippingLabels)
        .set({ trackingCode: code, trackingSource: 'transportadora', updatedAt: sql`now()` })
        .where(
          and(
            eq(shippingLabels.orderId, waiting.orderId),
            eq(shippingLabels.status, 'gerada'),
            eq(shippingLabels.providerOrderId, waiting.providerOrderId!),
            awaitingCarrierCode,
            claimIsFree,
          ),
        )
        .returning();
      if (!written) return null;
      await deps.audit(tx, actor, {
        action: 'order.label_tracking',
        entityType: 'order',
        entityId: reference,
        summary: `Pedido #${reference}: código de rastreio da transportadora (${carrierOf(written.serviceId)}) recebido do Melhor Envio: ${code}`,
        before: { codigo_rastreio: waiting.trackingCode },
        after: { codigo_rastreio: code },
      });
      const mailed = await replaceShippedCode(tx, actor, reference, written, waiting.trackingCode);
      return { row: written, mailed };
    });
    if (!received) return false;
    if (received.mailed) deps.wakeOutbox();
    await shipWithLabel(actor, reference, received.row);
    return true;
  }

  /** Melhor Envio's tracking of these labels in ONE call, waiting for a turn of the limit. */
  async function askTracking(client: MelhorEnvioClient, rows: ShippingLabelRow[]) {
    const answers = await withTurns(() => client.tracking(rows.map((r) => r.providerOrderId!)));
    return new Map(answers.map((a) => [a.id, a]));
  }

  /** The carrier's code in an answer, unless the label was cancelled there meanwhile. */
  const carrierCodeIn = (answer: TrackingInfo | undefined) =>
    answer?.tracking && answer.status !== 'canceled' && answer.status !== 'expired'
      ? answer.tracking
      : null;

  /**
   * THE PASS (the order sweeper's, every ORDER_SWEEP_INTERVAL_SECONDS): the labels generated in
   * the last LABEL_TRACKING_FOLLOW_UP_DAYS still without the carrier's code are asked about in
   * one tracking call; each code that came is received as above, by the store itself. Also ships
   * a label's order left 'Pago' with its code (an instance that stopped between the two). Melhor
   * Envio off: nothing is asked; failing: everything stays as it is until the next pass.
   */
  async function followUpTracking(at: Date = new Date()) {
    const result = { asked: 0, received: 0, shipped: 0 };
    const client = await deps.client();
    if (!client) return result;
    const since = new Date(at.getTime() - LABEL_TRACKING_FOLLOW_UP_DAYS * 24 * 60 * 60 * 1000);
    const candidates = await db
      .select({ label: shippingLabels, reference: orders.reference, orderStatus: orders.status })
      .from(shippingLabels)
      .innerJoin(orders, eq(orders.id, shippingLabels.orderId))
      .where(
        and(
          eq(shippingLabels.status, 'gerada'),
          isNotNull(shippingLabels.providerOrderId),
          gte(shippingLabels.generatedAt, since),
          or(awaitingCarrierCode, inArray(orders.status, [...LABEL_ORDER_STATUSES])),
        ),
      )
      .orderBy(asc(shippingLabels.generatedAt))
      .limit(LABEL_TRACKING_BATCH);
    const waiting = candidates.filter((c) => awaitsCarrierCode(c.label));

    for (const left of candidates.filter((c) => !awaitsCarrierCode(c.label))) {
      try {
        if (await shipWithLabel(SYSTEM_ACTOR, left.reference, left.label)) result.shipped += 1;
      } catch (err) {
        deps.log?.warn(
          { order: left.reference, failure: failureOf(err) },
          'label tracking: shipping failed',
        );
      }
    }
    if (waiting.length === 0) return result;

    let answers: Map<string, TrackingInfo>;
    try {
      result.asked = waiting.length;
      answers = await askTracking(
        client,
        waiting.map((w) => w.label),
      );
    } catch (err) {
      if (!isMelhorEnvioError(err)) throw err;
      deps.log?.warn(
        { kind: err.kind, reason: err.reason, labels: waiting.length },
        'label tracking: Melhor Envio failed, asked again at the next pass',
      );
      return result;
    }
    for (const { label, reference } of waiting) {
      const code = carrierCodeIn(answers.get(label.providerOrderId!));
      if (!code) continue;
      try {
        if (await receiveCarrierCode(SYSTEM_ACTOR, reference, label, code)) result.received += 1;
      } catch (err) {
        // One order failing (its code refused, the database) never stops the others.
        deps.log?.warn(
          { order: reference, failure: failureOf(err) },
          'label tracking: receiving the code failed',
        );
      }
    }
    if (result.received > 0) deps.log?.info(result, 'label tracking: carriers’ codes received');
    return result;
  }

  /** 'Atualizar rastreio': the owners ask Melhor Envio now for one label's carrier code. */
  async function refreshTracking(owner: Owner, reference: string) {
    const order = await orderOf(reference);
    const row = await rowOf(order.id);
    if (!row?.providerOrderId || !awaitsCarrierCode(row)) {
      throw new ConflictError(LABEL_TRACKING_NOT_AWAITED, undefined, {
        etiqueta: labelJson(row, order.status),
      });
    }
    const client = await deps.client();
    if (!client) throw new ConflictError(LABEL_MELHOR_ENVIO_OFF);
    let answers: Map<string, TrackingInfo>;
    try {
      answers = await askTracking(client, [row]);
    } catch (err) {
      if (!isMelhorEnvioError(err)) throw err;
      deps.log?.warn(
        { order: reference, kind: err.kind, reason: err.reason },
        'label tracking refresh failed',
      );
      throw new UpstreamError(labelErrorMessage(err));
    }
    const code = carrierCodeIn(answers.get(row.providerOrderId));
    if (code) await receiveCarrierCode(owner, reference, row, code);
    return state(reference);
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

  /**
   * The cheapest configured service of a fresh quote to the order's CEP for its pieces (the
   * shoppers' freight, modules/shipping); null when the table answered or the quote failed.
   */
  async function cheapestQuoted(order: OrderRow): Promise<number | null> {
    const cep = digits(order.cep ?? order.cepDestino);
    if (cep.length !== 8) return null;
    const pieces = await db
      .select({
        productId: orderItems.productId,
        variationId: orderItems.variationId,
        quantity: orderItems.quantidade,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    if (pieces.length === 0) return null;
    try {
      const quote = await deps.freight.quote({
        cep,
        subtotalCents: order.subtotalCents,
        itemCount: pieces.reduce((sum, p) => sum + p.quantity, 0),
        pieces,
      });
      return chooseFreight(quote)?.option?.serviceId ?? null;
    } catch (err) {
      deps.log?.warn(
        { order: order.reference, failure: failureOf(err) },
        'label default service: quote failed',
      );
      return null;
    }
  }

  /**
   * The service bought when the owners name none: the shopper's choice at checkout; for an order
   * quoted from SPEC §9's table, the cheapest of a fresh quote (`quote`: only when it may be
   * bought now: the card asks the state often); else the first configured in 'Frete'.
   */
  async function defaultServiceOf(
    order: OrderRow,
    settings: EffectiveShippingSettings,
    quote: boolean,
  ): Promise<number | null> {
    if (order.shippingServiceId && SHIPPING_SERVICES.some((s) => s.id === order.shippingServiceId))
      return order.shippingServiceId;
    const cheapest = quote ? await cheapestQuoted(order) : null;
    return cheapest ?? settings.services[0]?.id ?? null;
  }

  async function state(reference: string) {
    const order = await orderOf(reference);
    const settings = await deps.settings();
    const row = await rowOf(order.id);
    const offered = settings.services.map((s) => ({ id: s.id, ...serviceName(s.id)! }));
    // A new purchase (not one to resume, which keeps its service) is when the default matters.
    const startsAnew =
      settings.active &&
      mayBuy(row?.status ?? null, order.status) &&
      row?.status !== 'paga' &&
      row?.status !== 'comprando';
    return {
      etiqueta: labelJson(row, order.status),
      melhor_envio_ativo: settings.active,
      servicos: offered,
      servico_padrao: await defaultServiceOf(order, settings, startsAnew),
      pedido_status: order.status,
    };
  }

  async function buy(owner: Owner, reference: string, request: BuyRequest = {}) {
    const order = await orderOf(reference);
    const existing = await rowOf(order.id);
    const resuming = existing?.status === 'paga' || existing?.status === 'comprando';
    if (!mayBuy(existing?.status ?? null, order.status)) {
      throw new ConflictError(
        existing?.status === 'gerada' ? LABEL_ALREADY_BOUGHT : LABEL_ORDER_NOT_PAYABLE,
        undefined,
        { etiqueta: labelJson(existing, order.status) },
      );
    }
    const documento = request.documento ?? 'declaracao';
    const invoiceKey = invoiceKeyOf(request);
    const settings = await deps.settings();
    const client = await deps.client();
    if (!client) throw new ConflictError(LABEL_MELHOR_ENVIO_OFF);
    // A purchase resumed keeps its service (the claim does not change it): nothing to quote.
    const serviceId =
      request.servico ??
      (resuming ? existing.serviceId : await defaultServiceOf(order, settings, true)) ??
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
          claimIsFree,
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

  /** The pass as the order sweeper runs it (lib/sweep-task.ts). */
  const trackingTask: SweepTask = {
    name: 'rastreio das etiquetas',
    runOnce: (at) => followUpTracking(at),
  };

  return { state, buy, buyMany, print, cancel, refreshTracking, followUpTracking, trackingTask };
}

/** A purchase stopped at a step (Melhor Envio refused or failed): 409 with the label's state. */
export class LabelStepError extends ConflictError {}

export type ShippingLabelsService = ReturnType<typeof createShippingLabelsService>;
