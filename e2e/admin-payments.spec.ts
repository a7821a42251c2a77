import AxeBuilder from '@axe-core/playwright';
import { shot } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// 'Pagamentos': the owners set the interest-free installments, the smallest installment
// and the PIX discount; the page previews a price as a shopper reads it, refuses what the rule
// refuses field by field, and a saved change is what the storefront's GET /api/loja/ answers.
// The settings are the store's, one for every spec: this spec runs once (on the desktop).

const SEEDED = {
  parcelas_max: 6,
  parcelas_sem_juros: 6,
  parcela_minima: '20.00',
  desconto_pix_percentual: '5.0',
};

test('an owner previews and saves the payment settings; the storefront reads what is saved', async ({
  ownerPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/admin/pagamentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();
  await expect(page.getByLabel('Parcelas sem juros')).toHaveValue('6');
  await expect(page.getByLabel('Parcela mínima (R$)')).toHaveValue('20,00');
  await expect(page.getByLabel('Desconto no PIX (%)')).toHaveValue('5');

  // The preview reads R$ 129,90 as the storefront will: 6x of R$ 21,65, R$ 123,40 by PIX.
  const examples = page.getByRole('list', { name: 'Exemplos de preços' });
  await expect(examples).toContainText('em até 6x de R$ 21,65 sem juros');
  await expect(examples).toContainText('R$ 123,40 no PIX');
  await shot(page, 'pagamentos', { fullPage: true });
  expect(
    (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id),
  ).toEqual([]);

  // Typed values change the preview before anything is saved; a bad one says why.
  await page.getByLabel('Desconto no PIX (%)').fill('7,5');
  await expect(examples).toContainText('R$ 120,15 no PIX');
  await page.getByLabel('Parcelas sem juros').fill('8');
  await page.getByLabel('Máximo de parcelas').fill('6');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText(
      'As parcelas sem juros devem ser um número inteiro de 1 até o máximo de parcelas.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Parcelas sem juros')).toBeFocused();
  await shot(page, 'pagamentos-erro', { fullPage: true });

  // Saved as typed, the owners' way ('20', '5,0'): the same values as seeded, so the other specs
  // that read the store's prices never see them change (a change is the API tests' to check:
  // modules/admin/payments and modules/web-app/payment-lines).
  await page.getByLabel('Máximo de parcelas').fill('6');
  await page.getByLabel('Parcelas sem juros').fill('6');
  await page.getByLabel('Parcela mínima (R$)').fill('20');
  await page.getByLabel('Desconto no PIX (%)').fill('5,0');
  await expect(examples).toContainText('R$ 123,40 no PIX');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações de pagamento salvas.', { exact: true })).toBeVisible();
  const store = await page.request.get('/api/loja/');
  expect((await store.json()).pagamentos).toEqual(SEEDED);
  // Saving is in the audit log.
  await page.goto('/admin/auditoria');
  await expect(
    page
      .getByText('Pagamentos: até 6x, 6x sem juros, parcela mínima R$ 20,00, 5,0 % no PIX')
      .first(),
  ).toBeVisible();
});
