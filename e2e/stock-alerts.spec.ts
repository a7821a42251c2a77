import { expectHydrated, mailTo, shot, soldOut } from './fixtures/helpers';
import { logIn, newOrdersShopper, signInBrowser } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// 'Avise-me quando chegar': on a sold-out piece a shopper leaves her e-mail, is told a
// confirmation e-mail was sent and opens its link (double opt-in); on a piece sold by size, a sold-out size (crossed out and not
// selectable) is offered under 'Seu aro esgotou?'; the owners see how many wait.

// One plain piece per project, used by no other spec, emptied through the owners' API.
const PRODUCT_ID = { phone: 42, desktop: 43 } as const;
// A ring sold by size whose seed has sold-out sizes (its stock is not changed here).
const RING_ID = 14;

test('a shopper asks to be told when a sold-out piece is back; the owners see her waiting', async ({
  page,
  request,
  owner,
  ownerPage,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const id = project === 'phone' ? PRODUCT_ID.phone : PRODUCT_ID.desktop;
  await soldOut(request, owner.session.access, id);

  await page.goto(`/produto/${id}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page.getByTestId('add-to-cart')).toHaveText(/Esgotado/);
  const form = page.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(form).toBeVisible();
  const email = page.getByLabel('Seu e-mail');
  await expect(email).toHaveValue('');
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'avise-me-formulario');

  // A slip first: the form says so and sends nothing. (Typed once React has the field: what is
  // typed before hydration is not the form's state.)
  await expectHydrated(email);
  await email.fill('ana@');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByText('Por favor, digite um email válido.')).toBeVisible();

  const address = `Espera.${project}.${Date.now()}@Exemplo.com.br`;
  await email.fill(address);
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Enviamos um e-mail de confirmação para ${address.toLowerCase()}. Abra o link nele para receber o aviso quando chegar.`,
  );
  await shot(page, 'avise-me-confirmacao');

  // Double opt-in: the address confirms through the e-mailed link (a page with a button).
  const mail = await mailTo(address.toLowerCase(), /Confirme o aviso/);
  const link = new URL(mail.links.find((l) => l.includes('/api/avise-me/confirmar/'))!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Confirmar aviso' }).click();
  await expect(page.getByRole('heading', { name: 'Aviso confirmado' })).toBeVisible();
  await shot(page, 'avise-me-confirmado');

  // The owners' list, filtered to what shoppers wait for: the piece with its count.
  await ownerPage.goto('/admin/produtos?situacao=aguardando_aviso');
  const row = ownerPage.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByTestId('waiting-badge')).toHaveText(/\d+ aguardando aviso/);
  await shot(ownerPage, 'avise-me-admin-lista');
  await row.getByRole('link').click();
  await expect(ownerPage.getByTestId('waiting-badge')).toHaveText(/\d+ aguardando aviso/);
});

test('a sold-out size stays crossed out and is offered under “Seu aro esgotou?”, her e-mail filled in', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ring = (await (await request.get(`/api/produtos/detalhes/${RING_ID}/`)).json()) as {
    variacoes: { id: number; nome: string; disponivel: boolean }[];
  };
  const out = ring.variacoes.filter((v) => !v.disponivel);
  expect(out.length).toBeGreaterThan(0);
  const shopper = await newOrdersShopper(request, 'Aviso');
  await signInBrowser(page, await logIn(request, shopper.email));

  await page.goto(`/produto/${RING_ID}`);
  const sizes = page.getByRole('radiogroup', { name: 'Aro' });
  await expect(sizes.getByRole('radio', { name: `${out[0]!.nome}, esgotado` })).toBeDisabled();
  await expect(page.getByTestId('add-to-cart')).toHaveText(/Escolha o aro/);

  const toggle = page.getByRole('button', { name: 'Seu aro esgotou? Avise-me quando chegar' });
  await toggle.click();
  const form = page.getByRole('region', { name: 'Avise-me quando chegar' });
  const select = form.getByLabel('Aro');
  await expect(select.locator('option')).toHaveText(out.map((v) => v.nome));
  // Logged in: her e-mail is there (asked in the browser; the page itself is everyone's).
  await expect(form.getByLabel('Seu e-mail')).toHaveValue(shopper.email);
  const last = out[out.length - 1]!;
  await select.selectOption(String(last.id));
  await shot(page, 'avise-me-tamanho');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Enviamos um e-mail de confirmação para ${shopper.email.toLowerCase()}. Abra o link nele para receber o aviso quando chegar.`,
  );
  await shot(page, 'avise-me-tamanho-confirmacao');

  // The request is for that size: asking again for it is the same request (200).
  const again = await request.post('/api/avise-me/', {
    data: { produto_id: RING_ID, variacao_id: last.id, email: shopper.email },
  });
  expect(again.status(), await again.text()).toBe(200);
});
