// The flash sale: shoppers who each do what the web app does for a guest (docs/cart-contract.md,
// docs/checkout-contract.md), and a steady background of page and catalog GETs.
import { randomUUID } from 'node:crypto';
import { sleep } from './processes.mjs';

export const STOCK_TEXT = 'não tem estoque suficiente';
export const APPROVED_CARD = '4111 1111 1111 1111';
const CEP = '01310-100';

/** A valid CPF for shopper `n` (two check digits, never all digits equal). */
export function cpfFor(n) {
  const base = String(100_000_000 + n * 7919)
    .slice(-9)
    .split('')
    .map(Number);
  if (base.every((d) => d === base[0])) base[8] = (base[8] + 1) % 10;
  const check = (digits) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = check(base);
  const d2 = check([...base, d1]);
  const all = [...base, d1, d2].join('');
  return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}`;
}

const money = (cents) => (cents / 100).toFixed(2);

function json(answer) {
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
}

/**
 * One call the way a shopper makes it: a failed one (no answer, or a 5xx) is tried again after a
 * moment, as she would click again; the web app keeps the same Idempotency-Key for the retry.
 * Every attempt is recorded by the client; `retries` counts the ones that had to be repeated.
 */
async function attempt(ctx, shopper, route, method, path, options) {
  for (let tries = 1; ; tries++) {
    const answer = await ctx.client.request(route, method, path, options);
    if (answer.status !== 0 && answer.status < 500) return answer;
    if (tries >= 6) return answer;
    shopper.retries += 1;
    await sleep(300 + Math.random() * 500);
  }
}

/** What one shopper does, start to end; her outcome is written on `shopper`. */
async function shop(ctx, shopper) {
  const { product, thinkMs } = ctx;
  const think = () => sleep(Math.random() * thinkMs);
  const call = (route, method, path, options) =>
    attempt(ctx, shopper, route, method, path, options);
  const id = product.id;

  // The product page (rendered on the server) and its data, as the page asks it after hydration.
  await think();
  await call('GET /produto/{id} (página)', 'GET', `/produto/${id}`);
  const detail = await call(
    'GET api/produtos/detalhes/{id}',
    'GET',
    `/api/produtos/detalhes/${id}/`,
  );
  if (detail.status !== 200) return (shopper.outcome = `produto ${detail.status || detail.error}`);

  // "Adicionar ao carrinho": a guest's cart lives in the browser (no call); the drawer quotes
  // the shipping for her CEP.
  await think();
  const quote = await call('POST api/calcular-frete', 'POST', '/api/calcular-frete/', {
    body: { cep_destino: CEP, valor_total: money(product.priceCents), quantidade_itens: 1 },
  });

  // The checkout page: the store's settings, the CEP looked up to fill the address.
  await think();
  await call('GET api/loja', 'GET', '/api/loja/');
  await call('POST api/validar-cep', 'POST', '/api/validar-cep/', { body: { cep: CEP } });

  // "Finalizar compra": the order, one Idempotency-Key for this attempt.
  await think();
  const payKey = randomUUID();
  const pay = await call('POST api/pay', 'POST', '/api/pay/', {
    // Her browser's id, as the web app sends it (the limits on unpaid orders count by it).
    headers: { 'idempotency-key': payKey, 'x-dispositivo': shopper.browser },
    body: {
      produtos: [
        {
          produto: { id },
          quantidade: 1,
          name: product.name,
          price: money(product.priceCents),
        },
      ],
      subtotal: money(product.priceCents),
      cep: CEP,
    },
  });
  shopper.payMs = pay.ms;
  if (pay.status === 409 && pay.text.includes(STOCK_TEXT)) return (shopper.outcome = 'sem estoque');
  if (pay.status !== 201) return (shopper.outcome = `api/pay ${pay.status || pay.error}`);
  const order = json(pay);
  shopper.reference = order.reference;
  // The order's total is the server's (products + freight for her CEP): the page shows it.
  const freightCents = Math.round(Number(order.total) * 100) - product.priceCents;

  // The hosted payment: her address, the totals she was shown (the order's own).
  const pagamento = await call('POST api/pagamento', 'POST', '/api/pagamento/', {
    headers: { 'idempotency-key': randomUUID(), 'x-dispositivo': shopper.browser },
    body: {
      reference: order.reference,
      chave: order.chave,
      logged: false,
      shippingInfo: {
        cep: CEP,
        street: 'Avenida Paulista',
        number: String(1000 + shopper.n),
        complement: '',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        phone: '(11) 98765-4321',
        cpf: cpfFor(shopper.n),
        fullName: `Cliente Ensaio ${shopper.n}`,
        email: shopper.email,
      },
      dadosFrete: { valor: money(freightCents), prazo: json(quote)?.frete?.prazo ?? '' },
      totais: {
        subtotal: money(product.priceCents),
        subtotalComDesconto: money(product.priceCents),
        frete: money(freightCents),
        desconto: '0.00',
        total: order.total,
      },
      cupom_dados: null,
    },
  });
  if (pagamento.status !== 200) {
    return (shopper.outcome = `api/pagamento ${pagamento.status || pagamento.error}`);
  }
  const paymentUrl = new URL(json(pagamento).payment_url);

  // The sandbox's page, then its card form (prefilled with the approved card).
  const page = await call('GET /sandbox/checkout/{id} (página)', 'GET', paymentUrl.pathname);
  const action = /<form method="post" action="([^"]+\/card)"/.exec(page.text)?.[1];
  if (page.status !== 200 || !action) return (shopper.outcome = `sandbox ${page.status}`);
  await think();
  const paid = await call('POST /sandbox/checkout/{id}/card', 'POST', action, {
    form: { card_number: APPROVED_CARD, holder: 'CLIENTE TESTE', expiry: '12/30', cvv: '123' },
  });
  if (paid.status !== 303) return (shopper.outcome = `cartão ${paid.status || paid.error}`);

  // Back at the store's return page, which reads her order until it shows the payment.
  const back = new URL(paid.headers.location, ctx.origin);
  await call('GET /pedido/{ref} (página)', 'GET', back.pathname);
  const orderPath = `/api/orders/${order.reference}/?chave=${encodeURIComponent(order.chave)}`;
  for (let i = 0; i < 40; i++) {
    const read = await call('GET api/orders/{ref}', 'GET', orderPath);
    shopper.status = json(read)?.status ?? null;
    if (shopper.status === 'Pedido Pago') return (shopper.outcome = 'pago');
    await sleep(500);
  }
  shopper.outcome = `pedido ${shopper.status}`;
}

/**
 * Runs `count` shoppers at once; resolves with their outcomes once the last one is done. A warm-up's
 * shoppers have their own name and numbers (their e-mails and CPFs are not the sale's).
 */
export async function runShoppers(ctx, count, { name = 'cliente', firstNumber = 1 } = {}) {
  const shoppers = Array.from({ length: count }, (_, i) => ({
    n: firstNumber + i,
    email: `${name}${firstNumber + i}@ensaio.exemplo.com.br`,
    browser: `ensaio-${randomUUID()}`,
    outcome: 'não terminou',
    reference: null,
    status: null,
    payMs: null,
    retries: 0,
    endedAt: null,
  }));
  ctx.active = count;
  await Promise.all(
    shoppers.map(async (shopper) => {
      try {
        await shop(ctx, shopper);
      } catch (error) {
        shopper.outcome = `erro ${error.message}`;
      } finally {
        shopper.endedAt = Date.now();
        ctx.active -= 1;
      }
    }),
  );
  return shoppers;
}

/**
 * Steady GETs of pages, catalog calls and a picture, `rps` a second, until stop() is called:
 * any failed one during the restarts is a visitor who saw an error.
 */
export function startBackground(ctx, rps, product, imagePath) {
  const paths = [
    ['GET / (página)', '/'],
    ['GET /aneis (página)', '/aneis'],
    ['GET /produto/{id} (página)', `/produto/${product.id}`],
    ['GET api/listar_produtos_destaque', '/api/listar_produtos_destaque/'],
    ['GET api/produtos/aneis', '/api/produtos/aneis/?limit=36&offset=0'],
    ['GET api/produtos/detalhes/{id}', `/api/produtos/detalhes/${product.id}/`],
    ['GET api/buscar/produtos', '/api/buscar/produtos/?search=anel'],
    ...(imagePath ? [['GET /media/… (imagem)', imagePath]] : []),
  ];
  // --background-rps 0: none (setInterval would take 1000 / 0 as its shortest interval).
  if (!(rps > 0)) return { stop: async () => ({ skipped: 0 }) };
  let next = 0;
  let inFlight = 0;
  let skipped = 0;
  const pending = new Set();
  const timer = setInterval(() => {
    // A visitor does not pile up requests behind a stuck one: past 200 waiting, skip a beat.
    if (inFlight >= 200) {
      skipped += 1;
      return;
    }
    const [route, path] = paths[next++ % paths.length];
    inFlight += 1;
    const p = ctx.client.request(route, 'GET', path).finally(() => {
      inFlight -= 1;
      pending.delete(p);
    });
    pending.add(p);
  }, 1000 / rps);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { skipped };
    },
  };
}
