import { randomUUID } from 'node:crypto';
import { expectNoA11yViolations } from './fixtures/a11y';
import { mailsTo, shot } from './fixtures/helpers';
import { catalogProducts, payOnSandboxPage, placeGuestOrder } from './fixtures/orders';
import { expect, test, TIMED } from './fixtures/test';

// The reminder to pay: a guest's unpaid order gets one e-mail when a third of its life is left,
// in the store's mail outbox; its link opens her order, 'Pagar agora' takes her to the provider's
// page, and her payment there pays the order. On the timed store (fixtures/test.ts: orders live
// two minutes, so the reminder goes 80 s in and leaves her 40 s), a phone and a desktop side by
// side, each guest with her own order: one wait for both sizes. The owners' side (when it was
// sent, what the reminders brought) is admin-orders.spec.ts's.

test('a guest’s unpaid order: one reminder when a third of its life is left, whose link opens the order and pays it', async ({
  bothSizes,
  timedRequest,
  timedStore,
}) => {
  // A third of two minutes before the reminder, then the payments, on two busy cores.
  test.setTimeout(240_000);
  const lifeMs = TIMED.unpaidOrderTtlMinutes * 60_000;
  const [product] = await catalogProducts(timedRequest);
  if (!product) throw new Error('the seeded catalog is empty');
  const placedAt = Date.now();
  const orders = await Promise.all(
    bothSizes.map(({ size }) =>
      placeGuestOrder(timedRequest, product, {
        fullName: 'Clara Lembrete',
        email: `visitante.${size}.${randomUUID().slice(0, 8)}@exemplo.com.br`,
      }),
    ),
  );

  await Promise.all(
    bothSizes.map(async ({ size, page }, i) => {
      const { order, email } = orders[i]!;
      const subject = new RegExp(`^Seu pedido #${order.reference} aguarda pagamento`);
      const reminders = () => mailsTo(email, subject, timedStore.dataDir);

      // Two thirds of its life: the reminder, in the store's outbox, once; not before.
      await expect
        .poll(() => reminders().length, {
          timeout: lifeMs,
          intervals: [1_000],
          message: `the reminder e-mail (${size})`,
        })
        .toBe(1);
      const [reminder] = reminders();
      expect(Date.parse(reminder!.sentAt) - placedAt).toBeGreaterThanOrEqual((lifeMs * 2) / 3);
      expect(reminder!.text).toContain(product.name);
      expect(reminder!.text).toMatch(
        /Pague até \d{2}\/\d{2} às \d{2}:\d{2} \(horário de Brasília\)/,
      );
      expect(reminder!.text).toContain(TIMED.unpaidNote);
      const link = `${timedStore.baseURL}/pedido/${order.reference}?chave=${order.chave}`;
      expect(reminder!.links).toEqual([link]);

      // Her link: the order, awaiting payment, and a way to pay it.
      await page.goto(link);
      await expect(page.getByTestId('order-status-title')).toHaveText('Aguardando Pagamento');
      await expect(page.getByTestId('order-pay-now')).toBeVisible();
      await shot(page, 'reminder-link', { size });
      await page.getByTestId('order-pay-now').click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
      await payOnSandboxPage(page, 'approved');
      await expect(page.getByTestId('order-status-title')).toHaveText('Pedido Pago', {
        timeout: 30_000,
      });
      await expectNoA11yViolations(page, `/pedido/<reference> paid, a guest's (${size})`);
      await shot(page, 'reminder-paid', { size });
      // Still one reminder: paid, never again.
      expect(reminders()).toHaveLength(1);
    }),
  );
});
