import type { Locator, Page } from '@playwright/test';
import { cartDrawer, quoteInCart, shot, uniqueSeed } from './fixtures/helpers';
import { catalogProducts, payAtSandbox, placeGuestOrder } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// WhatsApp one tap away (issue 37, docs/whatsapp.md), followed as a shopper on a phone and on a
// desktop side by side (the store's WHATSAPP_NUMBER is start-store.mjs's): the floating 'Fale
// conosco no WhatsApp' on a category and a product page, never over 'Adicionar ao Carrinho' nor
// the cart drawer's 'Finalizar Compra', and not on the checkout; 'Comprar pelo WhatsApp' with the
// chosen size and the piece's link; her order's page with its reference. Every link is a plain
// wa.me link, in the server's HTML before any script. And a product's shared link shows its price.

const NUMBER = '5511974523180';
const GREETING = 'Olá, Duas Irmãs Semijoias! Vim pelo site e gostaria de atendimento.';

interface Variation {
  id: number;
  nome: string;
  disponivel: boolean;
}

interface ApiProduct {
  id: number;
  name: string;
  price: string;
  estoque: number;
  tem_variacoes?: boolean;
  nome_variacao?: string | null;
  variacoes?: Variation[];
}

/** The chat a wa.me link opens: its number and the message she will send, decoded. */
async function chatOf(link: Locator): Promise<{ number: string; text: string | null }> {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href!);
  expect(url.origin).toBe('https://wa.me');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

/** Whether two elements on the screen share any pixel (a hidden one shares none). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

const floating = (page: Page) => page.getByRole('link', { name: 'Fale conosco no WhatsApp' });
/** The same link found whether shown or not (a hidden one has no role to find it by). */
const floatingBox = (page: Page) => page.getByTestId('whatsapp-float');

async function expectGreeting(page: Page) {
  await expect(floating(page)).toBeVisible();
  expect(await chatOf(floating(page))).toEqual({ number: NUMBER, text: GREETING });
}

/** Scrolls the window so the element's bottom edge sits on the screen's bottom edge. */
async function toScreenBottom(page: Page, target: Locator) {
  await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.bottom - window.innerHeight + 2);
  });
}

/** A piece of 'Anéis' sold by 'Aro' with two sizes to choose. */
async function ringWithSizes(page: Page): Promise<ApiProduct & { variacoes: Variation[] }> {
  const list = await page.request.get('/api/produtos/aneis/?limit=100');
  expect(list.ok()).toBe(true);
  const answer = (await list.json()) as { results?: ApiProduct[] } | ApiProduct[];
  const rings = (Array.isArray(answer) ? answer : (answer.results ?? [])).filter(
    (r) => r.tem_variacoes,
  );
  for (const candidate of rings) {
    const ring = (await (
      await page.request.get(`/api/produtos/detalhes/${candidate.id}/`)
    ).json()) as ApiProduct;
    const sizes = (ring.variacoes ?? []).filter((v) => v.disponivel);
    if (ring.nome_variacao === 'Aro' && sizes.length >= 2)
      return { ...ring, variacoes: ring.variacoes! };
  }
  throw new Error('the seed sells no ring with two sizes to choose');
}

