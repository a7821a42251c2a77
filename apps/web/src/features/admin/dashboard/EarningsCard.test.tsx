/**
 * The Painel's card of what the reminders, 'Avise-me' and the cart e-mails sold in the last 30
 * days, each figure with its value and its count.
 */
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { EarningsCard } from './EarningsCard';

it('shows each figure with its title, value (R$) and count', () => {
  render(
    <EarningsCard
      earnings={{
        pagos_apos_lembrete: { pedidos: 3, total_cents: 123_456 },
        vendidos_avise_me: { unidades: 1, total_cents: 8_990 },
        carrinhos_recuperados: { pedidos: 0, total_cents: 0 },
      }}
    />,
  );
  const reminded = within(screen.getByTestId('retorno-lembrete'));
  expect(reminded.getByText('Pagos após o lembrete')).toBeTruthy();
  expect(reminded.getByText('R$ 1.234,56')).toBeTruthy();
  expect(reminded.getByText('3 pedidos')).toBeTruthy();

  const alerted = within(screen.getByTestId('retorno-avise-me'));
  expect(alerted.getByText('Vendidos a quem pediu Avise-me')).toBeTruthy();
  expect(alerted.getByText('R$ 89,90')).toBeTruthy();
  expect(alerted.getByText('1 peça')).toBeTruthy();

  const carts = within(screen.getByTestId('retorno-carrinhos'));
  expect(carts.getByText('Carrinhos recuperados')).toBeTruthy();
  expect(carts.getByText('R$ 0,00')).toBeTruthy();
  expect(carts.getByText('0 pedidos')).toBeTruthy();
  expect(screen.getByText('Últimos 30 dias.')).toBeTruthy();
});
