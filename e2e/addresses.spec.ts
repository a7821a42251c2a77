/**
 * SPEC §2 'Endereços de Entrega' in the account area: a new customer adds her first profile (it
 * becomes 'Padrão'), the CEP lookup fills the address, the dialog's messages, a second profile,
 * editing, 'Definir como Padrão', and deleting with its question. What the page shows is checked
 * against what the API answers.
 */
import type { Page } from '@playwright/test';
import { CHECKOUT_PASSWORD, newCheckoutShopper } from './fixtures/checkout';
import { logInFromDrawer } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

async function profilesFromApi(page: Page) {
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const res = await page.request.get('/api/perfis-endereco/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    perfis: { nome_perfil: string; is_default: boolean; endereco: string; numero: string }[];
  };
}

test('a customer keeps her delivery addresses: create, lookup, edit, default, delete', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await newCheckoutShopper(request, `end-${testInfo.project.name}`);
  await logInFromDrawer(page, shopper.email, CHECKOUT_PASSWORD);
  await page.goto('/usuario?tab=enderecos');

  const tab = page.getByTestId('addresses-tab');
  await expect(tab.getByText('Nenhum endereço salvo')).toBeVisible();
  await tab.getByRole('button', { name: 'Novo Endereço' }).click();

  const dialog = page.getByTestId('address-dialog');
  await expect(dialog.getByRole('heading', { name: 'Novo Endereço' })).toBeVisible();
  // Focus moves into the dialog.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  // Street, district, city and state wait for a complete CEP.
  await expect(dialog.getByLabel('Endereço')).toBeDisabled();

  // Saving empty shows the account dialog's wording under each field.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Nome do perfil é obrigatório')).toBeVisible();
  await expect(dialog.getByText('E-mail é obrigatório')).toBeVisible();
  await expect(dialog.getByText('CEP é obrigatório')).toBeVisible();

  await dialog.getByLabel('Nome do perfil').fill('Casa');
  await dialog.getByLabel('CEP').pressSequentially('01310100');
  await expect(dialog.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(dialog.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(dialog.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(dialog.getByLabel('Estado')).toHaveValue('SP');
  await dialog.getByLabel('Nome completo').fill('Marina Souza');
  await dialog.getByLabel('E-mail').fill('marina@');
  await dialog.getByLabel('Número').fill('1000');
  await dialog.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await dialog.getByLabel('CPF').pressSequentially(shopper.cpf);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('E-mail inválido')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('marina@exemplo.com.br');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Perfil criado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 8_000 });

  const casa = tab.getByTestId('address-card').filter({ hasText: 'Casa' });
  await expect(casa).toContainText('Avenida Paulista, 1000');
  await expect(casa.getByTestId('address-default-chip')).toHaveText('Padrão');
  // The empty state's button is gone: focus lands on the list's 'Novo Endereço'.
  await expect(tab.getByRole('button', { name: 'Novo Endereço' })).toBeFocused();

  // A second profile: the same name in other letters is refused, another name is not the default.
  await tab.getByRole('button', { name: 'Novo Endereço' }).click();
  await dialog.getByLabel('Nome do perfil').fill('CASA');
  // A CEP the postal service does not know.
  await dialog.getByLabel('CEP').pressSequentially('99999999');
  await expect(dialog.getByText('CEP não encontrado')).toBeVisible();
  await dialog.getByLabel('CEP').fill('');
  await dialog.getByLabel('CEP').pressSequentially('20040020');
  await expect(dialog.getByText('CEP não encontrado')).toHaveCount(0);
  await expect(dialog.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
  await dialog.getByLabel('Nome completo').fill('Marina Souza');
  await dialog.getByLabel('E-mail').fill('marina@exemplo.com.br');
  await dialog.getByLabel('Número').fill('50');
  await dialog.getByLabel('Telefone').pressSequentially('21987654321');
  await dialog.getByLabel('CPF').pressSequentially(shopper.cpf);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    dialog.getByText(
      'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Nome do perfil').fill('Trabalho');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden({ timeout: 8_000 });
  const trabalho = tab.getByTestId('address-card').filter({ hasText: 'Trabalho' });
  await expect(trabalho.getByTestId('address-default-chip')).toHaveCount(0);

  // Edit: 'Editar Endereço' with 'Atualizar'.
  await trabalho.getByRole('button', { name: 'Editar Trabalho' }).click();
  await expect(dialog.getByRole('heading', { name: 'Editar Endereço' })).toBeVisible();
  await dialog.getByLabel('Número').fill('52');
  await dialog.getByRole('button', { name: 'Atualizar' }).click();
  await expect(dialog.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 8_000 });
  await expect(trabalho).toContainText(', 52');
  await expect(trabalho.getByRole('button', { name: 'Editar Trabalho' })).toBeFocused();

  // 'Definir como Padrão' moves the chip.
  await trabalho.getByRole('button', { name: 'Definir como Padrão' }).click();
  await expect(trabalho.getByTestId('address-default-chip')).toBeVisible();
  await expect(casa.getByTestId('address-default-chip')).toHaveCount(0);

  // Deleting the default asks first; 'Cancelar' keeps it, 'Excluir' removes it and Casa is promoted.
  await trabalho.getByRole('button', { name: 'Excluir Trabalho' }).click();
  const question = page.getByTestId('address-delete-confirm');
  await expect(
    question.getByText('Tem certeza que deseja excluir este perfil de endereço?'),
  ).toBeVisible();
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(trabalho).toBeVisible();
  await expect(trabalho.getByRole('button', { name: 'Excluir Trabalho' })).toBeFocused();
  await trabalho.getByRole('button', { name: 'Excluir Trabalho' }).click();
  await question.getByRole('button', { name: 'Excluir' }).click();
  await expect(trabalho).toHaveCount(0);
  await expect(casa.getByTestId('address-default-chip')).toBeVisible();
  // The button that asked is gone with its card: focus goes to 'Novo Endereço', not the page.
  await expect(tab.getByRole('button', { name: 'Novo Endereço' })).toBeFocused();

  const { perfis } = await profilesFromApi(page);
  expect(perfis.map((p) => [p.nome_perfil, p.is_default, p.numero])).toEqual([
    ['Casa', true, '1000'],
  ]);
});
