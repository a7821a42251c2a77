/**
 * The 'Etiqueta' card of a paid, in-progress or shipped order (docs/shipping-labels.md): the
 * service and the document (declaração de conteúdo by default, or the nota fiscal's key), 'Comprar
 * etiqueta' (disabled while it runs: the server buys one label however many clicks), then the
 * price, 'Imprimir etiqueta' (Melhor Envio's printable PDF in a new tab), the tracking code and
 * 'Cancelar etiqueta'. A label whose carrier gives its code later says it is waiting for it, with
 * 'Atualizar rastreio' beside it (the store also asks by itself); a shipped order whose label was
 * cancelled offers 'Comprar nova etiqueta'; a purchase running in another tab (or the other
 * owner's) shows 'Comprando etiqueta…', disabled, and the card asks again until it ends. What
 * stopped a purchase (the balance, a refused field, Melhor Envio unreachable) is shown here, in
 * the server's Portuguese.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LABEL_AWAITING_CARRIER_CODE,
  LABEL_BOUGHT_CODE_LATER,
  LABEL_CANCELLED_CODE_NOTE,
  LABEL_REBUY_NOTE,
  LABEL_TRACKING_RECEIVED,
  LABEL_TRACKING_STILL_AWAITED,
} from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import type { OrderStatusCode } from '@semijoias/domain/orders';
import { trackingLinkText } from '@semijoias/domain/tracking-code';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses, TextField } from '@/ui/Field';
import { AlertIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';
import { isApiError } from '@/lib/api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { AdminCard } from '../ui/AdminStates';
import { ORDERS_QUERY_KEY, orderQuery } from './orders-api';
import {
  buyLabel,
  cancelLabel,
  labelQuery,
  printLabel,
  refreshLabelTracking,
  type LabelDocument,
  type LabelState,
} from './labels-api';

/** The statuses whose order page shows the card. */
export const LABEL_CARD_STATUSES: readonly OrderStatusCode[] = ['paid', 'in_progress', 'shipped'];

/** How often the card asks again while another click, tab or owner holds the label. */
export const LABEL_BUSY_POLL_MS = 3_000;

/**
 * The card's buttons, full width in the desktop's 20rem column: a label too long for one line
 * there ('Concluir a compra da etiqueta') wraps into two balanced lines with room above and below,
 * rather than two lines pressed against the pill's edges.
 */
const CARD_BUTTON = 'px-4 py-2.5 text-center text-balance';

const STATUS_TEXT: Record<string, string> = {
  comprando: 'Compra não concluída',
  paga: 'Paga, falta gerar',
  gerada: 'Gerada',
  cancelada: 'Cancelada',
  falhou: 'Não comprada',
};

