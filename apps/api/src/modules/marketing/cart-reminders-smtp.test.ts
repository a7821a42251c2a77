/**
 * The forgotten-cart e-mail read off the wire: the real app with SMTP_URL on a
 * local SMTP server. The raw message carries `List-Unsubscribe: <https?://PUBLIC_URL/...>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), and a POST to that URL, as a
 * mail provider makes it, withdraws her consent without a login.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails, products, users } from '../../db/schema.js';
import { loggedInCustomer, oneClickUnsubscribe, register } from '../../../test/accounts.js';
import { addToCart, plainProducts } from '../../../test/checkout.js';
import { useSmtpApp } from '../../../test/smtp-sink.js';

const PUBLIC_URL = 'http://loja.test';
const MINUTES = 15;

const ctx = useSmtpApp({ publicUrl: PUBLIC_URL, cartReminderMinutes: MINUTES });

/** The message's own headers (before the first blank line), unfolded, names lower-cased. */
function topHeaders(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A customer who agreed to marketing e-mail, logged in; her verification e-mail already out. */
async function consentingCustomer() {
  const her = await loggedInCustomer(ctx.app, ctx.database, { aceita_marketing: true });
  await ctx.delivered();
  return her;
}

describe('the forgotten-cart e-mail on the wire', () => {
  it('carries both List-Unsubscribe headers; a POST to the URL withdraws her consent', async () => {
    const her = await consentingCustomer();
    const id = plainProducts(1)();
    await ctx.database.db.update(products).set({ stock: 20 }).where(eq(products.id, id));
    await addToCart(ctx.app, her.token, id, 1);
    const pastDue = new Date(Date.now() + (MINUTES + 1) * 60_000);
    expect(await ctx.app.cartReminders.runOnce(pastDue)).toBe(1);

    const mails = (await ctx.delivered()).filter((m) => m.to.includes(her.email));
    expect(mails).toHaveLength(1);
    const headers = topHeaders(mails[0]!.raw);
    const listUnsubscribe = headers.get('list-unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/loja\.test\/api\/descadastrar\/\?t=\d+\.[A-Za-z0-9_-]{43}>$/,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const { subject, text, html } = mails[0]!;
    expect(subject).toMatch(/esperando/);
    expect(text).toContain(`${PUBLIC_URL}/?openCart=true`);
    const token = new URL(listUnsubscribe!.slice(1, -1)).searchParams.get('t')!;
    expect(text).toContain(`${PUBLIC_URL}/descadastrar?t=${token}`);
    expect(html).toContain(`${PUBLIC_URL}/descadastrar?t=${token}`);

    // Delivered: the row keeps no token (bodies, links and headers cleared).
    const [row] = await ctx.database.db
      .select({ headers: outboxEmails.headers, links: outboxEmails.links })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'cart_reminder'));
    expect(row).toEqual({ headers: null, links: [] });

    // The provider's one-click POST, no login.
    const res = await oneClickUnsubscribe(ctx.app, listUnsubscribe!.slice(1, -1));
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await ctx.database.db
      .select({ optIn: users.marketingOptIn, at: users.marketingOptInChangedAt })
      .from(users)
      .where(eq(users.email, her.email));
    expect(user!.optIn).toBe(false);
    expect(user!.at).not.toBeNull();
  });

  it('other e-mails carry no List-Unsubscribe', async () => {
    await register(ctx.app);
    const [verification] = await ctx.delivered();
    expect(verification).toBeDefined();
    expect(topHeaders(verification!.raw).has('list-unsubscribe')).toBe(false);
  });
});
