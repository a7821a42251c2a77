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
    // 'Avise-me': from the served requests' hashes to the window's paid orders of those e-mails,
    // or of the accounts with those e-mails, one index lookup each (the lower_email_sha256
    // indexes, migration 0032; `offset 0` keeps each lookup a lookup), then their lines, looked
    // up by their orders' ids (`= any(array(…))`: order_items' (order_id, …) index, planned for a
    // short list). Hashing the e-mail of every order paid in the window instead (21,000 on the
    // big catalog, bench/big-catalog.mjs) took 310 ms of the Painel's 400. The last step is the
    // rule itself, so the first ones only narrow: the same lines. The account's hash is the
    // order's when it is the same address.
    one(sql`
      with served as materialized (
        select distinct sa.email_hash as h from stock_alerts sa where sa.served_at is not null
      ),
      asked as materialized (
        select o.id, o.paid_at,
               lower_email_sha256(o.email) as h_order,
               lower_email_sha256(u.email) as h_account
        from orders o
        left join users u on u.id = o.user_id
        where ${paid} and o.paid_at >= ${since}
          and o.id in (
            select mine.id from served s
            cross join lateral (
              select m.id from orders m
              where lower_email_sha256(m.email) = s.h and m.paid_at >= ${since}
              offset 0
            ) mine
            union
            select theirs.id from served s
            cross join lateral (
              select a.id from users a where lower_email_sha256(a.email) = s.h offset 0
            ) account
            cross join lateral (
              select t.id from orders t
              where t.user_id = account.id and t.paid_at >= ${since}
              offset 0
            ) theirs
          )
      )
      select coalesce(sum(oi.quantidade), 0)::bigint as n,
             coalesce(sum(oi.quantidade * oi.unit_price_cents), 0)::bigint as total
      from order_items oi
      join asked o on o.id = oi.order_id
      where oi.order_id = any(array(select asked.id from asked))
        and exists (
          select 1 from stock_alerts sa
          where sa.product_id = oi.product_id
            and (sa.variation_id is null or sa.variation_id = oi.variation_id)
            and sa.served_at is not null and sa.served_at < o.paid_at
            and (sa.email_hash = o.h_order or sa.email_hash = o.h_account)
        )`),
    // Carts: from the window's cart e-mails (a few thousand) to her orders placed in the 7 days
    // after each, down orders_user_created_idx (user_id, created_at); each order once.
    // It was every paid order of the window tested against the e-mails: 40-60 ms, now 15 ms.
    one(sql`
      select count(*)::int as n, coalesce(sum(o.total_cents), 0)::bigint as total
      from orders o
      where ${paid} and o.user_id is not null
        -- Implied by the e-mail's window below (created after an e-mail sent since then).
        and o.created_at >= ${since}
        and o.id in (
          select placed.id
          from cart_reminders cr
          cross join lateral (
            select p.id from orders p
            where p.user_id = cr.user_id
              and p.created_at >= cr.sent_at
              and p.created_at < cr.sent_at + ${sql.raw(`interval '${CART_RECOVERY_DAYS} days'`)}
            offset 0
          ) placed
          where cr.sent_at >= ${since}
        )`),
  ]);
  return {
    pagos_apos_lembrete: { pedidos: reminded.n, total_cents: reminded.total },
    vendidos_avise_me: { unidades: alerted.n, total_cents: alerted.total },
    carrinhos_recuperados: { pedidos: carts.n, total_cents: carts.total },
  };
}
