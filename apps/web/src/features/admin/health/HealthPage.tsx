/**
 * /admin/saude, 'Saúde da loja': what the store checks at every sweep, one card per
 * item, problems first. Each card says its state in a word beside the coloured mark (the colour
 * is never the only signal), what was found, what to do in plain words, and when it was checked;
 * the version running closes the page.
 */
import { useQuery } from '@tanstack/react-query';
import { HEALTH_STATE_LABEL, type HealthState } from '@semijoias/domain/store-health';
import type { ComponentType, SVGProps } from 'react';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { AlertIcon, CheckIcon, CloseIcon } from '@/ui/icons';
import { formatDateTime } from '../lib/format';
import { GuideLink } from '../help/GuideLink';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { byUrgency, healthQuery, healthSummary, type HealthItem } from './health-api';

/** Each state's look: the card's edge, the mark's colours and its shape (check, !, ×). */
const LOOK: Record<
  HealthState,
  { edge: string; mark: string; pill: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }
> = {
  verde: {
    edge: 'border-l-emerald-600',
    mark: 'bg-emerald-600 text-white',
    pill: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    Icon: CheckIcon,
  },
  amarelo: {
    edge: 'border-l-amber-500',
    mark: 'bg-amber-400 text-amber-950',
    pill: 'bg-amber-50 text-amber-900 ring-amber-300',
    Icon: AlertIcon,
  },
  vermelho: {
    edge: 'border-l-red-700',
    mark: 'bg-red-700 text-white',
    pill: 'bg-red-50 text-red-900 ring-red-200',
    Icon: CloseIcon,
  },
};

export function HealthPage() {
  const health = useQuery(healthQuery);
  return (
    <>
      <AdminPageHeader
        title="Saúde da loja"
        description="A loja confere estes itens sozinha a cada minuto. Quando algo fica vermelho, vocês recebem um e-mail."
        actions={
          <>
            <GuideLink slug="saude" />
            <Button
              variant="outline"
              size="sm"
              onClick={() => void health.refetch()}
              disabled={health.isFetching}
            >
              {health.isFetching ? 'Atualizando…' : 'Atualizar'}
            </Button>
          </>
        }
      />
      {health.isPending ? (
        <AdminLoading />
      ) : health.isError ? (
        <AdminLoadError error={health.error} onRetry={() => void health.refetch()} />
      ) : (
        <>
          <Summary items={health.data.itens} />
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Itens verificados">
            {byUrgency(health.data.itens).map((item) => (
              <li key={item.chave} className="min-w-0">
                <HealthCard item={item} />
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted" data-testid="versao">
            Versão da loja em funcionamento:{' '}
            <span className="font-medium text-ink-soft">{health.data.versao}</span>
          </p>
        </>
      )}
    </>
  );
}

/** The state in a word, beside its mark. */
function StateMark({ estado, large = false }: { estado: HealthState; large?: boolean }) {
  const { mark, pill, Icon } = LOOK[estado];
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center gap-2 rounded-full py-1 pl-1 pr-3 font-semibold ring-1',
        large ? 'text-base' : 'text-sm',
        pill,
      )}
    >
      <span
        className={cx(
          'flex items-center justify-center rounded-full',
          large ? 'h-7 w-7' : 'h-6 w-6',
          mark,
        )}
      >
        <Icon width={large ? 18 : 16} height={large ? 18 : 16} strokeWidth={2.5} />
      </span>
      {HEALTH_STATE_LABEL[estado]}
    </span>
  );
}

function Summary({ items }: { items: HealthItem[] }) {
  const { estado, texto } = healthSummary(items);
  return (
    <section
      aria-label="Resumo"
      data-testid="saude-resumo"
      data-estado={estado}
      className={cx(
        'mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line border-l-4 bg-white px-4 py-4 shadow-soft sm:px-6',
        LOOK[estado].edge,
      )}
    >
      <StateMark estado={estado} large />
      <p className="font-display text-xl font-semibold text-ink sm:text-2xl">{texto}</p>
    </section>
  );
}

/** The guide (and its section) that explains what to do about each item. */
const ITEM_GUIDE: Record<HealthItem['chave'], { slug: string; anchor?: string; children: string }> =
  {
    backup: { slug: 'backups', children: 'Guia: Backups' },
    emails: {
      slug: 'colocar-no-ar',
      anchor: 'quando-algo-da-errado',
      children: 'Guia: quando os e-mails não chegam',
    },
    servidor_email: {
      slug: 'colocar-no-ar',
      anchor: '3-o-codigo-da-loja-e-as-configuracoes',
      children: 'Guia: a conta de e-mail da loja',
    },
    notificacoes_recusadas: {
      slug: 'colocar-no-ar',
      anchor: '6-dos-pagamentos-de-teste-ao-pagbank',
      children: 'Guia: os pagamentos',
    },
    provedor_pagamento: {
      slug: 'colocar-no-ar',
      anchor: '6-dos-pagamentos-de-teste-ao-pagbank',
      children: 'Guia: os pagamentos',
    },
    frete: { slug: 'frete', children: 'Guia: Frete' },
    pedidos_sem_envio: { slug: 'pedidos', children: 'Guia: Pedidos' },
    banco_de_dados: {
      slug: 'colocar-no-ar',
      anchor: '3-o-codigo-da-loja-e-as-configuracoes',
      children: 'Guia: o banco de dados',
    },
    espaco_em_disco: {
      slug: 'colocar-no-ar',
      anchor: '8-onde-olhar',
      children: 'Guia: onde olhar no servidor',
    },
  };

function HealthCard({ item }: { item: HealthItem }) {
  const id = `saude-${item.chave}`;
  return (
    <article
      aria-labelledby={id}
      data-testid="saude-item"
      data-chave={item.chave}
      data-estado={item.estado}
      className={cx(
        'flex h-full flex-col rounded-2xl border border-line border-l-4 bg-white px-4 py-4 shadow-soft sm:px-5',
        LOOK[item.estado].edge,
      )}
    >
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
        <h2 id={id} className="font-display text-xl font-semibold text-ink">
          {item.titulo}
        </h2>
        <StateMark estado={item.estado} />
      </div>
      <p className="mt-2 break-words text-sm text-ink-soft sm:text-base">{item.detalhe}</p>
      {item.o_que_fazer && (
        <div className="mt-3 rounded-xl bg-cream/70 px-3 py-2.5 text-sm text-ink">
          <p className="font-semibold">O que fazer</p>
          <p className="mt-0.5 break-words">{item.o_que_fazer}</p>
          <GuideLink {...ITEM_GUIDE[item.chave]} />
        </div>
      )}
      <p className="mt-auto pt-3 text-xs text-muted">
        Verificado em {formatDateTime(item.verificado_em)}
        {item.estado !== 'verde' && <> · nesta situação desde {formatDateTime(item.desde)}</>}
      </p>
    </article>
  );
}
