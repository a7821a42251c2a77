import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expectNoA11yViolations } from './fixtures/a11y';
import { ownerSession } from './fixtures/admin';
import { mailTo, pathOf, shot } from './fixtures/helpers';
import { catalogProducts, payAtSandbox, placeGuestOrder } from './fixtures/orders';
import { SIZES } from './fixtures/sizes';
import { expect, storageStateOf, test, waitingForTheApp } from './fixtures/test';

// Reviews from real buyers (issue 36, docs/reviews-contract.md), on the timed store (its sweep
// runs every 2 s and asks for reviews at once after delivery): a guest buys a piece and pays, the
// owners ship and deliver it, she gets one e-mail and reviews from its link on her phone (stars,
// words, a photo), the owners approve it from their phone, and the piece's server-rendered page
// shows it, with its stars in the JSON-LD. A phone and a desktop side by side, one wait for both.
// Nobody who did not buy the piece can review it.

const REVIEWS_STORE = { name: 'avaliacoes' };

test('a buyer reviews her piece from the e-mail, the owners approve it, the piece shows it', async ({
  bothSizes,
  browser,
  timedRequest,
  timedStore,
}) => {
  test.setTimeout(180_000);
  const [product] = await catalogProducts(timedRequest);
  if (!product) throw new Error('the seeded catalog is empty');
  const photo = await sharp({
    create: { width: 1200, height: 1600, channels: 3, background: '#d8b98a' },
  })
    .jpeg()
    .toBuffer();

  await Promise.all(
    bothSizes.map(async ({ size, page }) => {
      const project = size === 'phone' ? 'phone' : 'desktop';
      const email = `avalia.${size}.${randomUUID().slice(0, 8)}@exemplo.com.br`;
      const words = `Brilho lindo, uso todo dia (${size})`;

      // She buys and pays; the owners ship and deliver.
      const { order } = await placeGuestOrder(timedRequest, product, {
        fullName: 'Júlia Avaliadora',
        email,
      });
      await payAtSandbox(page, order.paymentUrl, 'approved');
      const owner = await ownerSession(timedRequest, project, {
        ...REVIEWS_STORE,
        dataDir: timedStore.dataDir,
      });
      const asOwner = { Authorization: `Bearer ${owner.session.access}` };
      for (const [step, data] of [
        ['enviado', { codigo_rastreio: 'AA123456785BR' }],
        ['entregue', undefined],
      ] as const) {
        const res = await timedRequest.post(`/api/admin/pedidos/${order.reference}/${step}/`, {
          headers: asOwner,
          ...(data ? { data } : {}),
        });
        expect(res.status(), await res.text()).toBe(200);
      }

      // One e-mail, at the next sweep, whose link opens her form without a login.
      const mail = await mailTo(email, /o que achou das suas joias/, {
        dataDir: timedStore.dataDir,
        timeout: 20_000,
      });
      const link = mail.links.find((l) => l.includes('/avaliar?token='));
      expect(link).toBeDefined();
      await page.goto(pathOf(link!));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Avalie suas joias' }),
      ).toBeVisible();
      const item = page.getByTestId('review-item').first();
      await expect(item.getByRole('heading', { name: product.name })).toBeVisible();
      await expectNoA11yViolations(page, `o formulário de avaliação (${size})`);

      // Nothing is sent without stars.
      await item.getByRole('button', { name: 'Enviar avaliação' }).click();
      await expect(item.getByText('Escolha de 1 a 5 estrelas.')).toBeVisible();
      // She taps the fifth star (the radio under it is for keyboards and screen readers).
      const fiveStars = item.getByRole('radio', { name: '5 estrelas', exact: true });
      await item
        .locator('label', { has: page.getByRole('radio', { name: '5 estrelas', exact: true }) })
        .click();
      await expect(fiveStars).toBeChecked();
      await item.getByLabel('Título (opcional)').fill('Perfeita');
      await item.getByLabel('Conte o que achou (opcional)').fill(words);
      await item
        .locator('input[type="file"]')
        .setInputFiles({ name: 'eu-usando.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(item.getByRole('img', { name: 'Foto 1 da sua avaliação' })).toBeVisible();
      // Uploaded (re-encoded by the store) before she sends.
      await expect(item.getByRole('status').filter({ hasText: 'Enviando foto' })).toHaveCount(0, {
        timeout: 15_000,
      });
      await shot(page, 'formulario', { size, fullPage: true });
      await item.getByRole('button', { name: 'Enviar avaliação' }).click();
      await expect(item.getByText(/Obrigada! Sua avaliação foi enviada/)).toBeVisible();
      await shot(page, 'enviada', { size, fullPage: true });

      // Not on the piece while it waits for the owners.
      const reviewsOf = async () =>
        (await (await timedRequest.get(`/api/produtos/${product.id}/avaliacoes/`)).json()) as {
          avaliacoes: { texto: string | null; fotos: unknown[] }[];
        };
      expect((await reviewsOf()).avaliacoes.some((r) => r.texto === words)).toBe(false);

      // The owners approve it in 'Avaliações', at this size.
      const ownerContext = await browser.newContext({
        ...SIZES[size],
        baseURL: timedStore.baseURL,
        storageState: storageStateOf(timedStore.baseURL, owner.session),
      });
      const ownerPage = waitingForTheApp(await ownerContext.newPage());
      await ownerPage.goto(`${timedStore.baseURL}/admin/avaliacoes`);
      const pending = ownerPage.getByTestId('avaliacao-item').filter({ hasText: words });
      await expect(pending).toBeVisible();
      await shot(ownerPage, 'moderacao', { size, fullPage: true });
      await pending.getByRole('button', { name: 'Aprovar' }).click();
      await expect(ownerPage.getByTestId('avaliacao-item').filter({ hasText: words })).toHaveCount(
        0,
      );
      await ownerContext.close();

      // The piece's page, as the server renders it: her words, her first name, the photo, the
      // stars near the price and in the JSON-LD.
      await expect
        .poll(async () => (await reviewsOf()).avaliacoes.some((r) => r.texto === words))
        .toBe(true);
      const html = await (await timedRequest.get(`/produto/${product.id}`)).text();
      expect(html).toContain(words);
      expect(html).toContain('"aggregateRating"');
      await page.goto(`/produto/${product.id}`);
      const section = page.locator('#avaliacoes');
      const mine = section.getByTestId('review').filter({ hasText: words });
      await expect(mine).toContainText('Júlia');
      await expect(mine).toContainText('Compra verificada');
      await expect(mine.locator('img')).toHaveCount(1);
      await shot(page, 'produto', { size, fullPage: true });
    }),
  );

  // Nobody who did not buy: a made-up link, and a real link of an order not yet sent.
  const forged = await timedRequest.post('/api/avaliacoes/', {
    data: { token: `rv1.1.9999999999.${'a'.repeat(43)}`, linha: 1, estrelas: 5 },
  });
  expect(forged.status()).toBe(401);
  expect(await forged.json()).toMatchObject({
    error: 'Este link de avaliação não é válido ou expirou.',
  });
  const page = bothSizes[0]!.page;
  await page.goto(`/avaliar?token=rv1.1.9999999999.${'b'.repeat(43)}`);
  await expect(page.getByTestId('review-link-invalid')).toContainText(
    'Este link de avaliação não é válido ou expirou.',
  );
});
