/**
 * Part of the payment provider's FAKE FOR THE APP (the sandbox, sandbox.ts): its hosted page,
 * GET /sandbox/checkout/{id} (outside /api: it is a page), registered only when
 * PAYMENT_PROVIDER=sandbox. It plays PagBank's part without an account: plainly marked as a test,
 * it shows the amount and the order's reference and offers a card form (4111 1111 1111 1111
 * approves, 4000 0000 0000 0002 is declined; the installments the order allows to pick from) and
 * PIX (a QR code, the copy-and-paste code, 'Simular pagamento PIX') — only the one she chose at
 * checkout, both for an order placed before the choice. On a result it records it, notifies the
 * store server to server through the real webhook route (`inject`, no network), signed, and
 * sends the browser back.
 *
 * Plain HTML forms and a stylesheet: no inline script or style, so a strict Content-Security-
 * Policy holds here too.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { escapeHtml } from '@semijoias/domain/html';
import { formatBRL } from '@semijoias/domain/money';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sandboxCheckouts } from '../../db/schema.js';
import { loadQrCode } from '../../lib/on-first-use.js';
import { installmentsFrom, type CheckoutRequest } from './provider.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody, type SandboxNotification } from './sandbox.js';

export interface SandboxPageOptions {
  db: Db;
  config: Config;
}

export const APPROVED_TEST_CARD = '4111 1111 1111 1111';
export const DECLINED_TEST_CARD = '4000 0000 0000 0002';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A PIX "copia e cola" code shaped like the BR Code (EMV) a bank would show; test only. */
function pixCode(reference: string, amountCents: number): string {
  const amount = (amountCents / 100).toFixed(2);
  return `00020126580014BR.GOV.BCB.PIX0136sandbox-duas-irmas-semijoias5204000053039865406${amount}5802BR5920DUAS IRMAS SEMIJOIAS6009SAO PAULO62${String(reference.length + 4).padStart(2, '0')}05${String(reference.length).padStart(2, '0')}${reference}6304SBOX`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Pagamento de teste</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<div class="test-banner" role="note">Ambiente de teste — nenhum valor é cobrado</div>
<main class="wrap">
${body}
</main>
</body>
</html>`;
}

function notFoundPage(message: string): string {
  return page(
    'Pagamento indisponível',
    `<section class="card center">
<p class="brand">Duas Irmãs Semijoias</p>
<h1>Pagamento indisponível</h1>
<p class="muted">${escapeHtml(message)}</p>
</section>`,
  );
}

type CheckoutRow = typeof sandboxCheckouts.$inferSelect;
type Offered = Pick<CheckoutRequest, 'method' | 'installments'>;

/** What the store asked this checkout to offer (the request it was created with). */
function offeredBy(row: CheckoutRow): Offered {
  const asked = (row.payload ?? {}) as Partial<CheckoutRequest>;
  const method = asked.method === 'pix' || asked.method === 'cartao' ? asked.method : null;
  const i = asked.installments;
  const installments =
    i && Number.isInteger(i.max) && Number.isInteger(i.interestFree) && i.max >= 1
      ? { max: i.max, interestFree: Math.min(i.interestFree, i.max) }
      : null;
  return { method, installments };
}

const offersCard = (o: Offered) => o.method !== 'pix';
const offersPix = (o: Offered) => o.method !== 'cartao';

/** 'em 3x de R$ 43,30 sem juros' for each count the order allows (the sandbox charges no interest). */
function installmentOptions(amountCents: number, offered: Offered): string {
  const max = offered.installments?.max ?? 1;
  const free = offered.installments?.interestFree ?? 1;
  return Array.from({ length: max }, (_, k) => {
    const n = k + 1;
    const each = formatBRL(Math.floor((2 * amountCents + n) / (2 * n)));
    const label = n === 1 ? `1x de ${formatBRL(amountCents)}` : `em ${n}x de ${each}`;
    return `<option value="${n}">${escapeHtml(label)}${n <= free ? ' sem juros' : ' (com juros do provedor)'}</option>`;
  }).join('');
}

async function checkoutPage(row: CheckoutRow): Promise<string> {
  const offered = offeredBy(row);
  const amount = formatBRL(row.amountCents);
  const code = pixCode(row.orderReference, row.amountCents);
  // Drawn only for a checkout that offers PIX (3 ms of CPU; a card order's page shows none).
  const qr = offersPix(offered)
    ? await (await loadQrCode()).toString(code, { type: 'svg', margin: 1, width: 200 })
    : '';
  const action = `/sandbox/checkout/${row.id}`;
  return page(
    `Pedido ${row.orderReference}`,
    `<header class="summary card">
<p class="brand">Duas Irmãs Semijoias</p>
<h1>Pagamento do pedido <span class="ref">#${escapeHtml(row.orderReference)}</span></h1>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(amount)}</p>
<p class="muted">Provedor de pagamento de teste da loja. Use os dados abaixo: nada é cobrado.</p>
</header>
${
  offersCard(offered)
    ? `<section class="card" aria-labelledby="card-title">
<h2 id="card-title">Cartão de crédito</h2>
<form method="post" action="${action}/card" class="form">
<label>Número do cartão<input name="card_number" inputmode="numeric" autocomplete="cc-number" value="${APPROVED_TEST_CARD}" maxlength="23" required></label>
<label>Nome impresso no cartão<input name="holder" autocomplete="cc-name" value="CLIENTE TESTE" maxlength="60" required></label>
<div class="row">
<label>Validade<input name="expiry" inputmode="numeric" autocomplete="cc-exp" value="12/30" maxlength="5" required></label>
<label>CVV<input name="cvv" inputmode="numeric" autocomplete="cc-csc" value="123" maxlength="4" required></label>
</div>
<label>Parcelas<select name="parcelas">${installmentOptions(row.amountCents, offered)}</select></label>
<p class="hint">Aprovado: ${APPROVED_TEST_CARD}. Recusado: ${DECLINED_TEST_CARD}.</p>
<button type="submit" class="primary">Pagar ${escapeHtml(amount)}</button>
</form>
</section>`
    : ''
}
${
  offersPix(offered)
    ? `<section class="card" aria-labelledby="pix-title">
<h2 id="pix-title">PIX</h2>
<div class="pix">
<div class="qr" role="img" aria-label="QR code do PIX">${qr}</div>
<label class="copy">PIX copia e cola<textarea readonly rows="4">${escapeHtml(code)}</textarea></label>
</div>
<form method="post" action="${action}/pix">
<button type="submit" class="secondary">Simular pagamento PIX</button>
</form>
</section>`
    : ''
}`,
  );
}

const STYLESHEET = `:root{--ink:#1f1a17;--soft:#5c524b;--muted:#8a7f77;--ivory:#fbf8f3;--cream:#f3ece1;--line:#e6dccd;--gold:#b08d57;--gold-dark:#8a6a3b;--rose:#b4545a}
*{box-sizing:border-box}
body{margin:0;background:var(--ivory);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.test-banner{background:var(--ink);color:var(--ivory);text-align:center;font-size:.85rem;letter-spacing:.04em;padding:.6rem 1rem}
.wrap{max-width:34rem;margin:0 auto;padding:1.25rem 1rem 3rem;display:grid;gap:1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:1.25rem;padding:1.25rem 1.25rem 1.4rem;box-shadow:0 6px 24px rgb(31 26 23 / .06)}
.center{text-align:center}
.brand{margin:0;color:var(--gold-dark);font-size:.78rem;letter-spacing:.18em;text-transform:uppercase}
h1{font-family:Georgia,"Times New Roman",serif;font-weight:600;font-size:1.45rem;margin:.35rem 0 .25rem}
h2{font-family:Georgia,"Times New Roman",serif;font-weight:600;font-size:1.2rem;margin:0 0 .9rem}
.ref{white-space:nowrap}
.amount{font-size:2rem;font-weight:600;margin:.2rem 0;font-variant-numeric:tabular-nums}
.muted,.hint{color:var(--soft);font-size:.9rem;margin:.25rem 0 0}
.hint{font-size:.8rem;color:var(--muted)}
.form{display:grid;gap:.85rem}
label{display:grid;gap:.35rem;font-size:.85rem;color:var(--soft);font-weight:500}
input,textarea{font:inherit;color:var(--ink);border:1px solid var(--line);border-radius:.8rem;padding:.75rem .9rem;min-height:3rem;background:#fff;width:100%}
textarea{resize:none;font-family:ui-monospace,Menlo,monospace;font-size:.75rem;word-break:break-all}
input:focus,textarea:focus{outline:2px solid var(--gold);outline-offset:1px;border-color:var(--gold)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.85rem}
button{font:inherit;font-weight:600;letter-spacing:.02em;border-radius:999px;min-height:3rem;padding:.75rem 1.5rem;width:100%;cursor:pointer;border:0}
button:focus-visible{outline:2px solid var(--gold-dark);outline-offset:2px}
.primary{background:var(--ink);color:var(--ivory)}
.primary:hover{background:#3a322d}
.secondary{background:var(--gold);color:#fff;margin-top:1rem}
.secondary:hover{background:var(--gold-dark)}
.pix{display:grid;gap:1rem;justify-items:center}
.qr{width:200px;height:200px;border:1px solid var(--line);border-radius:1rem;padding:.5rem;background:#fff}
.qr svg{width:100%;height:100%;display:block}
.copy{width:100%}
@media (min-width:40rem){.wrap{padding-top:2rem}.pix{grid-template-columns:auto 1fr;align-items:start}}
`;

/** Digits of a typed card number. */
function cardDigits(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '').slice(0, 19) : '';
}

export const sandboxPageRoutes: FastifyPluginAsync<SandboxPageOptions> = async (app, opts) => {
  const { db, config } = opts;
  // The root instance: it can send the notification through the store's own webhook route.
  const root: FastifyInstance = app;

  // Forms post application/x-www-form-urlencoded: read them here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  app.get('/sandbox/sandbox.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLESHEET),
  );

  async function load(id: string): Promise<CheckoutRow | 'missing' | 'expired'> {
    if (!UUID.test(id)) return 'missing';
    const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    if (!row) return 'missing';
    if (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()) return 'expired';
    return row;
  }

  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (req, reply) => {
    const row = await load(req.params.id);
    reply.type('text/html; charset=utf-8');
    if (row === 'missing')
      return reply.code(404).send(notFoundPage('Este link de pagamento não existe.'));
    if (row === 'expired')
      return reply.code(410).send(notFoundPage('Este link de pagamento expirou.'));
    // Paid or declined: this checkout is over; the store's page shows the result (and, when
    // declined, lets her try again with a new checkout).
    if (row.status !== 'pending') return reply.redirect(row.redirectUrl, 303);
    return reply.send(await checkoutPage(row));
  });

  /**
   * Records the result (only from 'pending': one result per checkout, so a declined one is never
   * paid later beside the new checkout the store makes for her retry), notifies the store, and
   * sends the browser back to it.
   */
  async function settle(
    id: string,
    method: 'card' | 'pix',
    approved: boolean,
    installments: number | null = null,
  ) {
    const row = await load(id);
    if (row === 'missing' || row === 'expired') return row;
    if (row.status !== 'pending') return row;
    // Only what the page offers: a PIX order is not paid by card here (nor the other way).
    const offered = offeredBy(row);
    if (method === 'card' ? !offersCard(offered) : !offersPix(offered)) return 'not_offered';
    const paymentId = `SBX_${randomUUID()}`;
    const status = approved ? 'paid' : 'declined';
    const [updated] = await db
      .update(sandboxCheckouts)
      .set({ status, method, paymentId, updatedAt: sql`now()` })
      .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'pending')))
      .returning();
    if (!updated) return row;
    const notification: SandboxNotification = {
      event_id: `${paymentId}:${status}`,
      checkout_id: row.id,
      reference: row.orderReference,
      status,
      payment_id: paymentId,
      amount_cents: row.amountCents,
      method,
      // The installments she picked, within what the page offered (else one).
      ...(method === 'card'
        ? { installments: Math.min(installments ?? 1, offered.installments?.max ?? 1) }
        : {}),
    };
    const raw = JSON.stringify(notification);
    // Server to server, through the same route PagBank's notifications take (signature checked).
    const answer = await root.inject({
      method: 'POST',
      url: new URL(row.notificationUrl).pathname,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(config.sandboxWebhookSecret, raw),
      },
      payload: raw,
    });
    if (answer.statusCode !== 200) {
      app.log.error({ status: answer.statusCode }, 'sandbox: a loja não aceitou a notificação');
    }
    return updated;
  }

  /** Back to the store's return page, which shows the result once the notification landed. */
  function backTo(reply: FastifyReply, row: CheckoutRow | 'missing' | 'expired' | 'not_offered') {
    reply.type('text/html; charset=utf-8');
    if (row === 'not_offered')
      return reply
        .code(409)
        .send(notFoundPage('Esta forma de pagamento não está disponível para este pedido.'));
    if (row === 'missing')
      return reply.code(404).send(notFoundPage('Este link de pagamento não existe.'));
    if (row === 'expired')
      return reply.code(410).send(notFoundPage('Este link de pagamento expirou.'));
    return reply.redirect(row.redirectUrl, 303);
  }

  app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
    '/sandbox/checkout/:id/card',
    async (req, reply) => {
      const digits = cardDigits(req.body?.card_number);
      const approved = digits !== cardDigits(DECLINED_TEST_CARD);
      const row = await settle(
        req.params.id,
        'card',
        approved,
        installmentsFrom(req.body?.parcelas),
      );
      return backTo(reply, row);
    },
  );

  app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pix', async (req, reply) => {
    const row = await settle(req.params.id, 'pix', true);
    return backTo(reply, row);
  });
};
