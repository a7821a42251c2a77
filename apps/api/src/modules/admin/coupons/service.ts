/**
 * The owners' coupons: the list, one coupon with its uses, create, edit, pause and
 * activate. Every change is one transaction with its audit entry.
 *
 * The usage limit against checkouts in flight: an edit locks the coupon's row (`for update`) and
 * sets the limit only `where times_used <= <new limit>`; a checkout's redemption is one guarded
 * `update ... where times_used < usage_limit` that waits for that lock and then reads the new
 * limit. The table's check (`times_used <= usage_limit`) is the last line of defence.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { centsToDecimal, formatBRL } from '@semijoias/domain/money';
import {
  COUPON_FORM_MESSAGES,
  couponStatusText,
  couponValueLabel,
  type CouponFormValue,
} from '@semijoias/domain/coupon-form';
import { COUPON_NOT_FOUND } from '@semijoias/domain/messages';
import { orderStatusText } from '@semijoias/domain/orders';
import type { Db } from '../../../db/client.js';
import { couponRedemptions, coupons, orders, users, type CouponRow } from '../../../db/schema.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../audit.js';
import type { Owner } from '../../owner-access/index.js';
import type { CouponJson } from './schemas.js';

type CouponWithEmail = CouponRow & { customerEmail: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A coupon as the admin API answers it (and as the audit log keeps it). */
export function serializeCoupon(row: CouponWithEmail, now = new Date()): CouponJson {
  return {
    id: row.id,
    codigo: row.code,
    descricao: row.description,
    tipo: row.kind === 'percent' ? 'percentual' : 'valor_fixo',
    percentual: row.kind === 'percent' ? (row.percentBasisPoints ?? 0) / 100 : null,
    valor: row.kind === 'fixed' ? centsToDecimal(row.amountCents ?? 0) : null,
    pedido_minimo: row.minOrderCents === null ? null : centsToDecimal(row.minOrderCents),
    valido_de: iso(row.validFrom),
    valido_ate: iso(row.validUntil),
    limite_uso: row.usageLimit,
    vezes_usado: row.timesUsed,
    uma_vez_por_cliente: row.oncePerCustomer,
    primeira_compra: row.firstPurchaseOnly,
    cliente_email: row.customerEmail,
    ativo: row.active,
    status: couponStatusText(row, now),
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  };
}

const withEmail = { coupon: coupons, customerEmail: users.email };

async function readCoupon(db: Db, id: number, lock = false): Promise<CouponWithEmail> {
  const query = db.select({ coupon: coupons }).from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(COUPON_NOT_FOUND);
  let customerEmail: string | null = null;
  if (row.coupon.userId !== null) {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.coupon.userId));
    customerEmail = user?.email ?? null;
  }
  return { ...row.coupon, customerEmail };
}

function codeTaken(): ConflictError {
  return new ConflictError(COUPON_FORM_MESSAGES.codeTaken, {
    codigo: [COUPON_FORM_MESSAGES.codeTaken],
  });
}

function limitBelowUses(used: number): ValidationError {
  const message = COUPON_FORM_MESSAGES.limitBelowUses(used);
  return new ValidationError(message, { limite_uso: [message] });
}

/** The customer a coupon is assigned to, by her e-mail; a 400 on the field when none has it. */
async function customerIdOf(tx: Db, email: string | null): Promise<number | null> {
  if (email === null) return null;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) {
    throw new ValidationError(COUPON_FORM_MESSAGES.customerNotFound, {
      cliente_email: [COUPON_FORM_MESSAGES.customerNotFound],
    });
  }
  return user.id;
}

function columns(value: CouponFormValue, userId: number | null) {
  return {
    code: value.code,
    description: value.description,
    kind: value.kind,
    percentBasisPoints: value.percentBasisPoints,
    amountCents: value.amountCents,
    minOrderCents: value.minOrderCents,
    validFrom: value.validFrom,
    validUntil: value.validUntil,
    usageLimit: value.usageLimit,
    oncePerCustomer: value.oncePerCustomer,
    firstPurchaseOnly: value.firstPurchaseOnly,
    userId,
    active: value.active,
  };
}

const label = (row: CouponRow) =>
  couponValueLabel(row.kind, row.percentBasisPoints, row.amountCents, formatBRL);

/** A duplicate code from the unique constraint (two owners saving the same code at once). */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw codeTaken();
    throw err;
  }
}

