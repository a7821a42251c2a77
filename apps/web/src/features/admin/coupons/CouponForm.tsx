/**
 * Create or edit a coupon: every column of the coupons table. The domain's validateCouponForm
 * checks it here before sending (the same messages the server answers); the server checks it
 * again and adds what only it knows (a code taken, a limit below the uses, an unknown e-mail).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { validateCouponForm, type CouponFormBody } from '@semijoias/domain/coupon-form';
import { Button, ButtonLink } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { AdminCard } from '../ui/AdminStates';
import { COUPONS_QUERY_KEY, saveCoupon, type AdminCoupon } from './coupons-api';

interface FormState {
  codigo: string;
  descricao: string;
  tipo: 'percentual' | 'valor_fixo';
  percentual: string;
  valor: string;
  pedido_minimo: string;
  valido_de: string;
  valido_ate: string;
  limite_uso: string;
  uma_vez_por_cliente: boolean;
  primeira_compra: boolean;
  cliente_email: string;
  ativo: boolean;
}

/** "15.00" -> "15,00", as people in Brazil type money. */
const decimalComma = (value: string | null) => (value ? value.replace('.', ',') : '');

/** An instant -> the value of a datetime-local input, in the browser's own time zone. */
function toLocalInput(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the owner's clock) -> the instant the API expects. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function initialState(coupon: AdminCoupon | null): FormState {
  return {
    codigo: coupon?.codigo ?? '',
    descricao: coupon?.descricao ?? '',
    tipo: coupon?.tipo ?? 'percentual',
    percentual: coupon?.percentual == null ? '' : String(coupon.percentual).replace('.', ','),
    valor: decimalComma(coupon?.valor ?? null),
    pedido_minimo: decimalComma(coupon?.pedido_minimo ?? null),
    valido_de: toLocalInput(coupon?.valido_de ?? null),
    valido_ate: toLocalInput(coupon?.valido_ate ?? null),
    limite_uso: coupon?.limite_uso == null ? '' : String(coupon.limite_uso),
    uma_vez_por_cliente: coupon?.uma_vez_por_cliente ?? false,
    primeira_compra: coupon?.primeira_compra ?? false,
    cliente_email: coupon?.cliente_email ?? '',
    ativo: coupon?.ativo ?? true,
  };
}

function toBody(s: FormState): CouponFormBody {
  return {
    codigo: s.codigo,
    descricao: s.descricao,
    tipo: s.tipo,
    percentual: s.tipo === 'percentual' ? s.percentual : null,
    valor: s.tipo === 'valor_fixo' ? s.valor : null,
    pedido_minimo: s.pedido_minimo || null,
    valido_de: fromLocalInput(s.valido_de),
    valido_ate: fromLocalInput(s.valido_ate),
    limite_uso: s.limite_uso.trim() === '' ? null : Number(s.limite_uso),
    uma_vez_por_cliente: s.uma_vez_por_cliente,
    primeira_compra: s.primeira_compra,
    cliente_email: s.cliente_email.trim() || null,
    ativo: s.ativo,
  };
}

function firstErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}

