/**
 * The Painel's "what it earns" (docs/admin/dashboard-stock-audit.md): over the
 * same 30 store days as the sales, what the messages that bring shoppers back have sold.
 *
 * - Paid after the reminder: orders paid in the window whose payment came after their reminder to
 *   pay (`paid_at > reminder_sent_at`, orders/reminder.ts).
 * - Sold to shoppers who asked 'Avise-me': the lines of orders paid in the window whose buyer's
 *   e-mail (the order's, or her account's) hashes to a request for that piece — and that size,
 *   when the request named one — served before the payment. Units and their value.
 * - Carts recovered: orders of a customer created within 7 days after a forgotten-cart e-mail
 *   sent to her in the window, and paid. Each order counts once, however many e-mails came before.
 *
 * A paid order is one the sales count: `paid_at` set and a status a paid order can be in.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

/** A cart e-mail gets the credit for an order placed this long after it. */
export const CART_RECOVERY_DAYS = 7;

export interface EarningsJson {
  pagos_apos_lembrete: { pedidos: number; total_cents: number };
  vendidos_avise_me: { unidades: number; total_cents: number };
  carrinhos_recuperados: { pedidos: number; total_cents: number };
}

interface Row {
  n: number | string | null;
  total: number | string | null;
}

/** The e-mail's hash as `stock_alerts.email_hash` keeps it: hashToken(lower(email)), in SQL. */
const emailHash = (email: SQL) => sql`encode(sha256(convert_to(lower(${email}), 'UTF8')), 'hex')`;

/**
 * The three figures. `since` is the window's start (the first of the 30 store days, as the
 * sales series starts), `paid` the condition that makes `o` a paid order.
 */
export async function earnings(db: Db, since: SQL, paid: SQL): Promise<EarningsJson> {
  const one = async (query: SQL) => {
    const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
    const row = rows[0];
    return { n: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
  };
  const [reminded, alerted, carts] = await Promise.all([
    one(sql`
      select count(*)::int as n, coalesce(sum(o.total_cents), 0)::bigint as total
      from orders o
      where ${paid} and o.paid_at >= ${since}
        and o.reminder_sent_at is not null and o.paid_at > o.reminder_sent_at`),
    one(sql`
      select coalesce(sum(oi.quantidade), 0)::bigint as n,
             coalesce(sum(oi.quantidade * oi.unit_price_cents), 0)::bigint as total
      from order_items oi
      join orders o on o.id = oi.order_id
      left join users u on u.id = o.user_id
      where ${paid} and o.paid_at >= ${since}
        and exists (
          select 1 from stock_alerts sa
          where sa.product_id = oi.product_id
            and (sa.variation_id is null or sa.variation_id = oi.variation_id)
            and sa.served_at is not null and sa.served_at < o.paid_at
            and (sa.email_hash = ${emailHash(sql`o.email`)}
              or sa.email_hash = ${emailHash(sql`u.email`)})
        )`),
    one(sql`
      select count(*)::int as n, coalesce(sum(o.total_cents), 0)::bigint as total
      from orders o
      where ${paid} and o.user_id is not null
        -- Implied by the e-mail's window below (created after an e-mail sent since then), and
        -- what lets the index on created_at skip the years of orders before it.
        and o.created_at >= ${since}
        and exists (
          select 1 from cart_reminders cr
          where cr.user_id = o.user_id and cr.sent_at >= ${since}
            and o.created_at >= cr.sent_at
            and o.created_at < cr.sent_at + ${sql.raw(`interval '${CART_RECOVERY_DAYS} days'`)}
        )`),
  ]);
  return {
    pagos_apos_lembrete: { pedidos: reminded.n, total_cents: reminded.total },
    vendidos_avise_me: { unidades: alerted.n, total_cents: alerted.total },
    carrinhos_recuperados: { pedidos: carts.n, total_cents: carts.total },
  };
}
