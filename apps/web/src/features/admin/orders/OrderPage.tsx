/**
 * One order as the owners see it: its status and what can be done now (the server says which
 * actions its status allows), the pieces and totals, the delivery address and the customer, the
 * payment provider's events, the dates of its life and its history (the audit log). 'Enviado'
 * asks for the Correios code, checked here with the check digit as the server checks it;
 * cancelling asks for the reason and says the refund is to be made; 'Liberar estoque' (an unpaid
 * order) asks for the reason and gives its units back.
 */
import { variationLabel } from '@semijoias/domain/variations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { TEST_ORDER_EXPLANATION } from '@semijoias/domain/admin';
import { formatDataPedido } from '@semijoias/domain/dates';
import { maskCep } from '@semijoias/domain/cep';
import { maskCpf } from '@semijoias/domain/cpf';
import { formatBRL } from '@semijoias/domain/money';
import { maskPhone } from '@semijoias/domain/phone';
import {
  normalizeTrackingCode,
  TRACKING_CODE_LENGTH,
  trackingCodeError,
  trackingLinkText,
} from '@semijoias/domain/tracking-code';
import { Button, buttonClasses } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { TextField } from '@/ui/Field';
import { AlertIcon, ChevronLeftIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';
import { AuditHistory } from '../audit/AuditHistory';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { EmailText } from '@/ui/EmailText';
import { ActionDialog } from './ActionDialog';
import { LABEL_CARD_STATUSES, LabelCard } from './LabelCard';
import {
  ORDERS_QUERY_KEY,
  orderQuery,
  runOrderAction,
  type AdminOrder,
  type OrderAction,
} from './orders-api';
import { AdminOrderStatus, cancelReasonText, HoldsStockBadge, TestOrderBadge } from './status';
import {
  PAID_WITH_LABEL,
  PAYMENT_METHOD_LABELS,
  paidWithLabel,
  PIX_DISCOUNT_LABEL,
} from '@semijoias/domain/messages';

const ACTION_DONE: Record<OrderAction, string> = {
  em_andamento: 'Pedido marcado como Em andamento.',
  enviado: 'Pedido enviado. A cliente recebeu o código por e-mail.',
  entregue: 'Pedido marcado como Entregue.',
  cancelar: 'Pedido cancelado. O estorno ficou anotado.',
  estorno_feito: 'Estorno registrado.',
  liberar_estoque: 'Estoque liberado. O pedido foi cancelado e a cliente, avisada por e-mail.',
};

/** What the store made of each notice of the payment provider (payment_notifications.outcome). */
const PAYMENT_EVENT_TEXT: Record<string, string> = {
  paid: 'Pagamento aprovado',
  declined: 'Pagamento recusado',
  pending: 'Pagamento em análise',
  ignored: 'Aviso sem efeito',
  paid_late: 'Pago depois do prazo',
  refund_due: 'Pago depois do cancelamento: estornar',
  paid_twice: 'Pago em dobro: estornar o segundo',
  amount_mismatch: 'Valor diferente do pedido',
  method_mismatch: 'Pago por cartão um pedido de PIX',
  method_unknown: 'Forma de pagamento não identificada: conferir',
};

const WIDE_QUERY = '(min-width: 1024px)';
const isWide = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_QUERY).matches;

/** The desktop's two columns (Tailwind's lg): the label card beside the items; on a phone, first. */
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia(WIDE_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    isWide,
    () => true,
  );
}

export function OrderPage() {
  const { reference = '' } = useParams();
  const order = useQuery(orderQuery(reference));

  if (order.isPending) return <AdminLoading label="Carregando o pedido" />;
  return (
    <>
      <Link
        to="/admin/pedidos"
        className={buttonClasses('ghost', 'sm', '-ml-3 mb-2 gap-1 px-3 print:hidden')}
      >
        <ChevronLeftIcon width={18} height={18} /> Pedidos
      </Link>
      {order.isError ? (
        <>
          <AdminPageHeader title={`Pedido #${reference}`} />
          <AdminLoadError error={order.error} onRetry={() => void order.refetch()} />
        </>
      ) : (
        <OrderView order={order.data} />
      )}
    </>
  );
}

