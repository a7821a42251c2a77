/**
 * 'Avise-me' read off the wire: the real app with SMTP_URL on a local smtp-server, a
 * shopper's request, an owner's restock through the back office, the app's own sweeper; the
 * message taken apart (MIME, quoted-printable) and checked: one per request, to her address, the
 * piece, its size, its price and the link to its page on PUBLIC_URL. Also the call's rate limits
 * (5 an hour per address, 20 per IP), with this app's own limits switched on.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../config.js';
import { productVariations } from '../../db/schema.js';
import { OWNER_EMAILS } from '../../../test/admin.js';
import { setProduct } from '../../../test/checkout.js';
import { restock, sizedPiece } from '../../../test/factories.js';
import { catalogTail } from '../../../test/orders.js';
import { confirmStockAlert, pressConfirm } from '../../../test/stock-alerts.js';
import { expectSays, useSmtpApp } from '../../../test/smtp-sink.js';
import { STORE_NAME } from '../mail/templates.js';

const PUBLIC_URL = 'http://loja.test';

const ctx = useSmtpApp({
  adminEmails: [...OWNER_EMAILS],
  // Every limit off but this call's own (the owners' logins must not run into theirs).
  rateLimits: {
    ...scaleRateLimits(DEFAULT_RATE_LIMITS, 0),
    stockAlertPerAddress: DEFAULT_RATE_LIMITS.stockAlertPerAddress,
    stockAlertPerIp: DEFAULT_RATE_LIMITS.stockAlertPerIp,
  },
});

/**
 * The shoppers' messages delivered since last asked: the owners' login notices and the store's
 * health alerts (this test store has no backup) are not theirs.
 */
const delivered = () => ctx.delivered({ exceptTo: [...OWNER_EMAILS, STORE_INFO.email] });

/** Each request comes from its own client address unless told: the per-IP limit stays out. */
let nextIp = 1;
function ask(body: object, ip = `10.0.0.${nextIp++}`) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/avise-me/',
    payload: body,
    remoteAddress: ip,
  });
}

const take = catalogTail(() => ctx.database);

describe("the 'Avise-me' e-mail", () => {
  it('arrives once, when the owner restocks, with the piece, its price and its link', async () => {
    const [id] = await take(1, 0);
    const piece = await setProduct(ctx.database, id!, { priceCents: 18990 });
    expect((await ask({ produto_id: id, email: 'Cliente.Espera@Exemplo.com' })).statusCode).toBe(
      201,
    );
    // First the one confirmation e-mail (double opt-in), its link opened.
    await ctx.app.sweeper.runOnce();
    const [confirmation, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(confirmation!.to).toEqual(['cliente.espera@exemplo.com']);
    expect(confirmation!.subject).toBe(`Confirme o aviso de ${piece.name} - ${STORE_NAME}`);
    const link = /(http\S+\/api\/avise-me\/confirmar\/\?t=[\w-]+)/.exec(confirmation!.text)![1]!;
    expect(confirmation!.html).toContain(`href="${link}"`);
    expect((await pressConfirm(ctx.app, new URL(link).searchParams.get('t')!)).statusCode).toBe(
      200,
    );
    expect((await ask({ produto_id: id, email: 'cliente.espera@exemplo.com' })).statusCode).toBe(
      200,
    );
    await ctx.app.sweeper.runOnce();
    expect(await delivered()).toEqual([]); // nothing while it is sold out

    await restock(ctx.app, ctx.database, id!, 2);
    await ctx.app.sweeper.runOnce();
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(['cliente.espera@exemplo.com']);
    expect(mail.subject).toBe(`Chegou! ${piece.name} está disponível - ${STORE_NAME}`);
    expectSays(mail, piece.name, formatBRL(18990), 'Avise-me quando chegar');
    expect(mail.text).toContain(`${PUBLIC_URL}/produto/${id}\n`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/produto/${id}"`);

    // Never again: another sweep, another restock.
    await restock(ctx.app, ctx.database, id!, 1);
    await ctx.app.sweeper.runOnce();
    expect(await delivered()).toEqual([]);
  });

  it('names the size and links to it chosen', async () => {
    const ring = await sizedPiece(ctx.database);
    const size = ring.sizes[4]!;
    await ctx.database.db
      .update(productVariations)
      .set({ stock: 0 })
      .where(eq(productVariations.id, size.id));
    expect(
      (await ask({ produto_id: ring.id, variacao_id: size.id, email: 'aro@exemplo.com' }))
        .statusCode,
    ).toBe(201);
    await confirmStockAlert(ctx.app, ctx.database, 'aro@exemplo.com');
    await ctx.app.sweeper.runOnce();
    await delivered(); // the confirmation
    await restock(ctx.app, ctx.database, ring.id, 1, size.id);
    await ctx.app.sweeper.runOnce();
    const [mail, ...more] = await delivered();
    expect(more).toEqual([]);
    expect(mail!.to).toEqual(['aro@exemplo.com']);
    expectSays(mail!, `Aro ${size.name}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/produto/${ring.id}?variacao=${size.id}`);
  });
});

describe('rate limits', () => {
  it('take 5 requests an hour per address', async () => {
    const ids = await take(6, 0);
    const email = 'limite@exemplo.com';
    for (const id of ids.slice(0, 5)) {
      expect((await ask({ produto_id: id, email })).statusCode).toBe(201);
    }
    const refused = await ask({ produto_id: ids[5], email: 'LIMITE@exemplo.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(TOO_MANY_ATTEMPTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still welcome.
    expect((await ask({ produto_id: ids[5], email: 'outra@exemplo.com' })).statusCode).toBe(201);
  });

  it('take 20 requests an hour per client IP', async () => {
    const [id] = await take(1, 0);
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      const res = await ask({ produto_id: id, email: `ip${i}@exemplo.com` }, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await ask({ produto_id: id, email: 'ip20@exemplo.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(TOO_MANY_ATTEMPTS);
    expect((await ask({ produto_id: id, email: 'ip20@exemplo.com' })).statusCode).toBe(201);
  });
});
