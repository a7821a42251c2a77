/**
 * api/pay (the order) and api/pagamento (its hosted checkout), docs/checkout-contract.md.
 *
 * pay is one transaction, in named steps: a lock on her (an advisory lock on her id) first, so
 * one customer's checkouts run one after the other (the coupon's "once per customer" and "first
 * purchase" checks then read what the previous one wrote); her lines, their prices, the freight,
 * the coupon, the order with its lines, the coupon's redemption and the idempotent answer; then,
 * last before the commit, the stock, taken by the stock module (modules/stock: one guarded
 * statement a line, in its lock order, so two orders never wait on each other).
 * Every amount comes from the database and the quoter; the browser's figures are never read.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { computeTotals, normalizeCouponCode, type Totals } from '@semijoias/domain/coupon';
import {
  CART_IS_EMPTY,
  CHECKOUT_TOTALS_CHANGED,
  ORDER_NOT_AWAITING_PAYMENT,
  outOfStockMessage,
  PRODUCT_NOT_FOUND,
  productUnavailableMessage,
  SHIPPING_OPTION_UNAVAILABLE,
} from '@semijoias/domain/messages';
import { centsToDecimal, type Cents } from '@semijoias/domain/money';
import { isUnpaidStatus, UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import {
  purchaseLimitMessage,
  purchaseLimitMet,
  TOO_MANY_UNPAID_ORDERS_FOR_BUYER,
  type WantedPiece,
} from '@semijoias/domain/purchase-limits';
import type { PaymentSettings } from '@semijoias/domain/payment-terms';
import type { ShippingQuote } from '@semijoias/domain/shipping';
import {
  chooseVariationMessage,
  lineOutOfStockMessage,
  VARIATION_NOT_FOUND,
} from '@semijoias/domain/variations';
import type { Config } from '../../../config.js';
import type { DatabaseKind, Db } from '../../../db/client.js';
import { cartItems, orderItems, orders, products, productVariations } from '../../../db/schema.js';
import type { OrderRow } from '../../../db/schema.js';
import { ConflictError } from '../../../lib/errors.js';
import {
  claimKey,
  idempotencyOwner,
  requestHash,
  recordAnswer,
  storeAnswer,
  storedAnswer,
  type IdempotencyId,
} from '../../../lib/idempotency.js';
import { keptAnswer, replayedAnswer, type KeptPlacedOrder } from './kept-answer.js';
import { hashToken } from '../../../lib/secrets.js';
import { findUsable, redeem, type UsableCoupon } from '../../coupons/index.js';
import {
  buyerHasTooManyUnpaid,
  heldNow,
  lockGuestCheckouts,
  maxPerCustomerColumn,
  visitorMarks,
  type Visitor,
  type VisitorMarks,
} from '../../purchase-limits/index.js';
import { readPaymentSettings } from '../../payment-settings/index.js';
import { chooseFreight, type ChosenFreight, type FreightQuoter } from '../../shipping/index.js';
import {
  readStock,
  takeForOrder,
  takeForOrderAtCommit,
  type Shelf,
  type SoldOutShelves,
} from '../../stock/index.js';
import { enqueueOrderEmails, orderMailDeps, sealOrderChave } from '../orders/emails.js';
import type { OrdersService } from '../orders/service.js';
import { orderTotals } from '../orders/totals.js';
import type { PaymentsService } from '../payments/service.js';
import {
  addressRefused,
  badRequest,
  type DeliveryAddress,
  type PagamentoRequest,
  type PayRequest,
  type PaymentStart,
  type PlacedOrder,
  type RequestedLine,
} from './schemas.js';

/** The first key of her checkout's advisory lock (the second is her id): the store's own space. */
const CHECKOUT_LOCK_SPACE = 1808;

/** Cents the page's total may differ from the server's (its own rounding of the same figures). */
export const TOTAL_TOLERANCE_CENTS = 1;

export interface CheckoutServiceOptions {
  db: Db;
  /** On PostgreSQL an order's stock is taken with its commit, in one message (modules/stock). */
  databaseKind: DatabaseKind;
  /** The shelves found sold out, refused from memory until their stock changes. */
  soldOut: SoldOutShelves;
  freight: FreightQuoter;
  config: Config;
  orders: OrdersService;
  payments: PaymentsService;
}

