// The rehearsal's own PostgreSQL database: created fresh on the server it is given, filled by the
// store's migrations and seed, read for the figures, dropped at the end.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** node-postgres, a dependency of the API workspace. */
function pg(repoRoot) {
  const require = createRequire(join(repoRoot, 'apps/api/package.json'));
  return require('pg');
}

export async function createDatabase(repoRoot, serverUrl) {
  const { Client } = pg(repoRoot);
  const name = `semijoias_rehearsal_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const query = async (text, params) => (await client.query(text, params)).rows;
  return {
    name,
    url: url.toString(),
    query,
    /** Closes our connection and drops the database (the instances must be gone by then). */
    async drop() {
      await client.end().catch(() => {});
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The seeded product the sale is about (one sold without sizes), its stock set to exactly `stock`;
 * `nth` 2 is the next such piece (the warm-up's).
 */
export async function prepareSaleProduct(db, stock, { nth = 1 } = {}) {
  const [product] = await db.query(
    `select id, name, price_cents from products where hidden_at is null and variation_axis is null order by id limit 1 offset $1`,
    [nth - 1],
  );
  if (!product) throw new Error('the seed made no product (SEED_DEMO_CATALOG?)');
  await db.query(`update products set stock = $1 where id = $2`, [stock, product.id]);
  return { id: product.id, name: product.name, priceCents: product.price_cents };
}

/** The newest order, notification and outbox row: what a warm-up left before the sale. */
export async function lastIds(db) {
  const [row] = await db.query(
    `select (select coalesce(max(id), 0) from orders)::int as orders,
            (select coalesce(max(id), 0) from payment_notifications)::int as notifications,
            (select coalesce(max(id), 0) from outbox_emails)::bigint as outbox`,
  );
  return { orders: row.orders, notifications: row.notifications, outbox: Number(row.outbox) };
}

/**
 * What the database says once the sale and the e-mails are over: its rows only, those after
 * `from` (lastIds before the sale; nothing is left out without a warm-up).
 */
export async function databaseFigures(
  db,
  productId,
  from = { orders: 0, notifications: 0, outbox: 0 },
) {
  const statuses = await db.query(
    `select status, count(*)::int as n from orders where id > $1 group by status order by status`,
    [from.orders],
  );
  const [{ units }] = await db.query(
    `select coalesce(sum(i.quantidade), 0)::int as units
       from order_items i join orders o on o.id = i.order_id
      where i.product_id = $1 and o.status in ('paid', 'awaiting_payment', 'in_progress')`,
    [productId],
  );
  const [{ stock }] = await db.query(`select stock from products where id = $1`, [productId]);
  const orders = await db.query(`select id, reference, status, email from orders where id > $1`, [
    from.orders,
  ]);
  const notifications = await db.query(
    `select outcome, count(*)::int as n from payment_notifications where id > $1
      group by outcome order by outcome`,
    [from.notifications],
  );
  const outbox = await db.query(
    `select id, kind, dedupe_key, recipient, subject, attempts, sent_at, failed_at
       from outbox_emails where id > $1`,
    [from.outbox],
  );
  return { statuses, units, stock, orders, notifications, outbox };
}

/** E-mails still to deliver (neither sent nor given up). */
export async function pendingEmails(db) {
  const [{ n }] = await db.query(
    `select count(*)::int as n from outbox_emails where sent_at is null and failed_at is null`,
  );
  return n;
}

export async function serverVersion(db) {
  const [{ server_version: version }] = await db.query('show server_version');
  return version;
}
