// The big catalog's data (bench/big-catalog.mjs): 10,000 products (a fifth sold by size), 50,000
// customers and 200,000 orders with their lines, written straight into PostgreSQL with set-based
// statements (generate_series, insert ... select) in one transaction: a minute, not 260,000 calls.
// Deterministic (setseed): two fills of an empty database hold the same shop.
//
// The store's triggers are off while it loads (session_replication_role = replica): the stock
// ledger, the catalog's notifications and the foreign-key checks would only slow it down, and the
// rows are written consistent (a product's stock is its sizes' sum, every line's product and size
// exist). Unpaid orders are a few hours old, so the sweeper has nothing to cancel or remind.
import { productSearchText } from '@semijoias/domain/catalog';
import { platingFromName } from '@semijoias/domain/listing';

export const SIZES = { products: 10_000, customers: 50_000, orders: 200_000 };

const CATEGORY_KINDS = {
  Anel: ['Anel', 'Anel Solitário', 'Anel Aparador', 'Anel Falange', 'Meia Aliança'],
  Brinco: ['Brinco', 'Argola', 'Ear Cuff', 'Ponto de Luz', 'Ear Hook'],
  Colar: ['Colar', 'Choker', 'Gargantilha', 'Colar Pingente', 'Corrente'],
  Pulseira: ['Pulseira', 'Bracelete', 'Pulseira Riviera', 'Tornozeleira', 'Pulseira Elos'],
};
const CATEGORY_ORDER = ['Anel', 'Brinco', 'Colar', 'Pulseira'];
const MOTIFS = [
  'Coração',
  'Estrela',
  'Lua',
  'Flor',
  'Trevo',
  'Gota',
  'Borboleta',
  'Cruz',
  'Olho Grego',
  'Infinito',
  'Concha',
  'Folha',
  'Pérola',
  'Nó',
  'Sol',
  'Árvore da Vida',
  'Letra',
  'Medalha',
  'Cristal',
  'Zircônia',
];
const STYLES = [
  'Delicado',
  'Cravejado',
  'Vazado',
  'Liso',
  'Texturizado',
  'Torcido',
  'Duplo',
  'Maxi',
  'Mini',
  'Clássico',
];
const FINISHES = [
  'Dourado',
  'Prateado',
  'Ródio Negro',
  'Banhado a Ouro 18k',
  'Ouro Rosé',
  'Prata 925',
];
const SENTENCES = [
  'Peça antialérgica, livre de níquel.',
  'Garantia de um ano no banho.',
  'Perfeita para presentear: acompanha embalagem de presente.',
  'Combina com looks do dia a dia e de festa.',
  'Zircônias cravejadas à mão, brilho que não escurece.',
  'Fecho lagosta reforçado.',
  'Leve e confortável para usar o dia inteiro.',
  'Inspirada na coleção de verão, feita no Brasil.',
];
const FIRST_NAMES = [
  'Maria',
  'Ana',
  'Juliana',
  'Fernanda',
  'Letícia',
  'Márcia',
  'Conceição',
  'Lúcia',
  'Ângela',
  'Patrícia',
  'Camila',
  'Beatriz',
  'Larissa',
  'Gabriela',
  'Aline',
  'Vitória',
  'Júlia',
  'Lívia',
  'Mônica',
  'Cláudia',
  'Sônia',
  'Luíza',
  'Débora',
  'Tânia',
  'Bárbara',
  'Inês',
  'Raquel',
  'Simone',
  'Priscila',
  'Renata',
  'José',
  'João',
  'Antônio',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Gonçalves',
  'Martins',
  'Fernandes',
  'Rocha',
  'Simões',
  'Magalhães',
  'Brandão',
  'Conceição',
  'Assunção',
  'Mendonça',
  'Falcão',
  'Guimarães',
  'Damásio',
  'Nogueira',
  'Barbosa',
];
const CITIES = [
  ['São Paulo', 'SP', '01310100'],
  ['Rio de Janeiro', 'RJ', '20040002'],
  ['Belo Horizonte', 'MG', '30130010'],
  ['Salvador', 'BA', '40020000'],
  ['Curitiba', 'PR', '80010000'],
  ['Porto Alegre', 'RS', '90010000'],
  ['Recife', 'PE', '50010000'],
  ['Manaus', 'AM', '69005010'],
  ['Goiânia', 'GO', '74003010'],
  ['Florianópolis', 'SC', '88010000'],
];

