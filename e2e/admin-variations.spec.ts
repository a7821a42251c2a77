import type { APIRequestContext, Page } from '@playwright/test';
import { shot } from './fixtures/helpers';
import { logIn, newOrdersShopper, placeOrder, type Session } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// The back office sells a piece by size: an owner starts selling a plain ring by size ('Vender
// por tamanho'), adds two sizes, restocks one of them from its row, and the store's product page
// offers that size. With E2E_SCREENSHOTS=1 it also photographs the section, the dialog with its
// size chosen and an order's label (fixtures/helpers.ts `shot`).

// One plain ring per project, used by no other spec.
const PRODUCT_ID = { phone: 12, desktop: 6 } as const;
const SHOTS = process.env.E2E_SCREENSHOTS === '1';

interface AdminVariation {
  id: number;
  nome: string;
  estoque: number;
  pedidos: number;
}
interface AdminProduct {
  id: number;
  nome: string;
  preco: string;
  estoque: number;
  nome_variacao: string | null;
  variacoes: AdminVariation[];
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.access}` });

async function adminProduct(request: APIRequestContext, session: Session, id: number) {
  const answer = await request.get(`/api/admin/produtos/${id}/`, { headers: auth(session) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { produto: AdminProduct }).produto;
}

test('an owner sells a plain ring by size and restocks one size', async ({
  ownerPage: page,
  owner,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const id = project === 'phone' ? PRODUCT_ID.phone : PRODUCT_ID.desktop;
  const before = await adminProduct(request, owner.session, id);
  expect(before.nome_variacao, 'a ring sold without sizes').toBeNull();
  // Two new sizes, unique to this run so a second run never meets the first one's names.
  const stamp = String(Date.now()).slice(-4);
  const [small, large] = [`1${stamp.slice(-1)}`, `2${stamp.slice(-1)}`];

  await page.goto(`/admin/produtos/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: before.nome })).toBeVisible();
  const section = page.getByTestId('variations');
  await expect(section).toContainText('vendida sem tamanho');
  await section.getByRole('button', { name: 'Vender por tamanho' }).click();
  await expect(section).toContainText('Ao salvar');
  await expect(section.getByRole('combobox', { name: 'Vendida por' })).toHaveValue('Aro');

  for (const size of [large, small]) {
    await section.getByRole('textbox', { name: 'Novo aro' }).fill(size);
    await section.getByRole('button', { name: 'Adicionar aro' }).click();
  }
  // The smaller size first: moved up with its button, from the keyboard.
  await section.getByRole('button', { name: `Subir Aro ${small}` }).focus();
  await page.keyboard.press('Enter');
  const rows = section.getByTestId('variation-row');
  await expect(rows.nth(0).getByRole('textbox', { name: 'Aro' })).toHaveValue(small);
  await expect(rows.nth(1)).toContainText('começa com 0 un.');
  await section.getByRole('button', { name: 'Salvar variações' }).click();
  await expect(
    rows.nth(0).getByRole('button', { name: `Ajustar estoque de Aro ${small}` }),
  ).toBeVisible();
  await expect(rows.nth(0)).toContainText('Esgotado');
  await expect(page.getByTestId('stock-sum')).toContainText('0 no total');
  await shot(page, 'variacoes', { fullPage: true });

  const saved = await adminProduct(request, owner.session, id);
  expect(saved.nome_variacao).toBe('Aro');
  expect(saved.variacoes.map((v) => v.nome)).toEqual([small, large]);

  // Restock the larger size from its row: the dialog opens on it.
  await section.getByRole('button', { name: `Ajustar estoque de Aro ${large}` }).click();
  const dialog = page.getByTestId('adjust-stock-dialog');
  await expect(dialog.getByRole('combobox', { name: 'Aro' })).toHaveValue(
    String(saved.variacoes[1]!.id),
  );
  await expect(dialog).toContainText(`Aro ${large} hoje: 0 un.`);
  await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Chegaram os aros');
  // The dialog as she sees it: a whole-page picture would stretch its fixed backdrop.
  await shot(page, 'ajuste-com-tamanho');
  await dialog.getByRole('button', { name: 'Salvar ajuste' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.nth(1)).toContainText('2 un.');
  await expect(page.getByTestId('stock-sum')).toContainText('2 no total');

  // The ledger names the size.
  await page.goto(`/admin/estoque?produto=${id}`);
  const entry = page.getByTestId('stock-ledger').getByRole('listitem').first();
  await expect(entry).toContainText(before.nome);
  await expect(entry).toContainText(large);
  await expect(entry).toContainText('+2');

  // The store offers the restocked size, not the empty one.
  await page.goto(`/produto/${id}`);
  const sizes = page.getByRole('radiogroup', { name: 'Aro' });
  await expect(sizes.getByRole('radio', { name: large, exact: true })).toBeEnabled();
  await expect(sizes.getByRole('radio', { name: `${small}, esgotado` })).toBeDisabled();

  if (SHOTS) await labelShot(page, request, project, saved, saved.variacoes[1]!);
});

/** An order of the restocked size (as the checkout makes it), and its label in the back office. */
async function labelShot(
  page: Page,
  request: APIRequestContext,
  project: string,
  product: AdminProduct,
  size: AdminVariation,
) {
  const shopper = await newOrdersShopper(request, 'Etiqueta');
  const session = await logIn(request, shopper.email);
  const order = await placeOrder(request, session, shopper, [
    {
      product: { id: product.id, name: product.nome, price: product.preco, variacaoId: size.id },
      quantidade: 1,
    },
  ]);
  await page.goto(`/admin/pedidos/${order.reference}`);
  await expect(page.getByTestId('order-item-size')).toHaveText(`Aro ${size.nome}`);
  await shot(page, 'pedido', { fullPage: true });
  await page.goto(`/admin/pedidos/${order.reference}/etiqueta`);
  await expect(page.getByTestId('etiqueta-itens')).toContainText(`Aro ${size.nome}`);
  await shot(page, 'etiqueta', { fullPage: true });
}