export function CouponForm({ coupon }: { coupon: AdminCoupon | null }) {
  const [state, setState] = useState(() => initialState(coupon));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const save = useMutation({
    mutationFn: (body: CouponFormBody) => saveCoupon(coupon?.id ?? null, body),
    onSuccess: async ({ cupom }) => {
      await queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({ title: coupon ? 'Cupom salvo' : `Cupom ${cupom.codigo} criado`, tone: 'success' });
      void navigate(`/admin/cupons/${cupom.id}`);
    },
    onError: (error) => setErrors(adminFieldErrors(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(state);
    const checked = validateCouponForm(body);
    if (!checked.ok) {
      setErrors(firstErrors(checked.errors));
      // Focus the first field in error, so a phone scrolls to it.
      const first = Object.keys(checked.errors)[0];
      document.getElementById(`cupom-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const field = (key: keyof FormState) => ({
    id: `cupom-${key}`,
    error: errors[key],
  });
  const generalError =
    save.isError && Object.keys(adminFieldErrors(save.error)).length === 0
      ? adminErrorMessage(save.error)
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Dados do cupom">
      <AdminCard title="Código e desconto">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Código"
            {...field('codigo')}
            value={state.codigo}
            onChange={(e) => set('codigo', e.target.value.toUpperCase())}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            hint="Letras, números, hífen ou sublinhado. A cliente digita este código no carrinho."
          />
          <TextField
            label="Descrição (só para vocês)"
            {...field('descricao')}
            value={state.descricao}
            onChange={(e) => set('descricao', e.target.value)}
            maxLength={200}
          />
        </div>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-medium text-ink-soft">Tipo do desconto</legend>
          <div className="grid grid-cols-2 gap-2 sm:max-w-sm" role="radiogroup">
            {(
              [
                ['percentual', 'Percentual (%)'],
                ['valor_fixo', 'Valor fixo (R$)'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-full border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-dark',
                  state.tipo === value
                    ? 'border-ink bg-ink text-ivory'
                    : 'border-ink/25 bg-white text-ink hover:border-ink',
                )}
              >
                <input
                  type="radio"
                  name="tipo"
                  value={value}
                  checked={state.tipo === value}
                  onChange={() => set('tipo', value)}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {state.tipo === 'percentual' ? (
            <TextField
              label="Percentual de desconto"
              {...field('percentual')}
              value={state.percentual}
              onChange={(e) => set('percentual', e.target.value)}
              inputMode="decimal"
              hint="De 1 a 100, ex.: 10 ou 12,5."
            />
          ) : (
            <TextField
              label="Valor do desconto (R$)"
              {...field('valor')}
              value={state.valor}
              onChange={(e) => set('valor', e.target.value)}
              inputMode="decimal"
              hint="Ex.: 15,00. Nunca passa do valor dos produtos."
            />
          )}
          <TextField
            label="Pedido mínimo (R$, opcional)"
            {...field('pedido_minimo')}
            value={state.pedido_minimo}
            onChange={(e) => set('pedido_minimo', e.target.value)}
            inputMode="decimal"
            hint="Produtos, sem o frete. Vazio: sem mínimo."
          />
        </div>
      </AdminCard>

      <AdminCard title="Validade e limites">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Válido a partir de (opcional)"
            type="datetime-local"
            {...field('valido_de')}
            value={state.valido_de}
            onChange={(e) => set('valido_de', e.target.value)}
          />
          <TextField
            label="Válido até (opcional)"
            type="datetime-local"
            {...field('valido_ate')}
            value={state.valido_ate}
            onChange={(e) => set('valido_ate', e.target.value)}
          />
          <TextField
            label="Limite de usos (opcional)"
            {...field('limite_uso')}
            value={state.limite_uso}
            onChange={(e) => set('limite_uso', e.target.value.replace(/\D/g, ''))}
            inputMode="numeric"
            hint={
              coupon
                ? `Usado ${coupon.vezes_usado} ${coupon.vezes_usado === 1 ? 'vez' : 'vezes'}. Vazio: sem limite.`
                : 'Total de usos, somando todas as clientes. Vazio: sem limite.'
            }
          />
          <TextField
            label="Só para a cliente com o e-mail (opcional)"
            type="email"
            {...field('cliente_email')}
            value={state.cliente_email}
            onChange={(e) => set('cliente_email', e.target.value)}
            autoCapitalize="none"
            spellCheck={false}
            hint="Vazio: qualquer cliente pode usar."
          />
        </div>
        <div className="mt-4 space-y-1">
          <Check
            id="cupom-uma_vez_por_cliente"
            checked={state.uma_vez_por_cliente}
            onChange={(v) => set('uma_vez_por_cliente', v)}
            error={errors.uma_vez_por_cliente}
          >
            Uma vez por cliente
          </Check>
          <Check
            id="cupom-primeira_compra"
            checked={state.primeira_compra}
            onChange={(v) => set('primeira_compra', v)}
            error={errors.primeira_compra}
          >
            Só na primeira compra
          </Check>
          <Check
            id="cupom-ativo"
            checked={state.ativo}
            onChange={(v) => set('ativo', v)}
            error={errors.ativo}
          >
            Ativo (desmarcado: pausado, recusado no carrinho)
          </Check>
        </div>
      </AdminCard>

      {generalError && (
        <p role="alert" className="rounded-2xl bg-rose-soft px-4 py-3 text-sm text-ink">
          {generalError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink variant="outline" to={coupon ? `/admin/cupons/${coupon.id}` : '/admin/cupons'}>
          Cancelar
        </ButtonLink>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : coupon ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
      </div>
    </form>
  );
}

function Check({
  id,
  checked,
  onChange,
  error,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink"
      >
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="size-5 shrink-0 accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
        />
        {children}
      </label>
      {error && <p className="text-sm text-rose">{error}</p>}
    </div>
  );
}