export function createAdminCouponService(db: Db) {
  return {
    /** Every coupon, the newest first. */
    async list(): Promise<CouponJson[]> {
      const rows = await db
        .select(withEmail)
        .from(coupons)
        .leftJoin(users, eq(users.id, coupons.userId))
        .orderBy(desc(coupons.id));
      const now = new Date();
      return rows.map((r) => serializeCoupon({ ...r.coupon, customerEmail: r.customerEmail }, now));
    },

    /** One coupon and its live uses (an order cancelled unpaid gave its use back). */
    async get(id: number) {
      const coupon = await readCoupon(db, id);
      const uses = await db
        .select({
          reference: orders.reference,
          status: orders.status,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          discountCents: couponRedemptions.discountCents,
          createdAt: couponRedemptions.createdAt,
        })
        .from(couponRedemptions)
        .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
        .innerJoin(users, eq(users.id, couponRedemptions.userId))
        .where(eq(couponRedemptions.couponId, id))
        .orderBy(desc(couponRedemptions.id));
      return {
        cupom: serializeCoupon(coupon),
        usos: uses.map((u) => ({
          pedido: u.reference,
          status_pedido: orderStatusText(u.status),
          cliente: `${u.firstName} ${u.lastName}`,
          cliente_email: u.email,
          desconto: centsToDecimal(u.discountCents),
          data: u.createdAt.toISOString(),
        })),
      };
    },

    create(owner: Owner, value: CouponFormValue): Promise<CouponJson> {
      return mapDuplicate(() =>
        db.transaction(async (tx) => {
          const userId = await customerIdOf(tx, value.customerEmail);
          const [row] = await tx.insert(coupons).values(columns(value, userId)).returning();
          const after = serializeCoupon({ ...row!, customerEmail: value.customerEmail });
          await writeAudit(tx, owner, {
            action: 'coupon.create',
            entityType: 'coupon',
            entityId: row!.id,
            summary: `Cupom ${row!.code} criado (${label(row!)})`,
            after,
          });
          return after;
        }),
      );
    },

    /**
     * Every column but the uses. The limit is set only if it is not below the uses already made
     * (the row is locked, so no checkout counts one in between).
     */
    update(owner: Owner, id: number, value: CouponFormValue): Promise<CouponJson> {
      return mapDuplicate(() =>
        db.transaction(async (tx) => {
          const before = await readCoupon(tx, id, true);
          if (value.usageLimit !== null && value.usageLimit < before.timesUsed)
            throw limitBelowUses(before.timesUsed);
          const userId = await customerIdOf(tx, value.customerEmail);
          const [row] = await tx
            .update(coupons)
            .set({ ...columns(value, userId), updatedAt: sql`now()` })
            .where(
              and(
                eq(coupons.id, id),
                value.usageLimit === null ? sql`true` : lte(coupons.timesUsed, value.usageLimit),
              ),
            )
            .returning();
          if (!row) throw limitBelowUses(before.timesUsed);
          const beforeJson = serializeCoupon(before);
          const after = serializeCoupon({ ...row, customerEmail: value.customerEmail });
          await writeAudit(tx, owner, {
            action: 'coupon.update',
            entityType: 'coupon',
            entityId: id,
            summary:
              before.code === row.code
                ? `Cupom ${row.code} editado`
                : `Cupom ${before.code} editado (agora ${row.code})`,
            before: beforeJson,
            after,
          });
          return after;
        }),
      );
    },

    /**
     * Pause (active false) or activate: one guarded statement that changes only a coupon in the
     * other state; asking again changes nothing and writes no audit entry.
     */
    setActive(owner: Owner, id: number, active: boolean): Promise<CouponJson> {
      return db.transaction(async (tx) => {
        const before = await readCoupon(tx, id);
        const [row] = await tx
          .update(coupons)
          .set({ active, updatedAt: sql`now()` })
          .where(and(eq(coupons.id, id), eq(coupons.active, !active)))
          .returning();
        if (!row) return serializeCoupon(await readCoupon(tx, id));
        const after = serializeCoupon({ ...row, customerEmail: before.customerEmail });
        await writeAudit(tx, owner, {
          action: active ? 'coupon.activate' : 'coupon.pause',
          entityType: 'coupon',
          entityId: id,
          summary: `Cupom ${row.code} ${active ? 'ativado' : 'pausado'}`,
          before: serializeCoupon(before),
          after,
        });
        return after;
      });
    },
  };
}
