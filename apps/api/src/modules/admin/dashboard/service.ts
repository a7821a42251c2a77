/**
 * The Painel's figures. Sales count paid orders only — paid_at set and a status a paid order can
 * be in (paid, in_progress, shipped, delivered; a cancelled or refunded order's money is not
 * sales) — and fall on the store's day (America/Sao_Paulo), not the server's.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { orders, products, reviews } from '../../../db/schema.js';
import { lowKeptSizes, lowStockCondition, lowStockOrder } from '../products/low-stock.js';
import type { DashboardJson } from './schemas.js';
import { earnings } from './earnings.js';

export const STORE_TIME_ZONE = 'America/Sao_Paulo';
export const SALES_STATUSES = ['paid', 'in_progress', 'shipped', 'delivered'] as const;
export const TO_SHIP_STATUSES = ['paid', 'in_progress'] as const;
export const AWAITING_STATUSES = ['awaiting_payment', 'payment_failed'] as const;
export const SERIES_DAYS = 30;
/**
 * The Painel lists this many low-stock pieces (the emptiest); `total` says how many there are,
 * and the product list's 'Estoque baixo' shows them all.
 */
export const LOW_STOCK_LIST_LIMIT = 12;

const sum = (days: { total_cents: number; pedidos: number }[]) => ({
  total_cents: days.reduce((acc, d) => acc + d.total_cents, 0),
  pedidos: days.reduce((acc, d) => acc + d.pedidos, 0),
});

interface SeriesRow {
  dia: string;
  total_cents: number | string;
  pedidos: number | string;
}

export async function dashboard(
  db: Db,
  imageUrl: (path: string) => string,
): Promise<DashboardJson> {
  const tz = sql.raw(`'${STORE_TIME_ZONE}'`);
  const statuses = sql.join(
    SALES_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // node-postgres and PGlite both answer `{ rows }`; the generic Db does not say which.
  // Not awaited here: the series, what the messages earned and the counts below run together
  // (the pool's connections; one after the other on PGlite). The Painel takes as long as its
  // slowest figure, not their sum.
  const seriesQuery = db.execute(sql`
    with days as (
      select generate_series(
        (now() at time zone ${tz})::date - ${SERIES_DAYS - 1}::int,
        (now() at time zone ${tz})::date,
        interval '1 day'
      )::date as day
    ),
    sales as (
      select (${orders.paidAt} at time zone ${tz})::date as day,
             count(*)::int as pedidos,
             sum(${orders.totalCents})::bigint as total
      from ${orders}
      where ${orders.paidAt} is not null
        and ${orders.status} in (${statuses})
        and ${orders.paidAt} >= (((now() at time zone ${tz})::date - ${SERIES_DAYS - 1}::int)::timestamp at time zone ${tz})
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as dia,
           coalesce(sales.total, 0)::int as total_cents,
           coalesce(sales.pedidos, 0)::int as pedidos
    from days left join sales on sales.day = days.day
    order by days.day`) as unknown as Promise<{ rows: SeriesRow[] }>;

  // A piece is low when its total is: a piece sold by size by the sum of its live sizes (which
  // `products.stock` keeps), not size by size — a ring shown in eight sizes with two of them
  // sold out is not a shelf to refill — unless the owners marked a size 'Manter em estoque'.
  // The full list is the product list's 'Estoque baixo'.
  const low = lowStockCondition();
  // What the reminders, 'Avise-me' and the cart e-mails sold in the same 30 days.
  const returnsQuery = earnings(
    db,
    sql`(((now() at time zone ${tz})::date - ${SERIES_DAYS - 1}::int)::timestamp at time zone ${tz})`,
    sql`o.paid_at is not null and o.status in (${statuses})`,
  );
  const [{ rows: series }, returns, [[toShip], [awaiting], [lowCount], lowList], [waiting]] =
    await Promise.all([
      seriesQuery,
      returnsQuery,
      Promise.all([
        db
          .select({ n: count() })
          .from(orders)
          .where(inArray(orders.status, [...TO_SHIP_STATUSES])),
        db
          .select({ n: count() })
          .from(orders)
          .where(inArray(orders.status, [...AWAITING_STATUSES])),
        db.select({ n: count() }).from(products).where(low),
        db
          .select({
            id: products.id,
            name: products.name,
            stock: products.stock,
            image: products.image,
            axis: products.variationAxis,
          })
          .from(products)
          .where(low)
          .orderBy(...lowStockOrder())
          .limit(LOW_STOCK_LIST_LIMIT),
      ]),
      // Reviews waiting for the owners (issue 36).
      db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pendente')),
    ]);

  const keptLow = await lowKeptSizes(
    db,
    lowList.map((p) => p.id),
  );
  const days = series.map((d) => ({
    dia: d.dia,
    total_cents: Number(d.total_cents),
    pedidos: Number(d.pedidos),
  }));
  return {
    hoje: days[days.length - 1]!.dia,
    vendas: {
      hoje: sum(days.slice(-1)),
      dias_7: sum(days.slice(-7)),
      dias_30: sum(days),
    },
    serie_30_dias: days,
    retorno_30_dias: returns,
    pedidos_a_enviar: toShip?.n ?? 0,
    pedidos_aguardando_pagamento: awaiting?.n ?? 0,
    avaliacoes_pendentes: waiting?.n ?? 0,
    estoque_baixo: {
      total: lowCount?.n ?? 0,
      produtos: lowList.map((p) => ({
        id: p.id,
        nome: p.name,
        estoque: p.stock,
        imagem: imageUrl(p.image),
        nome_variacao: p.axis,
        variacoes_baixas: keptLow.get(p.id) ?? [],
      })),
    },
  };
}