export interface CallInput<Request> {
  /** From the bearer; undefined for a guest. */
  userId: number | undefined;
  request: Request;
  idempotencyKey: string | undefined;
  /** Her browser's id and address: what the limits on unpaid orders count by. */
  visitor: Visitor;
}

function totalsWire(t: Totals) {
  return {
    subtotal: centsToDecimal(t.subtotal),
    subtotalComDesconto: centsToDecimal(t.subtotalComDesconto),
    frete: centsToDecimal(t.frete),
    desconto: centsToDecimal(t.desconto),
    // Only for a PIX order, so a card order's answer stays SPEC's shape.
    ...(t.descontoPix > 0 ? { descontoPix: centsToDecimal(t.descontoPix) } : {}),
    total: centsToDecimal(t.total),
  };
}

function totalsChanged(t: Totals): ConflictError {
  return new ConflictError(CHECKOUT_TOTALS_CHANGED, undefined, {
    message: CHECKOUT_TOTALS_CHANGED,
    totais: totalsWire(t),
  });
}

function conflict(message: string): ConflictError {
  return new ConflictError(message, undefined, { message });
}

/** A product's price changed between reading it and taking its stock: place the order again. */
class PriceChangedError extends Error {
  override name = 'PriceChangedError';
}

/** An order's lines as the stock module takes them: each at the price it was written with. */
function saleLines(priced: PricedLine[]) {
  return priced.map((line) => ({
    ...shelfOf(line),
    quantity: line.quantidade,
    priceCents: line.priceCents,
    variation: line.variation,
  }));
}

/** The stock taken with the commit was refused: place the order again, the explained way. */
class TakeRefused extends Error {
  override name = 'TakeRefused';
}

/** The key of a refused pricing was answered before: the call is a repeat, its order is kept. */
class KeptAnswer extends Error {
  override name = 'KeptAnswer';
  constructor(readonly answer: KeptPlacedOrder) {
    super('kept answer');
  }
}

/** A line priced for the order: its product as it is now, and its size when it has one. */
interface PricedLine extends RequestedLine {
  name: string;
  priceCents: number;
  image: string;
  /** The piece's 'máximo por cliente' (its own, else the store's default). */
  maxPerCustomer: number;
  variation: { id: number; axis: string; name: string } | null;
}

/** Where a requested line's units are (modules/stock). */
const shelfOf = (line: RequestedLine): Shelf => ({
  productId: line.productId,
  variationId: line.variationId ?? null,
});

/** A new delivery CEP quoted before api/pagamento's transaction, for the order's service. */
interface Requoted {
  cep: string;
  serviceId: number | null;
  chosen: ChosenFreight;
}

