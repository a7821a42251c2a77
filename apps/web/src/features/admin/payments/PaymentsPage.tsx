/**
 * /admin/pagamentos: how the store's prices read — the interest-free installments, the
 * smallest installment and the PIX discount. Saving changes every price the storefront shows at
 * once; orders already placed keep what they were placed with. A preview shows a price as a
 * shopper will read it, with the values as typed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatBRL } from '@semijoias/domain/money';
import {
  installmentsLine,
  pixLine,
  validatePaymentSettingsForm,
} from '@semijoias/domain/payment-terms';
import { PAYMENT_SETTINGS_SAVED } from '@semijoias/domain/messages';
import { storeSettingsQueryKey } from '@/lib/store-settings';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { GuideLink } from '../help/GuideLink';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { PurchaseLimitsCard } from './PurchaseLimitsCard';
import {
  PAYMENT_SETTINGS_QUERY_KEY,
  paymentSettingsQuery,
  savePaymentSettings,
  type PaymentSettingsJson,
} from './payments-api';

type FormState = Record<keyof PaymentSettingsJson, string>;

/** Example prices for the preview: a pair of earrings, a ring, a necklace. */
const EXAMPLE_PRICES = [5990, 12990, 34900];

function formOf(settings: PaymentSettingsJson): FormState {
  return {
    parcelas_max: String(settings.parcelas_max),
    parcelas_sem_juros: String(settings.parcelas_sem_juros),
    parcela_minima: settings.parcela_minima.replace('.', ','),
    desconto_pix_percentual: settings.desconto_pix_percentual.replace(/\.0$/, '').replace('.', ','),
  };
}

export function PaymentsPage() {
  const settings = useQuery(paymentSettingsQuery);
  return (
    <>
      <AdminPageHeader
        title="Pagamentos"
        description="Parcelas sem juros e desconto no PIX: como os preços aparecem na loja."
        actions={<GuideLink slug="pagamentos" />}
      />
      {settings.isPending ? (
        <AdminLoading />
      ) : settings.isError ? (
        <AdminLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PaymentsForm
          key={JSON.stringify(settings.data.pagamentos)}
          saved={settings.data.pagamentos}
        />
      )}
      <PurchaseLimitsCard />
    </>
  );
}

function PaymentsForm({ saved }: { saved: PaymentSettingsJson }) {
  const [form, setForm] = useState(() => formOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const toast = useToast();
  const set = (key: keyof FormState, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const checked = validatePaymentSettingsForm(form);

  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData(PAYMENT_SETTINGS_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      // The storefront's prices in this tab follow at once too.
      void queryClient.invalidateQueries({ queryKey: storeSettingsQueryKey });
      toast({ title: PAYMENT_SETTINGS_SAVED, tone: 'success' });
    },
    onError: (error) => setErrors(adminFieldErrors(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      document.getElementById(`pagamentos-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(form);
  };
  const field = (key: keyof FormState) => ({
    id: `pagamentos-${key}`,
    error: errors[key],
    value: form[key],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(key, e.currentTarget.value),
  });
  const generalError =
    save.isError && Object.keys(adminFieldErrors(save.error)).length === 0
      ? adminErrorMessage(save.error)
      : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <AdminCard>
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-6"
          aria-label="Configurações de pagamento"
        >
          <fieldset className="space-y-4">
            <legend className="mb-2 font-display text-lg text-ink">Cartão de crédito</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label="Parcelas sem juros"
                {...field('parcelas_sem_juros')}
                inputMode="numeric"
                hint="Mostradas embaixo de cada preço."
              />
              <TextField
                label="Máximo de parcelas"
                {...field('parcelas_max')}
                inputMode="numeric"
                hint="De 1 a 12; acima das sem juros, com os juros do provedor."
              />
              <TextField
                label="Parcela mínima (R$)"
                {...field('parcela_minima')}
                inputMode="decimal"
                hint="Nenhuma parcela fica menor que isto."
              />
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="mb-2 font-display text-lg text-ink">PIX</legend>
            <TextField
              className="sm:max-w-xs"
              label="Desconto no PIX (%)"
              {...field('desconto_pix_percentual')}
              inputMode="decimal"
              hint="De 0 a 20, inteiro ou meio (ex.: 5 ou 7,5). Sobre os produtos, nunca o frete."
            />
          </fieldset>
          {generalError && (
            <p
              role="alert"
              className="rounded-2xl border border-rose/30 bg-rose-soft/60 px-5 py-3 text-sm text-ink"
            >
              {generalError}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando…' : 'Salvar'}
            </Button>
            <p className="text-sm text-muted">
              Vale para todos os preços da loja na hora; pedidos já feitos não mudam.
            </p>
          </div>
        </form>
      </AdminCard>

      <AdminCard>
        <h2 className="font-display text-lg text-ink">Como aparece na loja</h2>
        {checked.ok ? (
          <ul className="mt-3 space-y-4" aria-label="Exemplos de preços">
            {EXAMPLE_PRICES.map((price) => (
              <li key={price} className="border-b border-line pb-3 last:border-0 last:pb-0">
                <p className="text-lg font-semibold text-ink">{formatBRL(price)}</p>
                {installmentsLine(price, checked.settings) && (
                  <p className="text-sm text-ink-soft">
                    {installmentsLine(price, checked.settings)}
                  </p>
                )}
                {pixLine(price, checked.settings.pixDiscountTenths) && (
                  <p className="text-sm font-medium text-sage">
                    {pixLine(price, checked.settings.pixDiscountTenths)}
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted">Corrija os campos para ver os exemplos.</p>
        )}
      </AdminCard>
    </div>
  );
}
