/**
 * Nobody hoards the stock (issue 32, docs/purchase-limits.md). An unpaid order holds its units,
 * so the store bounds what one buyer, one browser and one network address may hold unpaid at
 * once, with limits an honest shopper never meets: she buys a few units of a piece and pays
 * within minutes, and a crowd behind one mobile carrier's address is many browsers, each buying
 * normally. api/pay and api/pagamento apply them; the product page and the cart show the piece's
 * maximum so she never reaches the refusal by surprise.
 */

/** 'Máximo por cliente' of a piece without its own, until the owners change it. */
export const DEFAULT_MAX_UNITS_PER_CUSTOMER = 10;
/** The owners' 'máximo por cliente', of a piece or the store's default: 1 to 99. */
export const MAX_UNITS_PER_CUSTOMER_RANGE = { min: 1, max: 99 } as const;

/** Unpaid orders one buyer (account, browser, e-mail or CPF) may have at once. */
export const MAX_UNPAID_ORDERS_PER_BUYER = 5;

/**
 * Units one network address may hold in unpaid orders at once when UNPAID_UNITS_PER_ADDRESS is
 * unset: a crowd of 150 shoppers behind one carrier's address each holding two units at the same
 * moment; a script cycling browser ids holds no more.
 */
export const DEFAULT_UNPAID_UNITS_PER_ADDRESS = 300;

/**
 * Minutes an order holds its stock before its payment starts (api/pagamento) when
 * UNSTARTED_ORDER_TTL_MINUTES is unset. The checkout asks for the payment in the same click, so
 * only an abandoned or scripted order waits this long; once started, the order keeps the
 * store's whole deadline (UNPAID_ORDER_TTL_MINUTES, SPEC §1's 24 hours).
 */
export const DEFAULT_UNSTARTED_ORDER_TTL_MINUTES = 30;

const units = (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`;

/** The product page's line under the price of a piece with a maximum. */
export function maxPerCustomerNote(max: number): string {
  return `Limite de ${units(max)} por cliente.`;
}

/**
 * api/pay: this order would take her past the piece's maximum, counting the units of it she
 * already holds in unpaid orders.
 */
export function maxPerCustomerMessage(name: string, max: number, alreadyHeld: number): string {
  const base = `Cada cliente pode levar no máximo ${units(max)} de "${name}".`;
  return alreadyHeld > 0
    ? `${base} Você já tem ${units(alreadyHeld)} em pedidos aguardando pagamento.`
    : base;
}

/** api/pay: she already has MAX_UNPAID_ORDERS_PER_BUYER unpaid orders. */
export const TOO_MANY_UNPAID_ORDERS = `Você já tem ${MAX_UNPAID_ORDERS_PER_BUYER} pedidos aguardando pagamento. Conclua o pagamento de um deles ou aguarde o cancelamento automático antes de fazer outro pedido.`;

/** api/pagamento: the e-mail or CPF given already has MAX_UNPAID_ORDERS_PER_BUYER unpaid orders. */
export const TOO_MANY_UNPAID_ORDERS_FOR_BUYER = `Este e-mail ou CPF já tem ${MAX_UNPAID_ORDERS_PER_BUYER} pedidos aguardando pagamento. Conclua o pagamento de um deles ou aguarde o cancelamento automático.`;

/** api/pay: her network address holds UNPAID_UNITS_PER_ADDRESS units in unpaid orders. */
export const ADDRESS_HOLDS_TOO_MUCH =
  'Há muitos pedidos aguardando pagamento feitos da sua rede. Tente novamente em alguns minutos.';

/** The back office: the 'máximo por cliente' field out of range or not a whole number. */
export const MAX_PER_CUSTOMER_INVALID = `Informe um máximo por cliente entre ${MAX_UNITS_PER_CUSTOMER_RANGE.min} e ${MAX_UNITS_PER_CUSTOMER_RANGE.max}.`;

export function isValidMaxPerCustomer(value: number): boolean {
  return (
    Number.isInteger(value) &&
    value >= MAX_UNITS_PER_CUSTOMER_RANGE.min &&
    value <= MAX_UNITS_PER_CUSTOMER_RANGE.max
  );
}

/** What one buyer and her address hold in unpaid orders, as api/pay counts it. */
export interface HeldNow {
  /** Her unpaid orders (by account or browser). */
  orders: number;
  /** Units of each piece in them, by product id. */
  unitsByPiece: ReadonlyMap<number, number>;
  /** Units in every unpaid order placed from her network address. */
  unitsFromAddress: number;
}

export interface WantedPiece {
  productId: number;
  name: string;
  /** Units of the piece in this order, all sizes together. */
  quantity: number;
  /** The piece's maximum (its own, else the store's default). */
  max: number;
}

export type LimitRefusal =
  | { kind: 'orders' }
  | { kind: 'piece'; piece: WantedPiece; alreadyHeld: number }
  | { kind: 'address' };

/**
 * Whether an order of `pieces` may be placed by someone who holds `held`: the first limit it
 * meets, or null. `unitsPerAddress` is UNPAID_UNITS_PER_ADDRESS.
 */
export function purchaseLimitMet(
  held: HeldNow,
  pieces: readonly WantedPiece[],
  unitsPerAddress: number,
): LimitRefusal | null {
  if (held.orders >= MAX_UNPAID_ORDERS_PER_BUYER) return { kind: 'orders' };
  for (const piece of pieces) {
    const alreadyHeld = held.unitsByPiece.get(piece.productId) ?? 0;
    if (alreadyHeld + piece.quantity > piece.max) return { kind: 'piece', piece, alreadyHeld };
  }
  const units = pieces.reduce((sum, p) => sum + p.quantity, 0);
  if (held.unitsFromAddress + units > unitsPerAddress) return { kind: 'address' };
  return null;
}

/** The refusal in her words. */
export function purchaseLimitMessage(refusal: LimitRefusal): string {
  switch (refusal.kind) {
    case 'orders':
      return TOO_MANY_UNPAID_ORDERS;
    case 'piece':
      return maxPerCustomerMessage(refusal.piece.name, refusal.piece.max, refusal.alreadyHeld);
    case 'address':
      return ADDRESS_HOLDS_TOO_MUCH;
  }
}