test('WhatsApp one tap away, at both sizes: every page, the piece with its size, her order', async ({
  bothSizes,
}) => {
  test.setTimeout(150_000);
  const first = bothSizes[0]!.page;
  const [piece] = await catalogProducts(first.request);
  if (!piece) throw new Error('the seeded catalog is empty');
  const ring = await ringWithSizes(first);
  const size = ring.variacoes.filter((v) => v.disponivel)[1]!;

  for (const { size: screen, page } of bothSizes) {
    // The home and a category: the floating button, greeting the store by name.
    await page.goto('/');
    await expectGreeting(page);
    await shot(page, 'inicio', { size: screen });
    await page.goto('/aneis');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectGreeting(page);
    await shot(page, 'categoria', { size: screen });

    // A piece without sizes: 'Adicionar ao Carrinho' is never under the floating button, the
    // page scrolled to it at the top, with it at the screen's bottom edge, or below it.
    await page.goto(`/produto/${piece.id}`);
    const add = page.getByTestId('add-to-cart');
    await expect(add).toHaveText('Adicionar ao Carrinho');
    const buy = page.getByRole('link', { name: /Comprar pelo WhatsApp/ });
    await expect(buy).toBeVisible();
    await shot(page, 'produto-sem-tamanho', { size: screen });
    for (const where of ['top', 'bottom-edge'] as const) {
      if (where === 'top') await page.evaluate(() => window.scrollTo(0, 0));
      else {
        await toScreenBottom(page, add);
        await expect(add).toBeInViewport();
      }
      if (screen === 'phone' && where === 'bottom-edge') {
        // On a phone the buy buttons span the screen: the floating one steps aside.
        await expect(floating(page)).toBeHidden();
      } else if (screen === 'desktop') {
        await expect(floating(page)).toBeVisible();
      }
      expect(await overlap(floatingBox(page), add), `${screen}, ${where}`).toBe(false);
      expect(await overlap(floatingBox(page), buy), `${screen}, ${where}`).toBe(false);
    }
    // Further down (the description, the reviews) it is back, with its greeting.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(add).not.toBeInViewport();
    await expectGreeting(page);
    await shot(page, 'produto-rolado', { size: screen });

    // A ring: 'Comprar pelo WhatsApp' names the size she chose and links to it.
    await page.goto(`/produto/${ring.id}`);
    await page.locator(`[data-testid="variation-option"][data-variation-id="${size.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/produto/${ring.id}\\?variacao=${size.id}$`));
    const base = new URL(page.url()).origin;
    // The address bar changes first; the link follows when the page has re-rendered.
    const buyRing = page.getByRole('link', { name: /Comprar pelo WhatsApp/ });
    await expect
      .poll(async () => (await chatOf(buyRing)).text)
      .toContain(`\nTamanho: Aro ${size.nome}\n`);
    const ringChat = await chatOf(buyRing);
    expect(ringChat.number).toBe(NUMBER);
    expect(ringChat.text).toContain(`\n${ring.name}\n`);
    expect(ringChat.text).toContain(`\nTamanho: Aro ${size.nome}\n`);
    expect(ringChat.text).toMatch(/\nPreço: R\$\s\d/);
    expect(ringChat.text!.endsWith(`\n${base}/produto/${ring.id}?variacao=${size.id}`)).toBe(true);
    await page.getByTestId('add-to-cart').scrollIntoViewIfNeeded();
    await shot(page, 'produto-com-tamanho', { size: screen });

    // The cart drawer open: its 'Finalizar Compra' is never under the floating button.
    const drawer = await quoteInCart(page, piece, '01310100');
    const checkout = drawer.getByTestId('cart-checkout');
    await expect(checkout).toBeVisible();
    await expect(floating(page)).toBeHidden();
    expect(await overlap(floatingBox(page), checkout)).toBe(false);
    await shot(page, 'carrinho', { size: screen });

    // The checkout: she is paying, nothing floats over its fields and 'Finalizar'.
    await checkout.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar Compra' })).toBeVisible();
    await expect(cartDrawer(page)).toBeHidden();
    await expect(floatingBox(page)).toHaveCount(0);

    // Her order's page: the chat about it carries its reference.
    const { order } = await placeGuestOrder(page.request, piece, {
      fullName: 'Wanda Whats',
      email: `wanda.whats.${screen}.${uniqueSeed()}@exemplo.com.br`,
    });
    await page.goto(`/pedido/${order.reference}?chave=${order.chave}`);
    const aboutOrder = page.getByRole('link', { name: /Falar sobre o pedido no WhatsApp/ });
    await expect(aboutOrder).toBeVisible();
    expect(await chatOf(aboutOrder)).toEqual({
      number: NUMBER,
      text: `Olá! Quero falar sobre o meu pedido #${order.reference} na Duas Irmãs Semijoias.`,
    });
    // Nothing floats on her order's page (over 'Pagar agora', 'Avaliar minhas joias'): its own
    // link is the chat about it. Checked once the footer, which brings the floating button, is in.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: /^WhatsApp da / }),
    ).toBeVisible();
    await expect(floatingBox(page)).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'pedido', { size: screen });

    // She pays: the page offers the chat about the paid order beside 'Continuar Comprando'.
    await payAtSandbox(page, order.paymentUrl, 'approved');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedido Pago' })).toBeVisible({
      timeout: 20_000,
    });
    const aboutPaid = page.getByRole('link', { name: /Falar sobre o pedido no WhatsApp/ });
    expect((await chatOf(aboutPaid)).text).toContain(`#${order.reference} `);
    await aboutPaid.scrollIntoViewIfNeeded();
    await shot(page, 'pedido-pago', { size: screen });
  }
});

test("a product's page without JavaScript: the chat links and the price for shared links", async ({
  request,
}) => {
  const [piece] = await catalogProducts(request);
  if (!piece) throw new Error('the seeded catalog is empty');
  const answer = await request.get(`/produto/${piece.id}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();

  const meta = (key: string) =>
    new RegExp(`<meta[^>]+property="${key.replace(/:/g, '\\:')}"[^>]+content="([^"]*)"`).exec(
      html,
    )?.[1];
  const price = (Math.round(Number(piece.price) * 100) / 100).toFixed(2);
  expect(meta('og:type')).toBe('product');
  expect(meta('product:price:amount')).toBe(price);
  expect(meta('product:price:currency')).toBe('BRL');
  expect(meta('og:price:amount')).toBe(price);
  expect(meta('og:price:currency')).toBe('BRL');
  expect(meta('product:availability')).toBe('in stock');
  expect(meta('product:condition')).toBe('new');
  expect(meta('product:brand')).toBe('Duas Irmãs Semijoias');
  expect(meta('product:retailer_item_id')).toBe(String(piece.id));

  // The links are in the HTML as plain links; nothing of WhatsApp's is loaded by the page.
  expect(html).toContain(`href="https://wa.me/${NUMBER}?text=`);
  expect(html).toMatch(/data-testid="whatsapp-float"/);
  expect(html).toMatch(/data-testid="whatsapp-buy"/);
  expect(html).not.toMatch(/<(script|iframe|img)[^>]+(whatsapp\.com|wa\.me)/);
});
