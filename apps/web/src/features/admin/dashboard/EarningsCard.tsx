/**
 * The Painel's "what it earns": over the last 30 days, what the messages that bring
 * shoppers back have sold — orders paid after their reminder to pay, pieces sold to shoppers who
 * had asked 'Avise-me', carts recovered after the forgotten-cart e-mail — each with its value.
 */
import { formatBRL } from '@semijoias/domain/money';
import { AdminCard } from '../ui/AdminStates';
import { ordersCount, type Earnings } from './dashboard-api';

/** '1 peça', '3 peças' */
function piecesCount(n: number): string {
  return `${n} ${n === 1 ? 'peça' : 'peças'}`;
}

export function EarningsCard({ earnings }: { earnings: Earnings }) {
  const figures = [
    {
      testId: 'retorno-lembrete',
      title: 'Pagos após o lembrete',
      hint: 'pedidos pagos depois do e-mail de lembrete de pagamento',
      value: earnings.pagos_apos_lembrete.total_cents,
      count: ordersCount(earnings.pagos_apos_lembrete.pedidos),
    },
    {
      testId: 'retorno-avise-me',
      title: 'Vendidos a quem pediu Avise-me',
      hint: 'peças compradas por quem foi avisada da volta ao estoque',
      value: earnings.vendidos_avise_me.total_cents,
      count: piecesCount(earnings.vendidos_avise_me.unidades),
    },
    {
      testId: 'retorno-carrinhos',
      title: 'Carrinhos recuperados',
      hint: 'pedidos pagos até 7 dias após o e-mail do carrinho esquecido',
      value: earnings.carrinhos_recuperados.total_cents,
      count: ordersCount(earnings.carrinhos_recuperados.pedidos),
    },
  ];
  return (
    <AdminCard title="O que os lembretes trouxeram" className="min-w-0">
      <p className="-mt-1 mb-3 text-sm text-muted">Últimos 30 dias.</p>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="retorno-30-dias">
        {figures.map((f) => (
          <div
            key={f.testId}
            data-testid={f.testId}
            className="min-w-0 rounded-xl border border-line bg-cream/40 px-4 py-3"
          >
            <dt className="text-sm font-medium text-ink">{f.title}</dt>
            <dd className="mt-1 font-display text-2xl font-semibold tabular-nums text-ink">
              {formatBRL(f.value)}
            </dd>
            <dd className="text-sm text-ink-soft">{f.count}</dd>
            <dd className="mt-1 text-xs text-muted">{f.hint}</dd>
          </div>
        ))}
      </dl>
    </AdminCard>
  );
}
