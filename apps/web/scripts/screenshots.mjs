/* global document, window -- used inside page.evaluate, which runs in the browser */
// Full-page screenshots of the storefront on a phone (390x844) and a desktop (1440x900), to look
// at the pages the way shoppers see them. Needs a running store (npm start, or the API plus
// `npx vite`): node apps/web/scripts/screenshots.mjs [baseUrl] [--only=home,aneis] [--split]
// [--scale=1] [--chromium=/path]. baseUrl defaults to http://localhost:3000. --split also saves
// long pages in screen-sized parts. Writes PNGs to <repo>/screenshots/ (git-ignored).
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name) =>
  args.find((a) => a.startsWith(`--${name}`))?.split('=')[1] ??
  (args.includes(`--${name}`) ? '' : undefined);
const baseUrl = (args.find((a) => !a.startsWith('--')) ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
);
const outDir = join(dirname(fileURLToPath(import.meta.url)), '../../../screenshots');
const only = option('only')?.split(',');

const viewports = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: Number(option('scale') ?? 2),
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};

async function firstProductId(page, predicate = () => true) {
  const res = await page.request.get(`${baseUrl}/api/listar_brincos/`);
  const list = await res.json();
  return (list.find(predicate) ?? list[0]).id;
}

/** Each shot: a name, a path, and optionally something to do before the picture. */
const shots = [
  { name: 'home', path: '/' },
  { name: 'aneis', path: '/aneis' },
  { name: 'aneis-pagina-2', path: '/aneis?pagina=2' },
  {
    name: 'produto',
    path: async (page) => `/produto/${await firstProductId(page, (p) => p.composicoes.length > 0)}`,
  },
  {
    name: 'produto-promo',
    path: async (page) => `/produto/${await firstProductId(page, (p) => p.promocao)}`,
  },
  { name: 'produto-inexistente', path: '/produto/987654' },
  { name: 'sobre-nos', path: '/sobre-nos' },
  { name: 'nao-encontrada', path: '/nao-existe' },
  {
    name: 'busca',
    path: '/',
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('search-input').fill('anel');
      await page.getByTestId('search-results').getByRole('link').first().waitFor();
    },
  },
  {
    name: 'busca-vazia',
    path: '/',
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('search-input').fill('xyzzyw');
      await page.getByText('Nenhuma joia encontrada').waitFor();
    },
  },
  {
    name: 'menu',
    path: '/',
    fullPage: false,
    only: 'phone',
    act: async (page) => {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'cadastro', path: '/cadastro' },
  {
    name: 'cadastro-erro',
    path: '/cadastro',
    act: async (page) => {
      await page.getByLabel('Senha', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Criar Conta' }).click();
      await page.getByTestId('register-error').waitFor();
    },
  },
  {
    name: 'login',
    path: '/?login=true',
    fullPage: false,
    act: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'verificar-email-sem-link', path: '/verificar-email' },
  { name: 'verificar-email-sucesso', path: '/verificar-email?status=success&user=Ana' },
  { name: 'reenviar-verificacao', path: '/reenviar-verificacao' },
  { name: 'esqueci-senha', path: '/esqueci-senha' },
  {
    name: 'redefinir-senha',
    path: '/redefinir-senha/exemplo',
    act: async (page) => {
      await page.getByLabel('Nova senha', { exact: true }).fill('Senha12');
      await page.getByLabel('Confirmar nova senha').fill('Senha1');
    },
  },
  { name: 'redefinir-senha-sem-token', path: '/redefinir-senha' },
  {
    name: 'carrinho-toast',
    path: async (page) => `/produto/${await firstProductId(page)}`,
    fullPage: false,
    act: async (page) => {
      await page.getByTestId('add-to-cart').click();
      await page.getByText('adicionado ao carrinho!').first().waitFor();
    },
  },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: option('chromium') ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

try {
  for (const [device, options] of Object.entries(viewports)) {
    const context = await browser.newContext({
      ...options,
      locale: 'pt-BR',
      reducedMotion: 'reduce',
    });
    // Only the store itself: the map embed and other outside hosts would keep the network busy.
    await context.route(
      (url) => !url.href.startsWith(baseUrl),
      (route) => route.abort(),
    );
    for (const shot of shots) {
      if (shot.only && shot.only !== device) continue;
      if (only && !only.includes(shot.name)) continue;
      const page = await context.newPage();
      const path = typeof shot.path === 'function' ? await shot.path(page) : shot.path;
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      if (shot.act) await shot.act(page);
      // Lazy images below the fold: scroll through the page so they load before the picture.
      if (shot.fullPage !== false) {
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        // Wait for the images only (the lazy map frame may never settle without a network).
        await page
          .waitForFunction(() => [...document.images].every((img) => img.complete), null, {
            timeout: 10_000,
          })
          .catch(() => {
            console.warn(`  ${shot.name}-${device}: some images had not loaded`);
          });
        await page.waitForTimeout(300);
      }
      const file = join(outDir, `${shot.name}-${device}.png`);
      await page.screenshot({ path: file, fullPage: shot.fullPage !== false });
      // --split also saves the long pages in screen-sized parts, easier to look at closely.
      if (option('split') !== undefined && shot.fullPage !== false) {
        const { width, height } = await page.evaluate(() => ({
          width: document.documentElement.clientWidth,
          height: document.documentElement.scrollHeight,
        }));
        const part = device === 'phone' ? 1400 : 1800;
        for (let y = 0, n = 1; y < height; y += part, n++) {
          await page.screenshot({
            path: join(outDir, `${shot.name}-${device}-parte${n}.png`),
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(part, height - y) },
          });
        }
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      console.log(`${file}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
}
