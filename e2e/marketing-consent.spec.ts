import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures/a11y';
import {
  cpfFrom,
  mailsTo,
  mailTo,
  pathOf,
  shot,
  signUpVerified,
  uniqueSeed,
} from './fixtures/helpers';
import { catalogProducts, logIn, ORDERS_PASSWORD, signInBrowser } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// Marketing consent and the forgotten cart: the sign-up's checkbox unticked, the info tab's
// switch saving on its own (a reload shows it), and a real forgotten-cart e-mail read from the
// store's outbox folder: its unsubscribe page asks before it acts, and its one-click URL works
// without a login. The e-mail comes from the timed store (fixtures/test.ts: a cart untouched for
// 6 seconds), to a phone and a desktop side by side; only customers who agreed get it.

const LABEL = 'Quero receber novidades e ofertas por e-mail';

/** A new verified customer, who agreed to offers by e-mail or not; answers her e-mail. */
async function signUp(
  request: APIRequestContext,
  label: string,
  consent: boolean,
  dataDir?: string,
): Promise<string> {
  const stamp = uniqueSeed();
  const email = `lia.marketing.${label}.${stamp}@exemplo.com.br`;
  await signUpVerified(
    request,
    {
      firstName: 'Lia',
      lastName: 'Ofertas',
      email,
      cpf: cpfFrom(stamp),
      phone: `1197${String(stamp).slice(-7)}`,
      birthdate: '1992-03-08',
      aceita_marketing: consent,
    },
    ORDERS_PASSWORD,
    dataDir,
  );
  return email;
}

async function consentOf(request: APIRequestContext, access: string): Promise<boolean> {
  const res = await request.get('/api/infos/', { headers: { authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { aceita_marketing: boolean }).aceita_marketing;
}

async function openInfoTab(page: Page) {
  await page.goto('/usuario?tab=info');
  const toggle = page.getByRole('switch', { name: LABEL });
  await expect(toggle).toBeVisible();
  return toggle;
}

test('the sign-up checkbox starts unticked', async ({ page }) => {
  await page.goto('/cadastro');
  const box = page.getByRole('checkbox', { name: LABEL });
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  await shot(box, 'marketing-cadastro');
  await box.check();
  await expect(box).toBeChecked();
  await expectNoA11yViolations(page, '/cadastro with the consent ticked');
});

test('the info tab switch saves on its own and a reload shows it', async ({
  page,
  request,
}, testInfo) => {
  const email = await signUp(request, testInfo.project.name, false);
  const session = await logIn(request, email);
  await signInBrowser(page, session);

  const toggle = await openInfoTab(page);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('marketing-status')).toHaveText(
    'Pronto! Você vai receber nossas novidades e ofertas.',
  );
  // Before the full-page screenshot, which scrolls the page (the header changes as it does).
  await expectNoA11yViolations(page, '/usuario (info) with the switch on');
  await shot(page, 'marketing-interruptor', { fullPage: true });
  expect(await consentOf(request, session.access)).toBe(true);

  await page.reload();
  const again = await openInfoTab(page);
  await expect(again).toHaveAttribute('aria-checked', 'true');
  await again.click();
  await expect(again).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('marketing-status')).toHaveText(
    'Pronto! Você não vai mais receber novidades e ofertas por e-mail.',
  );
  await page.reload();
  await expect(await openInfoTab(page)).toHaveAttribute('aria-checked', 'false');
  expect(await consentOf(request, session.access)).toBe(false);
});

test('the forgotten-cart e-mail: its unsubscribe page asks first; its one-click URL works without a login', async ({
  bothSizes,
  timedRequest,
  timedStore,
}) => {
  test.setTimeout(120_000);
  const request = timedRequest;
  const dataDir = timedStore.dataDir;
  const products = await catalogProducts(request);

  await Promise.all(
    bothSizes.map(async ({ size, page }, i) => {
      const email = await signUp(request, size, true, dataDir);
      const other = await signUp(request, size, false, dataDir);
      const piece = products[3 + i]!;
      for (const who of [email, other]) {
        const session = await logIn(request, who);
        const added = await request.post('/api/cart/add/', {
          headers: { authorization: `Bearer ${session.access}` },
          data: { product_id: piece.id },
        });
        expect(added.status(), await added.text()).toBe(200);
      }
      const session = await logIn(request, email);

      // Her cart untouched for the store's wait, then the next sweep and the outbox.
      const mail = await mailTo(email, /esperando/, { dataDir, timeout: 60_000 });
      expect(mail.text).toContain(piece.name);
      expect(mail.links[0]).toMatch(/\/\?openCart=true$/);
      const pageLink = new URL(mail.links[1]!);
      expect(pageLink.pathname).toBe('/descadastrar');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = /^<(http:\/\/[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
      expect(oneClick).toBeDefined();

      // Opening the page (a mail scanner does) changes nothing; her press does.
      await page.goto(pathOf(mail.links[1]!));
      const confirm = page.getByRole('button', { name: 'Confirmar descadastro' });
      await expect(confirm).toBeVisible();
      await shot(page, 'marketing-descadastrar', { size });
      expect(await consentOf(request, session.access)).toBe(true);
      await confirm.click();
      await expect(page.getByTestId('unsubscribe-done')).toContainText(
        'Você não vai mais receber novidades e ofertas por e-mail',
      );
      await expectNoA11yViolations(page, `/descadastrar, done (${size})`);
      await shot(page, 'marketing-descadastrado', { size });
      expect(await consentOf(request, session.access)).toBe(false);

      // The provider's one-click POST (RFC 8058) to the header's URL: 200, no login, idempotent.
      const posted = await request.post(pathOf(oneClick!), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(posted.status(), await posted.text()).toBe(200);

      // A bad link says so.
      await page.goto('/descadastrar?t=1.nada');
      await page.getByRole('button', { name: 'Confirmar descadastro' }).click();
      await expect(page.getByTestId('unsubscribe-error')).toContainText('inválido');

      // The customer who did not agree got no e-mail about her cart.
      expect(mailsTo(other, /esperando/, dataDir)).toHaveLength(0);
    }),
  );
});
