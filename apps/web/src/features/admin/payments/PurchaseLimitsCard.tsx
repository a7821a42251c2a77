/**
 * 'Limites de compra' on the Pagamentos page: the store's default 'máximo por cliente', the most
 * units of one piece a shopper may hold in orders not yet paid (a piece may have its own in its
 * form). Nobody hoards the stock: api/pay refuses past it, and the product page and the cart
 * stop her there first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  isValidMaxPerCustomer,
  MAX_PER_CUSTOMER_INVALID,
  MAX_UNITS_PER_CUSTOMER_RANGE,
} from '@semijoias/domain/purchase-limits';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { PRODUCTS_QUERY_KEY } from '../products/products-api';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  PURCHASE_LIMITS_QUERY_KEY,
  purchaseLimitsQuery,
  savePurchaseLimits,
} from './purchase-limits-api';

export const PURCHASE_LIMITS_SAVED = 'Limites de compra salvos.';
const FIELD_ID = 'limites-maximo_por_cliente';

export function PurchaseLimitsCard() {
  const limits = useQuery(purchaseLimitsQuery);
  return (
    <AdminCard title="Limites de compra" className="mt-6">
      <p className="mb-4 max-w-2xl text-sm text-ink-soft">
        Quantas unidades de cada peça uma cliente pode ter em pedidos aguardando pagamento. Assim
        ninguém segura o estoque sem pagar. Uma peça pode ter o seu próprio máximo no cadastro do
        produto.
      </p>
      {limits.isPending ? (
        <AdminLoading />
      ) : limits.isError ? (
        <AdminLoadError error={limits.error} onRetry={() => void limits.refetch()} />
      ) : (
        <LimitsForm
          key={limits.data.limites.maximo_por_cliente}
          saved={limits.data.limites.maximo_por_cliente}
        />
      )}
    </AdminCard>
  );
}

function LimitsForm({ saved }: { saved: number }) {
  const [typed, setTyped] = useState(String(saved));
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const toast = useToast();

  const save = useMutation({
    mutationFn: savePurchaseLimits,
    onSuccess: (answer) => {
      queryClient.setQueryData(PURCHASE_LIMITS_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      // The product form's 'Padrão da loja (N)'.
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      toast({ title: PURCHASE_LIMITS_SAVED, tone: 'success' });
    },
    onError: (failure) =>
      setError(adminFieldErrors(failure).maximo_por_cliente ?? adminErrorMessage(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!/^\d+$/.test(value) || !isValidMaxPerCustomer(Number(value))) {
      setError(MAX_PER_CUSTOMER_INVALID);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setError(undefined);
    save.mutate({ maximo_por_cliente: Number(value) });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Limites de compra"
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
    >
      <TextField
        id={FIELD_ID}
        className="sm:w-72"
        label="Máximo por cliente (unidades)"
        inputMode="numeric"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setError(undefined);
        }}
        error={error}
        hint={`De ${MAX_UNITS_PER_CUSTOMER_RANGE.min} a ${MAX_UNITS_PER_CUSTOMER_RANGE.max}, de cada peça, somando os tamanhos.`}
        maxLength={3}
      />
      <Button type="submit" disabled={save.isPending} className="sm:mt-7">
        {save.isPending ? 'Salvando…' : 'Atualizar limite'}
      </Button>
    </form>
  );
}