/** The seed's pictures, so that pages name files the store has. */
const IMAGES = {
  Anel: 'produtos/anel-solitario-zirconia-cristal.svg',
  Brinco: 'produtos/brinco-ponto-de-luz-zirconia.svg',
  Colar: 'produtos/colar-coracao-vazado-rose.svg',
  Pulseira: 'produtos/pulseira-berloques-coracao.svg',
};

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 10,000 products, names and descriptions drawn from Portuguese jewellery words. */
export function productRows(count = SIZES.products) {
  const rnd = random(20261128);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const rows = [];
  for (let id = 1; id <= count; id++) {
    const category = CATEGORY_ORDER[(id - 1) % 4];
    const kind = pick(CATEGORY_KINDS[category]);
    const motif = pick(MOTIFS);
    const style = pick(STYLES);
    const finish = pick(FINISHES);
    const name = `${kind} ${motif} ${style} ${finish}`;
    const description = `${kind} ${motif.toLowerCase()} ${style.toLowerCase()} com acabamento ${finish.toLowerCase()}. ${pick(SENTENCES)} ${pick(SENTENCES)}`;
    const priceCents = 2990 + Math.floor(rnd() * 40) * 500;
    const promocao = rnd() < 0.15;
    // A fifth sold by size (rings by 'Aro', the others by 'Comprimento'): every fifth id.
    const sized = id % 5 === 0;
    rows.push({
      id,
      slug: `grande-${id}`,
      name,
      category,
      priceCents,
      originalPriceCents: promocao ? priceCents + 1000 + Math.floor(rnd() * 10) * 500 : null,
      description,
      image: IMAGES[category],
      // Low stock for one in 25, so the Painel has a long list to sort.
      stock: sized ? 0 : rnd() < 0.04 ? Math.floor(rnd() * 4) : 20 + Math.floor(rnd() * 200),
      novo: rnd() < 0.1,
      promocao,
      salesCount: Math.floor(rnd() * rnd() * 2000),
      variationAxis: sized ? (category === 'Anel' ? 'Aro' : 'Comprimento') : null,
      // Its finish says its plating ('Banhado a Ouro 18k': dourado), as the seed's names do.
      plating: platingFromName(name) ?? 'dourado',
      searchText: productSearchText({ name, description, category }),
    });
  }
  return rows;
}

const sqlArray = (list) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * Fills the empty, migrated database behind `client` (node-postgres). Returns the counts and the
 * time it took.
 */
