/**
 * Which orders the back office marks 'Teste' (issue 19): the ones paid, or being paid, through
 * the sandbox provider, where no money moves. An order that never reached the payment page has
 * no provider yet: it will be paid through the store's current one, so that one decides.
 */
import type { Config } from '../../../config.js';
import { isTestOrder } from '../../orders/email-templates.js';

export function isAdminTestOrder(
  order: { paymentProvider: string | null },
  storeProvider: Config['paymentProvider'],
): boolean {
  return isTestOrder({ paymentProvider: order.paymentProvider ?? storeProvider });
}