export function createCheckoutService(opts: CheckoutServiceOptions) {
  const { db, freight, soldOut } = opts;
  const takeAtCommit = opts.databaseKind === 'postgres';
  const mailDeps = orderMailDeps(opts.config);
  const unstartedTtlMinutes = Math.min(
    opts.config.unstartedOrderTtlMinutes,
    opts.config.unpaidOrderTtlMinutes,
  );

  /**
   * Two of her checkouts exclude each other (a lock on her, held to the commit), while anything
   * else of hers may still be written meanwhile: a cart line, an address, and her row itself (a
   * cart change stamps users.cart_changed_at, migration 0012). A row lock on users would make her
   * cart wait for her checkout.
   */
  async function lockHerCheckouts(tx: Db, userId: number): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_SPACE}::int, ${userId}::int)`,
    );
  }

  /** The order's lines: a guest's from the body, hers from her server cart (the body's ignored). */
  async function orderLines(
    tx: Db,
    userId: number | undefined,
    request: PayRequest,
  ): Promise<RequestedLine[]> {
    const lines = userId === undefined ? request.lines! : await serverCartLines(tx, userId);
    if (lines.length === 0) throw badRequest(CART_IS_EMPTY);
    return lines;
  }

  /** Her server cart's lines, by product and size. */
  async function serverCartLines(tx: Db, userId: number): Promise<RequestedLine[]> {
    const rows = await tx
      .select({
        productId: cartItems.productId,
        quantidade: cartItems.quantidade,
        variationId: cartItems.variationId,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.productId), asc(cartItems.variationId));
    return rows.map(({ variationId, ...line }) =>
      variationId === null ? line : { ...line, variationId },
    );
  }

  /**
   * Each line's product as it is now, read without a lock: its name, price and picture for the
   * order. Refuses at once (400 unknown, 409 hidden or short of stock) what the stock's take would
   * refuse later, so a sold-out drop turns shoppers away without queueing them on the product's
   * row. Passing here reserves nothing: the take ({@link takeStock}) decides.
   */
  async function priceLines(tx: Db, lines: RequestedLine[]): Promise<PricedLine[]> {
    // A shelf this instance found sold out is refused from memory until its stock changes.
    for (const line of lines) {
      const known = soldOut.refusal(shelfOf(line));
      if (known) throw conflict(known);
    }
    const since = soldOut.version;
    /** Her words for a line short of units; a shelf at 0 is remembered with them. */
    const short = (line: RequestedLine, units: number, message: string) => {
      if (units === 0) soldOut.remember(shelfOf(line), since, message);
      return conflict(message);
    };
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        image: products.image,
        hiddenAt: products.hiddenAt,
        axis: products.variationAxis,
        maxPerCustomer: maxPerCustomerColumn,
      })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      );
    const wantedSizes = lines.flatMap((l) => (l.variationId === undefined ? [] : [l.variationId]));
    const sizes = wantedSizes.length
      ? await tx
          .select({
            id: productVariations.id,
            productId: productVariations.productId,
            name: productVariations.name,
          })
          .from(productVariations)
          .where(
            and(inArray(productVariations.id, wantedSizes), isNull(productVariations.archivedAt)),
          )
      : [];
    const stock = await readStock(tx, lines.map(shelfOf));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const sizeById = new Map(sizes.map((v) => [v.id, v]));
    return lines.map((line) => {
      const product = byId.get(line.productId);
      if (!product) throw badRequest(PRODUCT_NOT_FOUND);
      if (product.hiddenAt !== null) throw conflict(productUnavailableMessage(product.name));
      const { name, priceCents, image, maxPerCustomer } = product;
      const units = stock.of(shelfOf(line)) ?? 0;
      if (product.axis === null) {
        if (line.variationId !== undefined) throw badRequest(VARIATION_NOT_FOUND);
        if (units < line.quantidade)
          throw short(line, units, outOfStockMessage(product.name, units));
        return { ...line, name, priceCents, image, maxPerCustomer, variation: null };
      }
      // A piece sold by size is bought in one of its sizes.
      if (line.variationId === undefined) throw badRequest(chooseVariationMessage(product.axis));
      const size = sizeById.get(line.variationId);
      if (!size || size.productId !== product.id) throw badRequest(VARIATION_NOT_FOUND);
      const variation = { id: size.id, axis: product.axis, name: size.name };
      if (units < line.quantidade)
        throw short(line, units, lineOutOfStockMessage(product.name, units, variation));
      return { ...line, name, priceCents, image, maxPerCustomer, variation };
    });
  }

  /**
   * Refuses (409, in her words) an order that would take her past a limit on unpaid orders
   * (docs/purchase-limits.md): too many of them, more of a piece than its 'máximo por cliente'
   * (sizes together, with what she already holds), or her address holding too many units. She is
   * her account and her browser; a guest whose request names no browser is every such guest of
   * her address (the web app always names one: only scripts do not).
   */
  async function refuseHoarding(
    tx: Db,
    userId: number | undefined,
    marks: VisitorMarks,
    priced: PricedLine[],
  ): Promise<void> {
    const pieces = new Map<number, WantedPiece>();
    for (const line of priced) {
      const piece = pieces.get(line.productId);
      if (piece) piece.quantity += line.quantidade;
      else
        pieces.set(line.productId, {
          productId: line.productId,
          name: line.name,
          quantity: line.quantidade,
          max: line.maxPerCustomer,
        });
    }
    const held = await heldNow(tx, { userId, ...marks });
    const refusal = purchaseLimitMet(held, [...pieces.values()], opts.config.unpaidUnitsPerAddress);
    if (refusal)
      throw new ConflictError(purchaseLimitMessage(refusal), undefined, {
        message: purchaseLimitMessage(refusal),
      });
  }

  /**
   * The freight of the priced lines to her CEP, with their subtotal: the carrier's service she
   * chose (the cheapest when none), quoted again here (or the same cart's quote of moments ago).
   * A service the quote no longer offers is refused (409): she chooses again.
   */
  async function quoteFreight(cep: string, priced: PricedLine[], serviceId: number | null) {
    const subtotal = priced.reduce((sum, l) => sum + l.priceCents * l.quantidade, 0);
    const itemCount = priced.reduce((sum, l) => sum + l.quantidade, 0);
    const quoted = await freight.quote({
      cep,
      subtotalCents: subtotal,
      itemCount,
      pieces: priced.map((l) => ({
        productId: l.productId,
        variationId: l.variationId ?? null,
        quantity: l.quantidade,
        unitPriceCents: l.priceCents,
      })),
    });
    const chosen = chooseFreight(quoted, serviceId);
    if (!chosen) throw conflict(SHIPPING_OPTION_UNAVAILABLE);
    return { subtotal, chosen };
  }

  /** Her coupon, checked against this subtotal (a guest's order has none). */
  async function usableCoupon(
    tx: Db,
    userId: number | undefined,
    code: string,
    subtotalCents: number,
  ): Promise<UsableCoupon | null> {
    if (userId === undefined || code === '') return null;
    return findUsable(tx, { code, userId, subtotalCents });
  }

  /**
   * The order and its lines, its figures copied from the server's (the owners' payment terms
   * included, so a later change never touches it), and its coupon's use counted.
   */
  async function writeOrder(
    tx: Db,
    input: {
      userId: number | undefined;
      marks: VisitorMarks;
      request: PayRequest;
      priced: PricedLine[];
      quote: ShippingQuote;
      /** The carrier's service she chose; null when the table quoted. */
      carrier: ChosenFreight['option'];
      coupon: UsableCoupon | null;
      terms: PaymentSettings;
      totals: Totals;
    },
  ): Promise<{ id: number; answer: PlacedOrder }> {
    const { userId, marks, request, priced, quote, carrier, coupon, terms, totals } = input;
    const chave = randomBytes(32).toString('base64url');
    const [order] = await tx
      .insert(orders)
      .values({
        userId: userId ?? null,
        status: 'awaiting_payment',
        accessKeyHash: hashToken(chave),
        // Her later e-mails (declined, cancelled) link to the order with it, on any device.
        accessKeySealed: sealOrderChave(opts.config.jwtSecret, chave),
        cepDestino: request.cep,
        subtotalCents: totals.subtotal,
        discountCents: totals.desconto,
        shippingCents: totals.frete,
        totalCents: totals.total,
        shippingDays: quote.prazo,
        shippingRegion: quote.regiao,
        shippingServiceId: carrier?.serviceId ?? null,
        shippingCarrier: carrier?.carrier ?? null,
        shippingService: carrier?.service ?? null,
        couponId: coupon?.coupon.id ?? null,
        couponCode: coupon?.coupon.code ?? null,
        paymentMethod: request.method,
        pixDiscountCents: totals.descontoPix,
        pixDiscountTenths: terms.pixDiscountTenths,
        maxInstallments: terms.maxInstallments,
        interestFreeInstallments: terms.interestFreeInstallments,
        minInstallmentCents: terms.minInstallmentCents,
        // Until its payment starts (api/pagamento moves it to the whole deadline): an order
        // abandoned or placed by a script gives its stock back soon.
        expiresAt: sql`now() + make_interval(mins => ${unstartedTtlMinutes}::int)`,
        deviceHash: marks.deviceHash,
        placedFromHash: marks.placedFromHash,
      })
      .returning({ id: orders.id, reference: orders.reference });
    const orderId = order!.id;
    await tx.insert(orderItems).values(
      priced.map((l) => ({
        orderId,
        productId: l.productId,
        name: l.name,
        image: l.image,
        unitPriceCents: l.priceCents,
        quantidade: l.quantidade,
        // The size as it is now: renaming it later does not change her order.
        variationId: l.variation?.id ?? null,
        variationAxis: l.variation?.axis ?? null,
        variationName: l.variation?.name ?? null,
      })),
    );
    if (coupon && userId !== undefined)
      await redeem(tx, {
        coupon: coupon.coupon,
        userId,
        orderId,
        discountCents: coupon.discountCents,
      });
    return {
      id: orderId,
      answer: { reference: order!.reference, chave, total: centsToDecimal(totals.total) },
    };
  }

  /**
   * Takes the order's units off the stock (modules/stock: one guarded statement a line, each
   * still for sale at the price the order was written with), or refuses in her words. Last in
   * the transaction, so the product rows stay locked only for these statements and the commit. A
   * price the owners changed meanwhile throws {@link PriceChangedError}: the whole order is made
   * again at the new price.
   */
  async function takeStock(tx: Db, orderId: number, priced: PricedLine[]): Promise<void> {
    const refused = await takeForOrder(tx, orderId, saleLines(priced));
    if (!refused) return;
    switch (refused.reason) {
      case 'no-product':
        throw badRequest(PRODUCT_NOT_FOUND);
      case 'hidden':
        throw conflict(productUnavailableMessage(refused.productName));
      case 'no-size':
        throw badRequest(VARIATION_NOT_FOUND);
      case 'short': {
        const { productName, stock, line } = refused;
        throw conflict(
          line.variation
            ? lineOutOfStockMessage(productName, stock, line.variation)
            : outOfStockMessage(productName, stock),
        );
      }
      case 'changed':
        throw new PriceChangedError();
    }
  }

  async function pay(input: CallInput<PayRequest>): Promise<PlacedOrder> {
    const { userId, idempotencyKey, request } = input;
    const marks = visitorMarks(opts.config.jwtSecret, input.visitor);
    // A guest's lines come from the body; hers from her server cart (the body's are ignored).
    if (userId === undefined && request.linesRefusal)
      throw badRequest(request.linesRefusal.message, request.linesRefusal.errors);
    const couponCode = userId === undefined ? '' : normalizeCouponCode(request.coupon);
    const idem: IdempotencyId | undefined = idempotencyKey
      ? { scope: 'pay', owner: idempotencyOwner(userId), key: idempotencyKey }
      : undefined;
    const hash = requestHash({
      lines: request.lines ?? [],
      cep: request.cep,
      coupon: couponCode,
      // Only when it is not the default, so a card order's key hashes as it always did.
      ...(request.method === 'pix' ? { method: request.method } : {}),
      // Likewise the carrier's service, only when she named one.
      ...(request.serviceId !== null ? { frete_servico: request.serviceId } : {}),
    });

    // The lines and their prices are read before the transaction, without a lock, as they were
    // inside it: the stock's take decides (a price changed meanwhile is placed again, stock short
    // by then is refused). A sold-out drop turns most shoppers away here, with two reads instead
    // of a transaction, its key, its lock and a rollback (issue 32). A repeat of a key already
    // answered still gets its order, when the piece has sold out since, or her cart was emptied.
    async function priced(): Promise<PricedLine[]> {
      try {
        return await priceLines(db, await orderLines(db, userId, request));
      } catch (err) {
        throw await keptOr(err);
      }
    }
    /** A repeat of a key already answered gets its order rather than a refusal made since. */
    async function keptOr(err: unknown): Promise<unknown> {
      const kept = idem ? await storedAnswer<KeptPlacedOrder>(db, idem, hash) : null;
      return kept ? new KeptAnswer(kept) : err;
    }

    // One transaction, in named steps: the freight, the coupon, the order, and last the stock.
    // On PostgreSQL the stock is taken with the commit, in one message (modules/stock): a drop's
    // orders hold the piece's row for the statements' time only. When that take is refused, the
    // order is placed once more the careful way (`explained`), whose take says which line and
    // why (or, the units being back meanwhile, takes them).
    const placeOrder = async (explained: boolean) => {
      const lines = await priced();
      // Quoted before the transaction: a carrier's answer (up to 3 s) never holds its locks.
      // A service no longer offered (409) still lets a repeat of an answered key get its order.
      const { subtotal, chosen } = await quoteFreight(request.cep, lines, request.serviceId).catch(
        async (err: unknown) => {
          throw await keptOr(err);
        },
      );
      const quote = chosen.quote;
      return db.transaction(async (tx) => {
        if (idem) {
          const claim = await claimKey<KeptPlacedOrder>(tx, idem, hash);
          // Stored in the same transaction as its order: never pending here. Kept without its
          // chave, opened again from the order's sealed copy (kept-answer.ts).
          if (claim.kind === 'answered')
            return replayedAnswer(tx, opts.config.jwtSecret, claim.answer);
        }
        if (userId !== undefined) await lockHerCheckouts(tx, userId);
        else await lockGuestCheckouts(tx, marks);
        await refuseHoarding(tx, userId, marks, lines);
        const coupon = await usableCoupon(tx, userId, couponCode, subtotal);
        const terms = await readPaymentSettings(tx);
        const totals = computeTotals({
          subtotal,
          desconto: coupon?.discountCents ?? 0,
          frete: quote.valor,
          pixDiscountTenths: request.method === 'pix' ? terms.pixDiscountTenths : 0,
        });
        const order = await writeOrder(tx, {
          userId,
          marks,
          request,
          priced: lines,
          quote,
          carrier: chosen.option,
          coupon,
          terms,
          totals,
        });
        if (idem) await storeAnswer(tx, idem, keptAnswer(order.answer));
        if (explained || !takeAtCommit) await takeStock(tx, order.id, lines);
        else if ((await takeForOrderAtCommit(tx, order.id, saleLines(lines))) === 'refused')
          throw new TakeRefused();
        return order.answer;
      });
    };
    try {
      return await placeOrder(false);
    } catch (err) {
      if (err instanceof KeptAnswer) return replayedAnswer(db, opts.config.jwtSecret, err.answer);
      // Priced a moment before the owners changed a price: once more, at the new price.
      if (err instanceof PriceChangedError || err instanceof TakeRefused) return placeOrder(true);
      throw err;
    }
  }

  /** The order's service (the cheapest when it is not offered there) quoted to `cep`. */
  async function requote(
    reader: Db,
    o: Pick<OrderRow, 'id' | 'subtotalCents' | 'shippingServiceId'>,
    cep: string,
  ): Promise<ChosenFreight> {
    const items = await reader
      .select({
        productId: orderItems.productId,
        variationId: orderItems.variationId,
        quantity: orderItems.quantidade,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, o.id));
    const quoted = await freight.quote({
      cep,
      subtotalCents: o.subtotalCents,
      itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
      pieces: items,
    });
    return chooseFreight(quoted, o.shippingServiceId) ?? chooseFreight(quoted)!;
  }

  /**
   * Checks the page's total against the order (re-quoting a new delivery CEP) and stores the
   * address, in one transaction with the order row locked. Throws 409 and changes nothing when
   * the figures differ or the order no longer awaits payment.
   */
  async function confirmOrder(
    tx: Db,
    orderId: number,
    address: DeliveryAddress,
    pageTotal: Cents | null,
    requoted: Requoted | null,
  ): Promise<void> {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o || !isUnpaidStatus(o.status))
      throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT, undefined, {
        message: ORDER_NOT_AWAITING_PAYMENT,
      });
    const current = orderTotals(o, o.shippingCents);
    let shipping = {
      shippingCents: o.shippingCents,
      totalCents: o.totalCents,
      cepDestino: o.cepDestino,
      shippingDays: o.shippingDays,
      shippingRegion: o.shippingRegion,
      shippingServiceId: o.shippingServiceId,
      shippingCarrier: o.shippingCarrier,
      shippingService: o.shippingService,
    };
    let totals = current;
    if (address.cep !== o.cepDestino) {
      // Delivered elsewhere: the same service quoted to the new CEP (the cheapest when it does
      // not serve it, or when the order was quoted by the table). Quoted before the transaction
      // when it could be (a carrier's answer never holds the order's lock); again here only
      // when that quote was for another service.
      const chosen =
        requoted && requoted.cep === address.cep && requoted.serviceId === o.shippingServiceId
          ? requoted.chosen
          : await requote(tx, o, address.cep);
      const quote = chosen.quote;
      totals = orderTotals(o, quote.valor);
      // A new freight applies only when the page shows the total it makes (it re-quoted).
      if (totals.frete !== o.shippingCents && pageTotal !== totals.total)
        throw totalsChanged(totals);
      shipping = {
        shippingCents: totals.frete,
        totalCents: totals.total,
        cepDestino: address.cep,
        shippingDays: quote.prazo,
        shippingRegion: quote.regiao,
        shippingServiceId: chosen.option?.serviceId ?? null,
        shippingCarrier: chosen.option?.carrier ?? null,
        shippingService: chosen.option?.service ?? null,
      };
    }
    if (pageTotal === null || Math.abs(pageTotal - totals.total) > TOTAL_TOLERANCE_CENTS)
      throw totalsChanged(totals);
    // The buyer she names may hold only so many unpaid orders (docs/purchase-limits.md).
    if (await buyerHasTooManyUnpaid(tx, { email: address.email, cpf: address.cpf, orderId: o.id }))
      throw conflict(TOO_MANY_UNPAID_ORDERS_FOR_BUYER);

    const stored = await tx
      .update(orders)
      .set({
        ...address,
        ...shipping,
        // Her payment starts: the order now keeps the store's whole deadline from when it was
        // placed (UNPAID_ORDER_TTL_MINUTES), never less than it had.
        expiresAt: sql`greatest(${orders.expiresAt}, ${orders.createdAt} + make_interval(mins => ${opts.config.unpaidOrderTtlMinutes}::int))`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, o.id),
          inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
          eq(orders.shippingCents, o.shippingCents),
        ),
      )
      .returning({ id: orders.id });
    if (stored.length === 0)
      throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT, undefined, {
        message: ORDER_NOT_AWAITING_PAYMENT,
      });
  }

  async function pagamento(input: CallInput<PagamentoRequest>): Promise<PaymentStart> {
    const { userId, idempotencyKey, request } = input;
    const order = await opts.orders.accessibleOrder(
      { userId, chave: request.chave },
      request.reference,
      'pay',
    );
    if (request.addressRefusal) throw addressRefused(request.addressRefusal);
    const { address } = request;
    const idem: IdempotencyId | undefined = idempotencyKey
      ? { scope: 'pagamento', owner: idempotencyOwner(userId), key: idempotencyKey }
      : undefined;
    const hash = requestHash({ reference: request.reference, address, total: request.total });

    // A repeat of a call that finished gets its answer; one a crash cut short does it again
    // (every step below is idempotent), so a retry is never refused (lib/idempotency.ts).
    const earlier = idem ? await storedAnswer<PaymentStart>(db, idem, hash) : null;
    if (earlier) return earlier;
    // A new CEP is quoted here, outside the transaction (Melhor Envio may take up to 3 s).
    const requoted: Requoted | null =
      address.cep !== order.cepDestino && isUnpaidStatus(order.status)
        ? {
            cep: address.cep,
            serviceId: order.shippingServiceId,
            chosen: await requote(db, order, address.cep),
          }
        : null;
    await db.transaction(async (tx) => {
      await confirmOrder(tx, order.id, address, request.total, requoted);
      // With the address that makes it an order she can be written to; its dedupe key makes a
      // second pagamento (a retry after a decline) send nothing more.
      await enqueueOrderEmails(tx, mailDeps, order.id, 'received', {
        chave: order.userId === null ? request.chave : null,
      });
    });

    // The provider is asked outside the transaction (it may take seconds, and the sandbox
    // provider writes through its own connection). Twins converge on the order's one checkout.
    const { paymentUrl } = await opts.payments.paymentLink(order.id);
    const answer: PaymentStart = { payment_url: paymentUrl };
    return idem ? recordAnswer(db, idem, hash, answer) : answer;
  }

  return { pay, pagamento };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
