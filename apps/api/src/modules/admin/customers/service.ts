/**
 * The owners' view of the customers: the list with orders and money spent, one
 * customer's page, and the two LGPD requests — her data exported as JSON, and her account
 * anonymised while the orders the law requires the store to keep stay (docs/admin/
 * coupons-customers.md explains what goes and what stays).
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cpfDigits, isValidCpf, maskCpf } from '@semijoias/domain/cpf';
import { centsToDecimal } from '@semijoias/domain/money';
import { maskPhone } from '@semijoias/domain/phone';
import { ADMIN_PAGE_SIZE } from '@semijoias/domain/admin';
import {
  ANONYMIZE_ALREADY_DONE,
  ANONYMIZE_OWNER_REFUSED,
  CUSTOMER_NOT_FOUND,
} from '@semijoias/domain/messages';
import {
  orderStatusText,
  STOCK_HOLDING_ORDER_STATUSES,
  UNPAID_ORDER_STATUSES,
} from '@semijoias/domain/orders';
import type { Db } from '../../../db/client.js';
import {
  addressProfiles,
  cartItems,
  cartMergeKeys,
  couponRedemptions,
  coupons,
  emailChanges,
  emailVerificationTokens,
  idempotencyKeys,
  orderItems,
  orders,
  outboxEmails,
  passwordResetTokens,
  products,
  refreshTokens,
  unaccentedLower,
  users,
  type UserRow,
} from '../../../db/schema.js';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { sessionsEnded } from '../../../lib/authenticate.js';
import { serializeAddressProfile } from '../../addresses/index.js';
import { hasSecondFactor } from '../../second-factor/index.js';
import { writeAudit } from '../audit.js';
import type { Owner } from '../../owner-access/index.js';
import { anonymiseReviews } from '../../reviews/index.js';

/** Orders whose money came in: what "total spent" adds up. */
export const PAID_ORDER_STATUSES = STOCK_HOLDING_ORDER_STATUSES.filter(
  (s) => !UNPAID_ORDER_STATUSES.includes(s),
);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusList = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  );

/** Lower case without accents, as `unaccentedLower(column)` reads the table. */
function withoutAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

/** `%text%` for ilike, with the caller's own % _ \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The placeholders an anonymised account keeps in the columns that cannot be empty. The e-mail
 * names only her id, under a domain that never receives mail (.invalid, RFC 2606). The CPF is
 * made of her id and two check digits that are wrong on purpose: a real CPF (every sign-up checks
 * its digits) can never collide with it, and two anonymised accounts never share one.
 */
export function anonymizedPlaceholders(id: number) {
  const base = String(id % 1_000_000_000).padStart(9, '0');
  const cpf = [`${base}00`, `${base}01`].find((c) => !isValidCpf(c))!;
  return {
    firstName: 'Cliente',
    lastName: 'anonimizada',
    email: `anonimizada-${id}@anonimo.invalid`,
    cpf,
    phone: '00000000000',
    birthdate: '1900-01-01',
    // Not an argon2 hash: verifyPassword answers false for any password, so nobody logs in.
    passwordHash: '!anonimizada',
  };
}

