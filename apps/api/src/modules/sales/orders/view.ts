/**
 * One order as everyone reads it: its row, its lines and the account that placed it, with the
 * two rules every reader shared — the delivery address as answered, and who the customer is (the
 * order's own buyer data, else her account's). Her orders, the return page, the back office and
 * the e-mails each shape this view into their answer; none reads the tables itself.
 */
import type { PaidWith } from '@semijoias/domain/messages';
import type { Db } from '../../../db/client.js';
import type { OrderRow } from '../../../db/schema.js';
import {
  accountOf,
  linesOf,
  orderById,
  orderByReference,
  type OrderAccount,
  type OrderLineRow,
} from './data.js';

export interface OrderView {
  order: OrderRow;
  lines: OrderLineRow[];
  /** Null for a guest's order. */
  account: OrderAccount | null;
}

/** The address stored by api/pagamento; null before it. */
export interface OrderAddress {
  nomeCompleto: string | null;
  endereco: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  cep: string | null;
}

export interface OrderCustomer {
  /** The buyer's full name (the order's, else her account's); null when neither is known. */
  name: string | null;
  firstName: string | null;
  email: string | null;
  cpf: string | null;
  phone: string | null;
}

/** The view of one order (inside `db`'s transaction when a caller writes around it). */
export async function loadOrderView(
  db: Db,
  which: { reference: string } | { id: number },
): Promise<OrderView | null> {
  const order =
    'id' in which ? await orderById(db, which.id) : await orderByReference(db, which.reference);
  if (!order) return null;
  // One after the other: inside a transaction they share one connection.
  const lines = await linesOf(db, [order.id]);
  const account = await accountOf(db, order.userId);
  return { order, lines, account };
}

/** Each order's lines, for a list of orders (her orders), in two queries. */
export async function linesByOrder(
  db: Db,
  list: readonly OrderRow[],
): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(list.map((o) => [o.id, []]));
  for (const line of await linesOf(
    db,
    list.map((o) => o.id),
  ))
    byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

export function addressOf(
  order: Pick<
    OrderRow,
    'nomeCompleto' | 'endereco' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'estado' | 'cep'
  >,
): OrderAddress | null {
  if (!order.endereco) return null;
  return {
    nomeCompleto: order.nomeCompleto,
    endereco: order.endereco,
    numero: order.numero,
    complemento: order.complemento,
    bairro: order.bairro,
    cidade: order.cidade,
    estado: order.estado,
    cep: order.cep,
  };
}

/** The address as the API answers it (her order page and the back office). */
export function addressJson(address: OrderAddress | null) {
  if (!address) return null;
  return {
    nome_completo: address.nomeCompleto,
    endereco: address.endereco,
    numero: address.numero,
    complemento: address.complemento,
    bairro: address.bairro,
    cidade: address.cidade,
    estado: address.estado,
    cep: address.cep,
  };
}

/** Who bought: what she typed at checkout, else what her account says. */
export function customerOf(
  order: Pick<OrderRow, 'nomeCompleto' | 'email' | 'cpf' | 'telefone'>,
  account:
    | (Pick<OrderAccount, 'firstName' | 'lastName'> &
        Partial<Pick<OrderAccount, 'email' | 'cpf' | 'phone'>>)
    | null,
): OrderCustomer {
  const name =
    order.nomeCompleto?.trim() || (account ? `${account.firstName} ${account.lastName}` : '');
  return {
    name: name || null,
    firstName: account?.firstName ?? (name.split(/\s+/)[0] || null),
    email: order.email ?? account?.email ?? null,
    cpf: order.cpf ?? account?.cpf ?? null,
    phone: order.telefone ?? account?.phone ?? null,
  };
}

/**
 * A line's size as every order answer carries it (docs/variations-contract.md): `variacao`
 * (null for a product without sizes) and `nome_variacao`, the axis as it was when she ordered.
 */
export function lineVariation(line: OrderLineRow): {
  variacao: { id: number; nome: string } | null;
  nome_variacao: string | null;
} {
  return line.variationId === null
    ? { variacao: null, nome_variacao: null }
    : {
        variacao: { id: line.variationId, nome: line.variationName ?? '' },
        nome_variacao: line.variationAxis,
      };
}

/** How an order was paid (`pago_com`), null until paid or when the provider did not say. */
export function paidWithOf(
  order: Pick<OrderRow, 'paidMethod' | 'paidInstallments'>,
): PaidWith | null {
  if (order.paidMethod === null) return null;
  return {
    forma: order.paidMethod,
    parcelas: order.paidMethod === 'cartao' ? order.paidInstallments : null,
  };
}