export function LabelCard({ reference }: { reference: string }) {
  const client = useQueryClient();
  const toast = useToast();
  // A purchase running elsewhere ends by itself: the card follows it rather than wait for a reload.
  const state = useQuery({
    ...labelQuery(reference),
    refetchInterval: (query) =>
      query.state.data?.etiqueta?.em_andamento ? LABEL_BUSY_POLL_MS : false,
  });
  const [service, setService] = useState<number | null>(null);
  const [document, setDocument] = useState<LabelDocument>('declaracao');
  const [invoiceKey, setInvoiceKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | undefined>();

  /** The label's new state, and the order's (it may be 'Enviado' now). */
  function refresh(next?: LabelState) {
    if (next) client.setQueryData(labelQuery(reference).queryKey, next);
    else void client.invalidateQueries({ queryKey: labelQuery(reference).queryKey });
    void client.invalidateQueries({ queryKey: orderQuery(reference).queryKey });
    void client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    void client.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
  }

  function failed(err: unknown) {
    const fields = adminFieldErrors(err);
    if (fields.chave_nf) {
      setKeyError(fields.chave_nf);
      return;
    }
    setError(adminErrorMessage(err));
    // A 409 carries the label as it stands now (paid, half-way, bought by another click).
    const label = isApiError(err) ? (err.data as Partial<LabelState> | null)?.etiqueta : undefined;
    if (label !== undefined) {
      client.setQueryData<LabelState>(labelQuery(reference).queryKey, (old) =>
        old ? { ...old, etiqueta: label } : old,
      );
    }
    refresh();
  }

  const buy = useMutation({
    mutationFn: () =>
      buyLabel(reference, {
        servico: service ?? state.data?.servico_padrao ?? null,
        documento: document,
        ...(document === 'nota_fiscal' ? { chave_nf: invoiceKey.replace(/\D/g, '') } : {}),
      }),
    onMutate: () => {
      setError(null);
      setKeyError(undefined);
    },
    onSuccess: (next) => {
      refresh(next);
      toast({
        title: next.etiqueta?.codigo_rastreio
          ? 'Etiqueta comprada. A cliente recebeu o código por e-mail.'
          : LABEL_BOUGHT_CODE_LATER,
        tone: 'success',
      });
    },
    onError: failed,
  });

  const refreshTracking = useMutation({
    mutationFn: () => refreshLabelTracking(reference),
    onMutate: () => setError(null),
    onSuccess: (next) => {
      refresh(next);
      toast(
        next.etiqueta?.aguardando_rastreio
          ? { title: LABEL_TRACKING_STILL_AWAITED }
          : { title: LABEL_TRACKING_RECEIVED, tone: 'success' },
      );
    },
    onError: failed,
  });

  const print = useMutation({
    // The tab is opened at the click (a popup opened after an await is blocked), then sent on.
    mutationFn: async () => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await printLabel(reference);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        return url;
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
    onMutate: () => setError(null),
    onError: failed,
  });

  const cancel = useMutation({
    mutationFn: () => cancelLabel(reference),
    onMutate: () => setError(null),
    onSuccess: (next) => {
      refresh(next);
      toast({
        title: 'Etiqueta cancelada: o valor volta ao saldo do Melhor Envio.',
        tone: 'success',
      });
    },
    onError: failed,
  });

  if (state.isPending) {
    return (
      <AdminCard title="Etiqueta">
        <p className="text-sm text-muted">Carregando…</p>
      </AdminCard>
    );
  }
  if (state.isError) {
    return (
      <AdminCard title="Etiqueta">
        <p className="text-sm text-rose">{adminErrorMessage(state.error)}</p>
      </AdminCard>
    );
  }

  const { etiqueta: label, servicos, melhor_envio_ativo: active } = state.data;
  const chosen = service ?? label?.servico_id ?? state.data.servico_padrao ?? servicos[0]?.id;
  const busy =
    buy.isPending || cancel.isPending || refreshTracking.isPending || Boolean(label?.em_andamento);
  const canBuy =
    active &&
    (label ? label.pode_comprar : ['paid', 'in_progress'].includes(state.data.pedido_status));
  const shownError = error ?? (label && label.status !== 'gerada' ? label.erro : null);
  const resuming = label?.status === 'paga' || label?.status === 'comprando';
  // Shipped with a label since cancelled: a new one gives the order (and the shopper) its code.
  const rebuying = canBuy && !resuming && state.data.pedido_status === 'shipped';
  // Bought now by another click, tab or owner: the button says so, disabled, until it ends.
  const buyingElsewhere = Boolean(label?.em_andamento) && resuming;
  const showBuy = canBuy || buyingElsewhere;
  const hasButtons = showBuy || Boolean(label?.pode_imprimir) || Boolean(label?.pode_cancelar);

  return (
    <AdminCard title="Etiqueta">
      <div data-testid="etiqueta" className="space-y-4 text-sm">
        {!active && (
          <p className="rounded-xl bg-cream px-4 py-3 text-ink-soft">
            Para comprar etiquetas, ative o Melhor Envio na página Frete.
          </p>
        )}

        {label && label.status !== 'falhou' && (
          <div className="space-y-1">
            <dl className="space-y-1">
              <div className="flex justify-between gap-3">
                <dt className="text-ink-soft">Situação</dt>
                <dd data-testid="etiqueta-status" className="font-medium text-ink">
                  {STATUS_TEXT[label.status] ?? label.status}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-ink-soft">Serviço</dt>
                <dd className="text-right text-ink">
                  {label.transportadora} {label.servico}
                </dd>
              </div>
              {label.preco_cents !== null && (
                <div className="flex justify-between gap-3">
                  <dt className="text-ink-soft">Valor</dt>
                  <dd data-testid="etiqueta-preco" className="tabular-nums text-ink">
                    {formatBRL(label.preco_cents)}
                  </dd>
                </div>
              )}
              <div className="flex justify-between gap-3">
                <dt className="text-ink-soft">Documento</dt>
                <dd className="text-right text-ink">
                  {label.documento === 'nota_fiscal' ? 'Nota fiscal' : 'Declaração de conteúdo'}
                </dd>
              </div>
              {label.codigo_rastreio && (
                <div className="flex flex-wrap justify-between gap-x-3">
                  <dt className="text-ink-soft">Rastreio</dt>
                  <dd className="text-right">
                    <span
                      data-testid="etiqueta-rastreio"
                      className={cx(
                        'font-mono',
                        label.status === 'cancelada'
                          ? 'text-muted line-through'
                          : 'select-all font-semibold text-ink',
                      )}
                    >
                      {label.codigo_rastreio}
                    </span>
                    {label.status === 'cancelada' && (
                      <span data-testid="etiqueta-rastreio-cancelado" className="block text-muted">
                        {LABEL_CANCELLED_CODE_NOTE}
                      </span>
                    )}
                    {label.rastreio_url && (
                      <a
                        href={label.rastreio_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="block text-ink underline decoration-gold/60 underline-offset-4"
                      >
                        {trackingLinkText(label.codigo_rastreio)}
                      </a>
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {label.cancelada_em && label.status === 'cancelada' && (
              <p className="text-muted">Cancelada em {formatDateTime(label.cancelada_em)}.</p>
            )}
          </div>
        )}

        {label?.aguardando_rastreio && (
          <div className="space-y-3 rounded-xl bg-cream px-4 py-3">
            <p data-testid="etiqueta-aguardando" className="text-ink-soft">
              {LABEL_AWAITING_CARRIER_CODE}
            </p>
            {label.pode_atualizar_rastreio && (
              <Button
                variant="outline"
                className={`w-full bg-white ${CARD_BUTTON}`}
                disabled={busy}
                onClick={() => refreshTracking.mutate()}
                data-testid="etiqueta-atualizar-rastreio"
              >
                {refreshTracking.isPending ? 'Perguntando ao Melhor Envio…' : 'Atualizar rastreio'}
              </Button>
            )}
          </div>
        )}

        {rebuying && (
          <p
            data-testid="etiqueta-nova-aviso"
            className="rounded-xl bg-cream px-4 py-3 text-ink-soft"
          >
            {LABEL_REBUY_NOTE}
          </p>
        )}

        {canBuy && !resuming && (
          <div className="space-y-3">
            <div>
              <label htmlFor="etiqueta-servico" className="mb-1.5 block font-medium text-ink-soft">
                Serviço
              </label>
              <select
                id="etiqueta-servico"
                className={inputClasses}
                value={chosen ?? ''}
                disabled={busy}
                onChange={(e) => setService(Number(e.target.value))}
              >
                {servicos.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.transportadora} {s.servico}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-1.5 font-medium text-ink-soft">Documento</legend>
              {(
                [
                  ['declaracao', 'Declaração de conteúdo'],
                  ['nota_fiscal', 'Nota fiscal'],
                ] as const
              ).map(([value, text]) => (
                <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name="etiqueta-documento"
                    value={value}
                    checked={document === value}
                    disabled={busy}
                    onChange={() => setDocument(value)}
                    className="size-5 accent-gold-dark"
                  />
                  {text}
                </label>
              ))}
            </fieldset>
            {document === 'nota_fiscal' && (
              <TextField
                id="etiqueta-chave"
                label="Chave de acesso da nota fiscal"
                inputMode="numeric"
                value={invoiceKey}
                error={keyError}
                hint="Os 44 números da NF-e."
                maxLength={60}
                onChange={(e) => {
                  setInvoiceKey(e.currentTarget.value);
                  setKeyError(undefined);
                }}
              />
            )}
          </div>
        )}

        {shownError && (
          <p
            role="alert"
            data-testid="etiqueta-erro"
            className="flex gap-2 rounded-xl bg-rose-soft/60 px-4 py-3 text-ink"
          >
            <AlertIcon width={18} height={18} className="mt-0.5 shrink-0 text-rose" />
            {shownError}
          </p>
        )}

        {hasButtons && (
          <div className="flex flex-col gap-2">
            {showBuy && (
              <Button
                variant="primary"
                className={CARD_BUTTON}
                disabled={busy}
                onClick={() => buy.mutate()}
                data-testid="etiqueta-comprar"
              >
                {buy.isPending || label?.em_andamento
                  ? 'Comprando etiqueta…'
                  : resuming
                    ? 'Concluir a compra da etiqueta'
                    : rebuying
                      ? 'Comprar nova etiqueta'
                      : 'Comprar etiqueta'}
              </Button>
            )}
            {label?.pode_imprimir && (
              <Button
                variant="primary"
                className={CARD_BUTTON}
                disabled={print.isPending}
                onClick={() => print.mutate()}
                data-testid="etiqueta-imprimir"
              >
                Imprimir etiqueta
              </Button>
            )}
            {label?.pode_cancelar && (
              <Button
                variant="ghost"
                className={`text-rose ${CARD_BUTTON}`}
                disabled={busy}
                onClick={() => {
                  if (
                    window.confirm(
                      'Cancelar a etiqueta no Melhor Envio? O valor volta ao saldo. O pedido continua como está.',
                    )
                  )
                    cancel.mutate();
                }}
                data-testid="etiqueta-cancelar"
              >
                {cancel.isPending ? 'Cancelando…' : 'Cancelar etiqueta'}
              </Button>
            )}
          </div>
        )}
      </div>
    </AdminCard>
  );
}