const u = alias(users, 'u');
const orderStats = {
  orderCount: sql<number>`(select count(*)::int from orders o where o.user_id = u.id)`,
  spentCents: sql<number>`(select coalesce(sum(o.total_cents), 0)::int from orders o
    where o.user_id = u.id and o.status in (${statusList(PAID_ORDER_STATUSES)}))`,
  lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.user_id = u.id)`,
};

type Stats = { orderCount: number; spentCents: number; lastOrderAt: string | Date | null };

function summary(user: UserRow, stats: Stats) {
  const last = stats.lastOrderAt === null ? null : new Date(stats.lastOrderAt);
  return {
    id: user.id,
    nome: `${user.firstName} ${user.lastName}`,
    email: user.email,
    cpf: user.anonymizedAt ? '' : maskCpf(user.cpf),
    pedidos: Number(stats.orderCount),
    total_gasto: centsToDecimal(Number(stats.spentCents)),
    ultimo_pedido: iso(last),
    verificada: user.emailVerifiedAt !== null,
    anonimizada: user.anonymizedAt !== null,
    administradora: user.role === 'owner',
    criada_em: user.createdAt.toISOString(),
  };
}

export function createAdminCustomerService(db: Db, adminEmails: readonly string[]) {
  async function findUser(tx: Db, id: number, lock = false): Promise<UserRow> {
    const query = tx.select().from(users).where(eq(users.id, id));
    const [user] = lock ? await query.for('update') : await query;
    if (!user) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    return user;
  }

  async function detail(id: number) {
    const [row] = await db
      .select({ user: u, ...orderStats })
      .from(u)
      .where(eq(u.id, id));
    if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    const { user } = row;
    const addresses = await db
      .select()
      .from(addressProfiles)
      .where(eq(addressProfiles.userId, id))
      .orderBy(desc(addressProfiles.isDefault), asc(addressProfiles.id));
    const hers = await db
      .select({
        reference: orders.reference,
        status: orders.status,
        totalCents: orders.totalCents,
        couponCode: orders.couponCode,
        createdAt: orders.createdAt,
        items: sql<number>`(select coalesce(sum(i.quantidade), 0)::int from order_items i
          where i.order_id = ${orders.id})`,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return {
      cliente: {
        ...summary(user, row),
        nome_proprio: user.firstName,
        sobrenome: user.lastName,
        telefone: user.anonymizedAt ? '' : maskPhone(user.phone),
        data_nascimento: user.anonymizedAt ? '' : user.birthdate,
        anonimizada_em: iso(user.anonymizedAt),
        // An owner's page offers 'Redefinir segundo fator' when she has one.
        segundo_fator: user.role === 'owner' ? await hasSecondFactor(db, id) : null,
      },
      enderecos: addresses.map(serializeAddressProfile),
      pedidos: hers.map((o) => ({
        referencia: o.reference,
        status: orderStatusText(o.status),
        status_codigo: o.status,
        itens: Number(o.items),
        total: centsToDecimal(o.totalCents),
        cupom: o.couponCode,
        criado_em: o.createdAt.toISOString(),
      })),
    };
  }

  return {
    /** Newest accounts first; `busca` in the name (accents ignored), the e-mail or the CPF. */
    async list(input: { busca?: string; pagina?: number }) {
      const text = (input.busca ?? '').trim();
      let where: SQL | undefined;
      if (text !== '') {
        const digits = cpfDigits(text);
        where = or(
          // The very expression of users_name_unaccented_trgm_idx (migration 0016), its letters
          // written in the statement: an index serves only the expression it was made of.
          sql`${unaccentedLower(sql`u.first_name || ' ' || u.last_name`)} like ${containing(withoutAccents(text))}`,
          sql`u.email ilike ${containing(text.toLowerCase())}`,
          digits.length >= 3 ? sql`u.cpf like ${containing(digits)}` : undefined,
        );
      }
      const page = input.pagina ?? 1;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(u)
        .where(where);
      const total = Number(count?.n ?? 0);
      // The page's accounts first, then their orders' figures: computed for these 25, not for
      // every account an offset skips.
      const pageIds = db
        .select({ id: u.id })
        .from(u)
        .where(where)
        .orderBy(desc(u.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE)
        .as('page');
      const rows = await db
        .select({ user: u, ...orderStats })
        .from(pageIds)
        .innerJoin(u, eq(u.id, pageIds.id))
        .orderBy(desc(u.id));
      return {
        clientes: rows.map((r) => summary(r.user, r)),
        total,
        pagina: page,
        paginas: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
      };
    },

    detail,

    /**
     * Everything the store keeps about her, for an LGPD access request: account, addresses,
     * orders with their lines and delivery addresses, coupon uses, cart. Never a password hash,
     * a token or an order's link secret. The export itself is logged (ids only).
     */
    async exportData(owner: Owner, id: number) {
      const user = await findUser(db, id);
      const addresses = await db
        .select()
        .from(addressProfiles)
        .where(eq(addressProfiles.userId, id))
        .orderBy(asc(addressProfiles.id));
      const hers = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, id))
        .orderBy(asc(orders.id));
      const lines =
        hers.length === 0
          ? []
          : await db
              .select()
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  hers.map((o) => o.id),
                ),
              )
              .orderBy(asc(orderItems.id));
      const uses = await db
        .select({
          code: coupons.code,
          reference: orders.reference,
          discountCents: couponRedemptions.discountCents,
          createdAt: couponRedemptions.createdAt,
        })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
        .where(eq(couponRedemptions.userId, id))
        .orderBy(asc(couponRedemptions.id));
      const cart = await db
        .select({
          productId: cartItems.productId,
          name: products.name,
          quantidade: cartItems.quantidade,
          addedAt: cartItems.createdAt,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, id))
        .orderBy(asc(cartItems.createdAt));

      const data = {
        exportado_em: new Date().toISOString(),
        conta: {
          id: user.id,
          nome: user.firstName,
          sobrenome: user.lastName,
          email: user.email,
          cpf: user.cpf,
          telefone: user.phone,
          data_nascimento: user.birthdate,
          email_verificado_em: iso(user.emailVerifiedAt),
          criada_em: user.createdAt.toISOString(),
          atualizada_em: user.updatedAt.toISOString(),
          anonimizada_em: iso(user.anonymizedAt),
          // LGPD: her agreement to offers by e-mail, and when she gave or withdrew it.
          aceita_marketing: user.marketingOptIn,
          aceita_marketing_alterado_em: iso(user.marketingOptInChangedAt),
        },
        enderecos: addresses.map(serializeAddressProfile),
        pedidos: hers.map((o) => ({
          referencia: o.reference,
          status: orderStatusText(o.status),
          criado_em: o.createdAt.toISOString(),
          pago_em: iso(o.paidAt),
          cancelado_em: iso(o.cancelledAt),
          enviado_em: iso(o.shippedAt),
          entregue_em: iso(o.deliveredAt),
          codigo_rastreio: o.trackingCode,
          subtotal: centsToDecimal(o.subtotalCents),
          desconto: centsToDecimal(o.discountCents),
          frete: centsToDecimal(o.shippingCents),
          total: centsToDecimal(o.totalCents),
          cupom: o.couponCode,
          entrega: {
            nome_completo: o.nomeCompleto,
            email: o.email,
            cpf: o.cpf,
            telefone: o.telefone,
            cep: o.cep,
            endereco: o.endereco,
            numero: o.numero,
            complemento: o.complemento,
            bairro: o.bairro,
            cidade: o.cidade,
            estado: o.estado,
          },
          itens: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({
              produto_id: l.productId,
              nome: l.name,
              preco_unitario: centsToDecimal(l.unitPriceCents),
              quantidade: l.quantidade,
            })),
        })),
        usos_de_cupom: uses.map((c) => ({
          cupom: c.code,
          pedido: c.reference,
          desconto: centsToDecimal(c.discountCents),
          data: c.createdAt.toISOString(),
        })),
        carrinho: cart.map((c) => ({
          produto_id: c.productId,
          nome: c.name,
          quantidade: c.quantidade,
          adicionado_em: c.addedAt.toISOString(),
        })),
      };
      await writeAudit(db, owner, {
        action: 'customer.export',
        entityType: 'customer',
        entityId: id,
        summary: `Dados da cliente #${id} exportados (LGPD)`,
        after: { id, enderecos: addresses.length, pedidos: hers.length },
      });
      return data;
    },

    /**
     * LGPD erasure, in one transaction holding her row: personal data replaced by placeholders,
     * password unusable and every session ended, addresses, cart and tokens deleted. Her orders
     * stay as they are (with the buyer and delivery address of the sale): the store must keep
     * its sales records. The audit entry holds ids and counts, never her data.
     */
    async anonymize(owner: Owner, id: number) {
      await db.transaction(async (tx) => {
        const user = await findUser(tx, id, true);
        if (user.role === 'owner' || adminEmails.includes(user.email))
          throw new ConflictError(ANONYMIZE_OWNER_REFUSED);
        if (user.anonymizedAt) throw new ConflictError(ANONYMIZE_ALREADY_DONE);
        const placeholders = anonymizedPlaceholders(id);

        const gone = {
          enderecos: (
            await tx
              .delete(addressProfiles)
              .where(eq(addressProfiles.userId, id))
              .returning({ id: addressProfiles.id })
          ).length,
          itens_carrinho: (
            await tx
              .delete(cartItems)
              .where(eq(cartItems.userId, id))
              .returning({ id: cartItems.productId })
          ).length,
          tokens:
            (
              await tx
                .delete(refreshTokens)
                .where(eq(refreshTokens.userId, id))
                .returning({ id: refreshTokens.id })
            ).length +
            (
              await tx
                .delete(emailVerificationTokens)
                .where(eq(emailVerificationTokens.userId, id))
                .returning({ id: emailVerificationTokens.id })
            ).length +
            (
              await tx
                .delete(passwordResetTokens)
                .where(eq(passwordResetTokens.userId, id))
                .returning({ id: passwordResetTokens.id })
            ).length,
        };
        await tx.delete(cartMergeKeys).where(eq(cartMergeKeys.userId, id));
        // Her reviews stay, unsigned; their photos go (docs/reviews-contract.md).
        await anonymiseReviews(tx, id);
        // Changes of e-mail name her old and new addresses (issue 33): they go too.
        await tx.delete(emailChanges).where(eq(emailChanges.userId, id));
        // Stored answers of her checkouts may carry her address: they go too.
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.owner, `u:${id}`));
        // Mail not sent yet is dropped; the log of mail sent keeps no address of hers.
        await tx
          .delete(outboxEmails)
          .where(and(eq(outboxEmails.recipient, user.email), isNull(outboxEmails.sentAt)));
        await tx
          .update(outboxEmails)
          .set({ recipient: placeholders.email })
          .where(eq(outboxEmails.recipient, user.email));
        await tx
          .update(users)
          .set({
            ...placeholders,
            ownerEmail: null,
            // No marketing e-mail to an anonymised account.
            marketingOptIn: false,
            // Her cart's CEP says where she lives.
            cartCep: null,
            sessionsValidAfter: sql`now()`,
            anonymizedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id));
        const [kept] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.userId, id));
        await writeAudit(tx, owner, {
          action: 'customer.anonymize',
          entityType: 'customer',
          entityId: id,
          summary: `Cliente #${id} anonimizada (LGPD): ${gone.enderecos} endereço(s) apagado(s), ${Number(kept?.n ?? 0)} pedido(s) mantido(s)`,
          after: { id, ...gone, pedidos_mantidos: Number(kept?.n ?? 0) },
        });
      });
      sessionsEnded(db, id);
      return detail(id);
    },
  };
}