function OrderView({ order }: { order: AdminOrder }) {
  const client = useQueryClient();
  const toast = useToast();
  const [dialog, setDialog] = useState<'enviado' | 'cancelar' | 'liberar' | null>(null);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const action = useMutation({
    mutationFn: (input: { action: OrderAction; body?: Record<string, string> }) =>
      runOrderAction(order.reference, input.action, input.body),
    onSuccess: (updated, input) => {
      client.setQueryData(orderQuery(order.reference).queryKey, updated);
      void client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['session', 'admin'] });
      setDialog(null);
      toast({ title: ACTION_DONE[input.action], tone: 'success' });
    },
    onError: (error) => {
      const fields = adminFieldErrors(error);
      const message = fields.codigo_rastreio ?? fields.motivo;
      if (message) {
        setFieldError(message);
        return;
      }
      setDialog(null);
      toast({ title: adminErrorMessage(error), tone: 'error' });
      // A 409: the order moved meanwhile; show where it stands now.
      void client.invalidateQueries({ queryKey: orderQuery(order.reference).queryKey });
    },
  });

  function open(which: 'enviado' | 'cancelar' | 'liberar') {
    setFieldError(undefined);
    setCode('');
    setReason('');
    setDialog(which);
  }

  function ship() {
    const problem = trackingCodeError(code);
    if (problem) {
      setFieldError(problem);
      return;
    }
    action.mutate({ action: 'enviado', body: { codigo_rastreio: normalizeTrackingCode(code) } });
  }

  function cancel() {
    if (!reason.trim()) {
      setFieldError('Informe o motivo do cancelamento.');
      return;
    }
    action.mutate({ action: 'cancelar', body: { motivo: reason.trim() } });
  }

  function releaseStock() {
    if (!reason.trim()) {
      setFieldError('Informe o motivo para liberar o estoque.');
      return;
    }
    action.mutate({ action: 'liberar_estoque', body: { motivo: reason.trim() } });
  }

  const can = (a: OrderAction) => order.acoes.includes(a);
  const wide = useWide();
  const address = order.endereco;
  const units = order.itens.reduce((n, item) => n + item.quantidade, 0);
  // A label needs the delivery address the checkout filled. Beside the items on a desktop; on a
  // phone right under the order's status, where the owner packing it looks first.
  const labelCard =
    LABEL_CARD_STATUSES.includes(order.status) && address ? (
      <LabelCard reference={order.reference} />
    ) : null;
  /** The reason both the cancel and the release ask for (kept in the audit log). */
  const reasonField = (label: string, placeholder?: string) => (
    <TextField
      label={label}
      value={reason}
      onChange={(e) => {
        setReason(e.target.value);
        setFieldError(undefined);
      }}
      error={fieldError}
      maxLength={500}
      placeholder={placeholder}
      autoFocus
    />
  );
  const cancelReason =
    order.status === 'cancelled' && !order.estorno
      ? cancelReasonText(order.motivo_cancelamento, order.motivo_texto)
      : null;

  return (
    <>
      <AdminPageHeader
        title={`Pedido #${order.reference}`}
        badge={order.teste ? <TestOrderBadge /> : undefined}
        description={`Feito em ${formatDateTime(order.criado_em)}`}
        actions={
          address ? (
            <Link
              to={`/admin/pedidos/${encodeURIComponent(order.reference)}/etiqueta`}
              className={buttonClasses('outline', 'sm')}
            >
              Etiqueta de endereço
            </Link>
          ) : undefined
        }
      />

      {order.teste && (
        <p
          data-testid="pedido-teste-aviso"
          className="mb-4 flex gap-3 rounded-2xl border border-ink/20 bg-ink/5 px-4 py-3 text-sm font-medium text-ink sm:px-5"
        >
          <AlertIcon width={20} height={20} className="mt-px shrink-0" />
          {TEST_ORDER_EXPLANATION}
        </p>
      )}

      <section
        aria-label="Situação e ações"
        data-testid="pedido-situacao"
        className="mb-6 rounded-2xl border border-line bg-white p-4 shadow-soft sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-3">
          <AdminOrderStatus status={order.status} className="text-sm" />
          <HoldsStockBadge status={order.status} units={units} />
          {order.codigo_rastreio && (
            <p className="text-sm text-ink-soft">
              Rastreio{' '}
              <span data-testid="pedido-rastreio" className="font-mono font-semibold text-ink">
                {order.codigo_rastreio}
              </span>
              {order.rastreio_url && (
                <>
                  {' · '}
                  <a
                    href={order.rastreio_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline decoration-gold/60 underline-offset-4"
                  >
                    {trackingLinkText(order.codigo_rastreio)}
                  </a>
                </>
              )}
            </p>
          )}
        </div>
        {order.lembrete_enviado_em && (
          <p data-testid="pedido-lembrete" className="mt-3 text-sm text-ink-soft">
            {reminderSentText(order.lembrete_enviado_em)}
          </p>
        )}
        {cancelReason && (
          <p data-testid="pedido-motivo-cancelamento" className="mt-3 text-sm text-ink-soft">
            {cancelReason}
          </p>
        )}
        {order.estorno && (
          <p
            data-testid="pedido-estorno"
            className="mt-3 rounded-xl bg-rose-soft/60 px-4 py-3 text-sm text-ink"
          >
            Estorno a fazer: <strong>{formatBRL(order.estorno.valor_cents)}</strong> no painel do
            provedor de pagamento
            {order.estorno.payment_id ? ` (pagamento ${order.estorno.payment_id})` : ''}.
            {order.motivo_texto ? ` Motivo do cancelamento: ${order.motivo_texto}.` : ''}
          </p>
        )}
        {order.acoes.length > 0 && (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {can('em_andamento') && (
              <Button
                variant="outline"
                disabled={action.isPending}
                onClick={() => action.mutate({ action: 'em_andamento' })}
              >
                Marcar Em andamento
              </Button>
            )}
            {can('enviado') && (
              <Button variant="primary" onClick={() => open('enviado')}>
                Marcar como Enviado
              </Button>
            )}
            {can('entregue') && (
              <Button
                variant="primary"
                disabled={action.isPending}
                onClick={() => action.mutate({ action: 'entregue' })}
              >
                Marcar como Entregue
              </Button>
            )}
            {can('estorno_feito') && (
              <Button
                variant="primary"
                disabled={action.isPending}
                onClick={() => action.mutate({ action: 'estorno_feito' })}
              >
                Estorno feito
              </Button>
            )}
            {can('cancelar') && (
              <Button variant="ghost" className="text-rose" onClick={() => open('cancelar')}>
                Cancelar pedido
              </Button>
            )}
            {can('liberar_estoque') && (
              <Button variant="outline" className="text-rose" onClick={() => open('liberar')}>
                Liberar estoque
              </Button>
            )}
          </div>
        )}
      </section>

      {labelCard && !wide && <div className="mb-6">{labelCard}</div>}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-6">
          <AdminCard title="Itens">
            <ul className="divide-y divide-line">
              {order.itens.map((item) => (
                <li
                  key={`${item.produto_id}-${item.variacao?.id ?? 0}`}
                  className="flex items-center gap-3 py-3"
                >
                  {item.imagem ? (
                    <img
                      src={item.imagem}
                      alt=""
                      className="h-14 w-14 shrink-0 rounded-xl bg-cream object-cover"
                    />
                  ) : (
                    <span className="h-14 w-14 shrink-0 rounded-xl bg-cream" />
                  )}
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-ink">{item.nome}</p>
                    {item.variacao && (
                      <p className="text-ink-soft" data-testid="order-item-size">
                        {variationLabel(item.nome_variacao, item.variacao.nome)}
                      </p>
                    )}
                    <p className="text-muted">
                      {item.quantidade} × {formatBRL(item.preco_unitario_cents)}
                    </p>
                  </div>
                  <p className="text-sm font-semibold tabular-nums">
                    {formatBRL(item.subtotal_cents)}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
              <Row label="Subtotal">{formatBRL(order.subtotal_cents)}</Row>
              {order.desconto_cents > 0 && (
                <Row label={order.cupom ? `Desconto (cupom ${order.cupom})` : 'Desconto'}>
                  − {formatBRL(order.desconto_cents)}
                </Row>
              )}
              {order.desconto_pix_cents > 0 && (
                <Row label={PIX_DISCOUNT_LABEL}>− {formatBRL(order.desconto_pix_cents)}</Row>
              )}
              <Row
                label={[
                  'Frete',
                  order.frete_transportadora &&
                    `${order.frete_transportadora} · ${order.frete_servico_nome ?? ''}`.trim(),
                  order.frete_prazo && `${order.frete_prazo} dias`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {order.frete_cents === 0 ? 'Grátis' : formatBRL(order.frete_cents)}
              </Row>
              <Row label="Total" strong>
                {formatBRL(order.total_cents)}
              </Row>
            </dl>
          </AdminCard>

          <AdminCard title="Pagamento">
            <dl className="space-y-1 text-sm">
              <Row label="Forma escolhida">
                {order.forma_pagamento ? PAYMENT_METHOD_LABELS[order.forma_pagamento] : '—'}
              </Row>
              {order.pago_com && (
                <Row label={PAID_WITH_LABEL}>
                  <span data-testid="admin-order-paid-with">{paidWithLabel(order.pago_com)}</span>
                </Row>
              )}
              <Row label="Provedor">{order.pagamento.provedor ?? '—'}</Row>
              <Row label="ID do pagamento">
                <span className="break-all">{order.pagamento.payment_id ?? '—'}</span>
              </Row>
            </dl>
            {order.pagamento.eventos.length > 0 ? (
              <ul className="mt-3 space-y-2 border-t border-line pt-3 text-sm">
                {order.pagamento.eventos.map((e, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-x-3">
                    <span className="text-ink">
                      {PAYMENT_EVENT_TEXT[e.resultado] ?? e.resultado}
                      {e.status_provedor ? ` (${e.status_provedor})` : ''} · {e.provedor}
                    </span>
                    <span className="tabular-nums text-muted">{formatDateTime(e.recebido_em)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-muted">Nenhum aviso do provedor ainda.</p>
            )}
          </AdminCard>

          <AdminCard title="Histórico">
            <AuditHistory entityType="order" entityId={order.reference} />
          </AdminCard>
        </div>

        <div className="space-y-6">
          {labelCard && wide && labelCard}
          <AdminCard title="Cliente">
            <dl className="space-y-1 text-sm">
              <Row label="Nome">{order.cliente.nome ?? '—'}</Row>
              <Row label="E-mail">
                {order.cliente.email ? <EmailText email={order.cliente.email} /> : '—'}
              </Row>
              <Row label="CPF">{order.cliente.cpf ? maskCpf(order.cliente.cpf) : '—'}</Row>
              <Row label="Telefone">
                {order.cliente.telefone ? maskPhone(order.cliente.telefone) : '—'}
              </Row>
              <Row label="Tipo">{order.cliente.tipo === 'conta' ? 'Com conta' : 'Convidada'}</Row>
            </dl>
          </AdminCard>

          <AdminCard title="Entrega">
            {address ? (
              <address className="break-words text-sm not-italic leading-relaxed text-ink-soft">
                <p className="font-medium text-ink">{address.nome_completo}</p>
                <p>
                  {address.endereco}, {address.numero}
                  {address.complemento ? ` - ${address.complemento}` : ''}
                </p>
                <p>
                  {address.bairro} - {address.cidade}/{address.estado}
                </p>
                <p>CEP {maskCep(address.cep ?? '')}</p>
              </address>
            ) : (
              <p className="text-sm text-muted">Endereço ainda não informado.</p>
            )}
          </AdminCard>

          <AdminCard title="Datas">
            <dl className="space-y-1 text-sm">
              <Row label="Feito">{formatDateTime(order.criado_em)}</Row>
              {order.lembrete_enviado_em && (
                <Row label="Lembrete">{formatDateTime(order.lembrete_enviado_em)}</Row>
              )}
              {order.pago_em && <Row label="Pago">{formatDateTime(order.pago_em)}</Row>}
              {order.em_andamento_em && (
                <Row label="Em andamento">{formatDateTime(order.em_andamento_em)}</Row>
              )}
              {order.enviado_em && <Row label="Enviado">{formatDateTime(order.enviado_em)}</Row>}
              {order.entregue_em && <Row label="Entregue">{formatDateTime(order.entregue_em)}</Row>}
              {order.cancelado_em && (
                <Row label="Cancelado">{formatDateTime(order.cancelado_em)}</Row>
              )}
              {order.estornado_em && (
                <Row label="Estornado">{formatDateTime(order.estornado_em)}</Row>
              )}
            </dl>
          </AdminCard>
        </div>
      </div>

      <ActionDialog
        open={dialog === 'enviado'}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Marcar como Enviado"
        description="Digite o código de rastreamento dos Correios. A cliente recebe um e-mail com o código e o link de rastreio."
        confirmLabel="Confirmar envio"
        busy={action.isPending}
        onConfirm={ship}
        testId="dialogo-enviado"
      >
        <TextField
          label="Código de rastreamento"
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setFieldError(undefined);
          }}
          error={fieldError}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={TRACKING_CODE_LENGTH + 6}
          placeholder="AA473124829BR"
          hint="2 letras, 9 números e 2 letras (BR)."
          autoFocus
        />
      </ActionDialog>

      <ActionDialog
        open={dialog === 'cancelar'}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Cancelar este pedido?"
        description={`As peças voltam ao estoque e a cliente é avisada por e-mail. O estorno de ${formatBRL(order.total_cents)} fica anotado para você fazer no provedor de pagamento.`}
        confirmLabel="Cancelar pedido"
        danger
        busy={action.isPending}
        onConfirm={cancel}
        testId="dialogo-cancelar"
      >
        {reasonField('Motivo do cancelamento')}
      </ActionDialog>

      <ActionDialog
        open={dialog === 'liberar'}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Liberar o estoque deste pedido?"
        description={`Ele ainda não foi pago e segura ${units} ${units === 1 ? 'unidade' : 'unidades'}. As peças voltam ao estoque na hora, o pedido é cancelado e a cliente é avisada por e-mail. Se o pagamento chegar depois, o pedido volta enquanto houver estoque.`}
        confirmLabel="Liberar estoque"
        danger
        busy={action.isPending}
        onConfirm={releaseStock}
        testId="dialogo-liberar-estoque"
      >
        {reasonField('Motivo', 'Ex.: pedidos repetidos sem pagamento')}
      </ActionDialog>
    </>
  );
}

/** 'Lembrete de pagamento enviado em 24/11/2026 às 14:30' (São Paulo time). */
function reminderSentText(iso: string): string {
  return `Lembrete de pagamento enviado em ${formatDataPedido(new Date(iso))}`;
}

function Row({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? 'text-base font-semibold text-ink' : ''}`}
    >
      {/* The label keeps its width and its word ('E-mail' never breaks at its hyphen); the
          value takes the rest and wraps. */}
      <dt className={cx('shrink-0 whitespace-nowrap', !strong && 'text-muted')}>{label}</dt>
      <dd className="min-w-0 text-right tabular-nums">{children}</dd>
    </div>
  );
}
