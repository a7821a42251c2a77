/**
 * 'Quando pedir a avaliação' on Avaliações: how many days after 'Entregue' the buyer gets the
 * review e-mail, and after 'Enviado' for an order never marked delivered (docs/reviews-contract.md).
 * Until the owners save, the store's settings (REVIEW_REQUEST_DELAY_MINUTES) stand in.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  REVIEW_DELIVERED_DAYS_INVALID,
  REVIEW_SHIPPED_DAYS_INVALID,
} from '@semijoias/domain/reviews';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { REQUEST_TIMING_QUERY_KEY, requestTimingQuery, saveRequestTiming } from './reviews-api';

export const REQUEST_TIMING_SAVED = 'Prazo do pedido de avaliação salvo.';

export function RequestTimingCard() {
  const timing = useQuery(requestTimingQuery);
  return (
    <AdminCard title="Quando pedir a avaliação" className="mt-8">
      <p className="mb-4 max-w-2xl text-sm text-ink-soft">
        A cliente recebe um único e-mail pedindo a avaliação das peças, este número de dias depois
        de o pedido ser marcado como Entregue (ou depois de Enviado, se ele nunca for marcado como
        Entregue).
      </p>
      {timing.isPending ? (
        <AdminLoading />
      ) : timing.isError ? (
        <AdminLoadError error={timing.error} onRetry={() => void timing.refetch()} />
      ) : (
        <TimingForm
          key={`${timing.data.dias_apos_entrega}-${timing.data.dias_apos_envio}`}
          delivered={timing.data.dias_apos_entrega}
          shipped={timing.data.dias_apos_envio}
        />
      )}
    </AdminCard>
  );
}

const wholeDays = (text: string, min: number) =>
  /^\d{1,2}$/.test(text.trim()) && Number(text) >= min && Number(text) <= 60;

function TimingForm({ delivered, shipped }: { delivered: number; shipped: number }) {
  const [afterDelivery, setAfterDelivery] = useState(String(delivered));
  const [afterShipping, setAfterShipping] = useState(String(shipped));
  const [errors, setErrors] = useState<{ entrega?: string; envio?: string }>({});
  const queryClient = useQueryClient();
  const toast = useToast();

  const save = useMutation({
    mutationFn: saveRequestTiming,
    onSuccess: (answer) => {
      queryClient.setQueryData(REQUEST_TIMING_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({ title: REQUEST_TIMING_SAVED, tone: 'success' });
    },
    onError: (failure) => {
      const fields = adminFieldErrors(failure);
      const entrega = fields.dias_apos_entrega;
      const envio = fields.dias_apos_envio;
      setErrors(entrega || envio ? { entrega, envio } : { entrega: adminErrorMessage(failure) });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      entrega: wholeDays(afterDelivery, 0) ? undefined : REVIEW_DELIVERED_DAYS_INVALID,
      envio: wholeDays(afterShipping, 1) ? undefined : REVIEW_SHIPPED_DAYS_INVALID,
    };
    setErrors(next);
    if (next.entrega || next.envio) return;
    save.mutate({
      dias_apos_entrega: Number(afterDelivery),
      dias_apos_envio: Number(afterShipping),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Quando pedir a avaliação"
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
    >
      <TextField
        id="avaliacao-dias-entrega"
        className="sm:w-56"
        label="Dias depois da entrega"
        inputMode="numeric"
        maxLength={2}
        value={afterDelivery}
        onChange={(e) => setAfterDelivery(e.currentTarget.value)}
        error={errors.entrega}
        hint="De 0 a 60."
      />
      <TextField
        id="avaliacao-dias-envio"
        className="sm:w-56"
        label="Dias depois do envio"
        inputMode="numeric"
        maxLength={2}
        value={afterShipping}
        onChange={(e) => setAfterShipping(e.currentTarget.value)}
        error={errors.envio}
        hint="De 1 a 60, se o pedido nunca for marcado como Entregue."
      />
      <Button type="submit" disabled={save.isPending} className="sm:mt-7">
        {save.isPending ? 'Salvando…' : 'Salvar prazo'}
      </Button>
    </form>
  );
}
