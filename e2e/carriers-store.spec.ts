import { expect, test } from './fixtures/carrier-store';

// The carriers' store starts with Melhor Envio on (its fake), and its back office says so.
test("the carriers' store quotes through its fake Melhor Envio", async ({
  carrierStore,
  carrierOwnerPage: page,
}) => {
  await page.goto('/admin/frete');
  await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByText('Conexão com o Melhor Envio funcionando.')).toBeVisible();
  expect(carrierStore.fake.requests.some((r) => r.path.includes('/balance'))).toBe(true);
});