export async function fillDatabase(client, sizes = SIZES, log = () => {}) {
  const started = performance.now();
  const q = (text, values) => client.query(text, values);
  const step = async (what, text, values) => {
    const t = performance.now();
    const res = await q(text, values);
    log(`  ${what}: ${res.rowCount ?? ''} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    return res;
  };
  await q('begin');
  await q(`set local session_replication_role = replica`);
  await q(`select setseed(0.2611)`);

  // ------------------------------------------------------------------------------- products
  const products = productRows(sizes.products);
  const col = (key) => products.map((p) => p[key]);
  await step(
    'products',
    `insert into products (id, slug, name, category, price_cents, original_price_cents,
       description, image, img_pessoa, image_carrossel, composicao_img_1, composicao_img_2,
       stock, novo, promocao, sales_count, variation_axis, search_text, plating,
       created_at, updated_at)
     select id, slug, name, category, price, original, description, image, image, '', image, image,
            stock, novo, promocao, sales, axis, search, plating,
            now() - (id % 700) * interval '1 day', now() - (id % 700) * interval '1 day'
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[],
                 $8::text[], $9::int[], $10::bool[], $11::bool[], $12::int[], $13::text[],
                 $14::text[], $15::text[])
       as t(id, slug, name, category, price, original, description, image, stock, novo, promocao,
            sales, axis, search, plating)`,
    [
      col('id'),
      col('slug'),
      col('name'),
      col('category'),
      col('priceCents'),
      col('originalPriceCents'),
      col('description'),
      col('image'),
      col('stock'),
      col('novo'),
      col('promocao'),
      col('salesCount'),
      col('variationAxis'),
      col('searchText'),
      col('plating'),
    ],
  );
  // Sizes: rings 14 to 22 (5 of them), the rest 40, 45, 50 and 60 cm; a few sold out.
  await step(
    'product_variations',
    `insert into product_variations (product_id, name, position, stock)
     select p.id,
            case when p.variation_axis = 'Aro' then (12 + 2 * s)::text
                 else (array['40 cm', '45 cm', '50 cm', '60 cm', '70 cm'])[s] end,
            s,
            case when random() < 0.1 then 0 else (random() * 40)::int end
     from products p, generate_series(1, case when p.variation_axis = 'Aro' then 5 else 4 end) s
     where p.variation_axis is not null
     order by p.id, s`,
  );
  await step(
    'sized products stock',
    `update products p set stock = v.total
     from (select product_id, sum(stock)::int as total from product_variations group by 1) v
     where v.product_id = p.id`,
  );
  // 'Complete o Look': two pieces of the next categories.
  await step(
    'product_compositions',
    `insert into product_compositions (product_id, composed_product_id, position)
     select p.id, 1 + ((p.id - 1 + k * 4001) % ${sizes.products}), k - 1
     from products p, generate_series(1, 2) k`,
  );

  // ------------------------------------------------------------------------------ customers
  await q(`create function pg_temp.cpf(n bigint) returns text language sql immutable as $$
    with d as (select lpad(n::text, 9, '0') as base),
    one as (select base, (sum(substr(base, k, 1)::int * (11 - k)) * 10 % 11) % 10 as d1
            from d, generate_series(1, 9) k group by base),
    two as (select base, d1, ((sum(substr(base || d1, k, 1)::int * (12 - k))) * 10 % 11) % 10 as d2
            from one, generate_series(1, 10) k group by base, d1)
    select base || d1 || d2 from two $$`);
  await step(
    'users',
    `insert into users (id, first_name, last_name, email, cpf, phone, birthdate, password_hash,
       email_verified_at, role, marketing_opt_in, created_at, updated_at)
     select i, f.name, l.name,
            f.plain || '.' || replace(l.plain, ' ', '') || i || '@' ||
              (array['gmail.com', 'hotmail.com', 'yahoo.com.br', 'uol.com.br', 'outlook.com'])[1 + i % 5],
            pg_temp.cpf(200000000 + i),
            '119' || lpad((i * 37 % 100000000)::text, 8, '0'),
            date '1960-01-01' + (i * 7919 % 15000),
            '!grande-catalogo', now() - (i % 1000) * interval '1 day' + interval '1 hour',
            'customer', i % 3 = 0,
            now() - ((${sizes.customers} - i) * 1000 / ${sizes.customers}) * interval '1 day',
            now() - ((${sizes.customers} - i) * 1000 / ${sizes.customers}) * interval '1 day'
     from generate_series(1, ${sizes.customers}) i
     cross join lateral (select n as name, lower(translate(n, 'ÁÂÃÉÊÍÓÔÕÚÜÇáâãàéêíóôõúüç', 'AAAEEIOOOUUCaaaaeeiooouuc')) as plain
                         from (select (${sqlArray(FIRST_NAMES)})[1 + (i * 7) % ${FIRST_NAMES.length}] as n) x) f
     cross join lateral (select n as name, lower(translate(n, 'ÁÂÃÉÊÍÓÔÕÚÜÇáâãàéêíóôõúüç', 'AAAEEIOOOUUCaaaaeeiooouuc')) as plain
                         from (select (${sqlArray(LAST_NAMES)})[1 + (i * 13 / 7) % ${LAST_NAMES.length}] as n) x) l`,
  );

  // -------------------------------------------------------------------------------- orders
  // Each order's draw: its status (with a date that fits it), buyer, lines and payment.
  await step(
    'orders (draw)',
    `create temp table big_orders on commit drop as
     select i, r1, r2, r3,
            case when r1 < 0.010 then 'awaiting_payment'
                 when r1 < 0.015 then 'payment_failed'
                 when r1 < 0.035 then 'paid'
                 when r1 < 0.055 then 'in_progress'
                 when r1 < 0.095 then 'shipped'
                 when r1 < 0.100 then 'refund_due'
                 when r1 < 0.300 then 'cancelled'
                 else 'delivered' end as status,
            case when r2 < 0.8 then 1 + (i * 7919) % ${sizes.customers} end as user_id,
            1 + (i % 3) as lines
     from (select i, random() as r1, random() as r2, random() as r3
           from generate_series(1, ${sizes.orders}) i) r`,
  );
  await q(`alter table big_orders add column created_at timestamptz`);
  await step(
    'orders (dates)',
    `update big_orders set created_at = now() - case status
        when 'awaiting_payment' then r3 * interval '8 hours'
        when 'payment_failed' then r3 * interval '8 hours'
        when 'paid' then interval '9 hours' + r3 * interval '3 days'
        when 'in_progress' then interval '1 day' + r3 * interval '5 days'
        when 'shipped' then interval '2 days' + r3 * interval '12 days'
        when 'refund_due' then interval '1 day' + r3 * interval '60 days'
        else interval '3 days' + r3 * interval '727 days' end`,
  );
  // Lines: 1 to 3 products (distinct), a size for a piece sold by size.
  await step(
    'order lines (draw)',
    `create temp table big_lines on commit drop as
     select o.i as order_id, p.id as product_id, v.id as variation_id, p.name, p.image,
            p.price_cents, case when v.id is null then null else p.variation_axis end as axis,
            v.name as variation_name, 1 + ((o.i + k) % 4 = 0)::int as qty
     from big_orders o
     cross join lateral generate_series(1, o.lines) k
     join products p on p.id = 1 + ((o.i::bigint * 7919 + k * 104729) % ${sizes.products})
     left join lateral (
       select pv.id, pv.name from product_variations pv
       where pv.product_id = p.id order by pv.position offset ((o.i + k) % 4) limit 1
     ) v on true`,
  );
  const names = sqlArray(FIRST_NAMES);
  const lastNames = sqlArray(LAST_NAMES);
  const cities = (i) => `(${sqlArray(CITIES.map((c) => c[i]))})[1 + o.i % ${CITIES.length}]`;
  await step(
    'orders',
    `insert into orders (id, reference, user_id, status, access_key_hash, cep_destino,
       subtotal_cents, discount_cents, shipping_cents, total_cents, shipping_days, shipping_region,
       nome_completo, email, cpf, telefone, cep, endereco, numero, complemento, bairro, cidade,
       estado, payment_provider, payment_id, paid_at, cancelled_at, cancel_reason, in_progress_at,
       tracking_code, shipped_at, delivered_at, refunded_at, expires_at, payment_method,
       reminder_sent_at, created_at, updated_at)
     select o.i, (100000 + o.i)::text, o.user_id, o.status, md5(o.i::text || 'chave'),
            ${cities(2)}, s.subtotal, 0, ship.cents, s.subtotal + ship.cents,
            '3-5', 'Sudeste',
            coalesce(u.first_name || ' ' || u.last_name,
                     (${names})[1 + (o.i * 3) % ${FIRST_NAMES.length}] || ' ' ||
                     (${lastNames})[1 + (o.i * 5) % ${LAST_NAMES.length}]),
            coalesce(u.email, 'convidada' || o.i || '@gmail.com'),
            coalesce(u.cpf, pg_temp.cpf(300000000 + o.i)),
            coalesce(u.phone, '219' || lpad((o.i * 31 % 100000000)::text, 8, '0')),
            ${cities(2)}, 'Rua das Flores', (1 + o.i % 900)::text, '', 'Centro',
            ${cities(0)}, ${cities(1)},
            case when o.i % 10 = 0 then 'sandbox' else 'pagbank' end,
            case when o.status not in ('awaiting_payment', 'payment_failed')
                   or o.r3 < 0.1 then 'PAY-' || o.i end,
            case when o.status in ('paid', 'in_progress', 'shipped', 'delivered', 'refund_due')
                 then o.created_at + interval '20 minutes' end,
            case when o.status = 'cancelled' then o.created_at + interval '24 hours'
                 when o.status = 'refund_due' then o.created_at + interval '1 day' end,
            case when o.status = 'cancelled' then 'expired'
                 when o.status = 'refund_due' then 'owner' end,
            case when o.status in ('in_progress', 'shipped', 'delivered')
                 then o.created_at + interval '1 day' end,
            case when o.status in ('shipped', 'delivered')
                 then 'AA' || lpad((o.i % 100000000)::text, 8, '0') || '0BR' end,
            case when o.status in ('shipped', 'delivered') then o.created_at + interval '2 days' end,
            case when o.status = 'delivered' then o.created_at + interval '6 days' end,
            null,
            o.created_at + interval '24 hours',
            case when o.i % 3 = 0 then 'pix' else 'cartao' end,
            case when o.status <> 'awaiting_payment' and o.r2 < 0.1
                 then o.created_at + interval '16 hours' end,
            o.created_at, o.created_at
     from big_orders o
     join (select order_id, sum(price_cents * qty)::int as subtotal from big_lines group by 1) s
       on s.order_id = o.i
     cross join lateral (select case when s.subtotal >= 60000 then 0 else 1990 end as cents) ship
     left join users u on u.id = o.user_id`,
  );
  await step(
    'order_items',
    `insert into order_items (order_id, product_id, name, image, unit_price_cents, quantidade,
       variation_id, variation_axis, variation_name)
     select order_id, product_id, name, image, price_cents, qty, variation_id, axis, variation_name
     from big_lines order by order_id, product_id`,
  );
  // The Painel's returns: forgotten-cart e-mails and served 'Avise-me' requests.
  await step(
    'cart_reminders',
    `insert into cart_reminders (user_id, cart_changed_at, sent_at)
     select 1 + (i * 104729) % ${sizes.customers}, now() - (i % 60) * interval '1 day' - interval '1 day',
            now() - (i % 60) * interval '1 day'
     from generate_series(1, 5000) i
     on conflict do nothing`,
  );
  await step(
    'stock_alerts',
    `insert into stock_alerts (product_id, email, email_hash, user_id, created_at,
       back_in_stock_at, served_at)
     select 1 + (i * 7) % ${sizes.products}, null,
            encode(sha256(convert_to(u.email, 'UTF8')), 'hex'), u.id,
            now() - interval '50 days', now() - (i % 45) * interval '1 day',
            now() - (i % 45) * interval '1 day'
     from generate_series(1, 5000) i join users u on u.id = 1 + (i * 31) % ${sizes.customers}`,
  );

  for (const [table, column] of [
    ['products', 'id'],
    ['product_variations', 'id'],
    ['users', 'id'],
    ['orders', 'id'],
    ['order_items', 'id'],
    ['cart_reminders', 'id'],
    ['stock_alerts', 'id'],
  ]) {
    await q(
      `select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`,
    );
  }
  await q(`select setval('order_reference_seq', (select max(reference::bigint) from orders))`);
  await q('commit');
  await step('analyze', 'analyze');
  const [counts] = (
    await q(`select (select count(*) from products)::int as products,
                    (select count(*) from product_variations)::int as variations,
                    (select count(*) from users)::int as customers,
                    (select count(*) from orders)::int as orders,
                    (select count(*) from order_items)::int as lines`)
  ).rows;
  return { counts, seconds: (performance.now() - started) / 1000 };
}
