import type { ConsoleMessage, Page } from '@playwright/test';
import { CATEGORIES } from '../packages/domain/src/catalog';
import { expect, test } from './fixtures/test';

// Every page the server renders arrives whole and is hydrated in place by React: no mismatch,
// no error, no warning in the console, the server's nodes kept, and nothing on the screen moves
// (cumulative layout shift 0). At both sizes: the header, the grids and the footer are laid out
// differently on a phone and on a computer, and a shift one hides the other may show. Every
// category and both kinds of product page, not one of each: a defect that one page hides is
// still a defect (a list larger than React's 12.8 KB chunk once came out of order and blinked).
// On the timed store (fixtures/test.ts): nobody changes its payment settings or its catalog while
// the pages load. On the shared store the back office's tests do, and a page whose settings
// changed between the server's rendering and the browser's fresh read moves, rightly.

/** The pieces of the seeded catalog a page test needs: one sold by size, one not. */
async function productIds(page: Page, base: string): Promise<{ sized: number; plain: number }> {
  const answer = await page.request.get(`${base}/api/listar_produtos/`);
  expect(answer.status()).toBe(200);
  const products = (await answer.json()) as { id: number; tem_variacoes?: boolean }[];
  const sized = products.find((p) => p.tem_variacoes);
  const plain = products.find((p) => !p.tem_variacoes);
  if (!sized || !plain)
    throw new Error('the seeded catalog has no piece sold by size, or none without');
  return { sized: sized.id, plain: plain.id };
}

/** Watches the page's console, errors and layout shifts from the first byte. */
async function watch(page: Page): Promise<{ problems: string[] }> {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // A 404 page's own status is reported by Chromium as a failed resource; that is expected.
    if (text.includes('status of 404')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | undefined;
          return node
            ? `${node.nodeName.toLowerCase()}.${String(node.className).slice(0, 50)}`
            : '?';
        });
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The server's heading is marked once the HTML is parsed and before the app's scripts run
    // (module scripts wait for the parser). Hydration must keep that very node: a page rebuilt
    // by the browser would replace it (and flash, and lose the shopper's place).
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.querySelector('#root h1')?.setAttribute('data-from-server', '');
    });
  });
  return { problems };
}

test('every server-rendered page hydrates in place: no warning, no error, nothing moves', async ({
  page,
  timedStore,
}) => {
  const base = timedStore.baseURL;
  const { sized, plain } = await productIds(page, base);
  const paths = [
    '/',
    ...CATEGORIES.map((category) => `/${category.slug}`),
    `/produto/${sized}`,
    `/produto/${plain}`,
    '/sobre-nos',
    '/busca?q=anel',
    // Sorted and filtered: the filters beside the grid (desktop), the chips and the sort.
    '/aneis?ordem=menor-preco&banho=dourado&tamanho=16',
    '/busca?q=colar&ordem=maior-preco&promocao=1',
    // The same filters in another order, and links from a campaign: pages kept by the server.
    '/aneis?tamanho=16&banho=dourado&ordem=menor-preco',
    '/?utm_source=instagram&utm_campaign=drop',
    `/produto/${sized}?utm_source=instagram&fbclid=abc`,
    '/aneis?fbclid=abc&pagina=2',
    '/nada',
  ];
  const { problems } = await watch(page);
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root h1'), path).toHaveAttribute('data-from-server', '');
    // A frame after the network is quiet: the last of hydration's commits is painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const shifts = await page.evaluate(
      () =>
        (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts,
    );
    expect(shifts, `layout shifts on ${path}`).toEqual([]);
    expect(problems, path).toEqual([]);
  }

  // Hydrated, the page works: adding a piece to the cart opens the confirmation.
  await page.goto(`${base}/produto/${plain}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
  await expect(page.getByTestId('added-to-cart-popup')).toBeVisible();
  expect(problems).toEqual([]);
});
