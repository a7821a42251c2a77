/**
 * /admin/frete: the carriers' quotes through Melhor Envio — the account (token, sandbox or
 * production, 'Testar conexão'), the sender the labels carry, the services offered with a margin
 * and extra days each, and the box of each category. Without Melhor Envio (off, no token, or
 * failing), the table by CEP of SPEC §9 quotes every order as before.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { maskCep } from '@semijoias/domain/cep';
import { SHIPPING_SETTINGS_SAVED } from '@semijoias/domain/messages';
import { maskPhone } from '@semijoias/domain/phone';
import {
  SHIPPING_SERVICES,
  validateShippingSettingsForm,
} from '@semijoias/domain/shipping-settings';
import { STATES } from '@semijoias/domain/states';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { inputClasses, TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { GuideLink } from '../help/GuideLink';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  SHIPPING_SETTINGS_QUERY_KEY,
  saveShippingSettings,
  shippingSettingsQuery,
  testShippingConnection,
  type ConnectionTestJson,
  type SenderJson,
  type ShippingSettingsJson,
} from './shipping-api';

type Dims = { largura: string; altura: string; comprimento: string; peso_gramas: string };
type ServiceRow = { on: boolean; margem: string; dias_extras: string };

interface FormState {
  ativo: boolean;
  ambiente: '' | 'sandbox' | 'producao';
  token: string;
  remover_token: boolean;
  email_tecnico: string;
  remetente: SenderJson;
  servicos: Record<number, ServiceRow>;
  embalagens: Record<string, Dims>;
}

function formatDocument(digits: string): string {
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (digits.length === 14)
    return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return digits;
}

function formOf(saved: ShippingSettingsJson): FormState {
  const servicos: Record<number, ServiceRow> = {};
  for (const s of SHIPPING_SERVICES) {
    const kept = saved.servicos.find((k) => k.id === s.id);
    servicos[s.id] = {
      on: Boolean(kept),
      margem: kept ? kept.margem.replace('.', ',') : '0,00',
      dias_extras: kept ? String(kept.dias_extras) : '0',
    };
  }
  const embalagens: Record<string, Dims> = {};
  for (const c of CATEGORIES) {
    const p = saved.embalagens[c.slug];
    embalagens[c.slug] = {
      largura: String(p?.largura ?? ''),
      altura: String(p?.altura ?? ''),
      comprimento: String(p?.comprimento ?? ''),
      peso_gramas: String(p?.peso_gramas ?? ''),
    };
  }
  return {
    ativo: saved.ativo ?? saved.token.salvo,
    ambiente: saved.ambiente ?? '',
    token: '',
    remover_token: false,
    email_tecnico: saved.email_tecnico,
    remetente: {
      ...saved.remetente,
      telefone: maskPhone(saved.remetente.telefone),
      documento: formatDocument(saved.remetente.documento),
      cep: maskCep(saved.remetente.cep),
    },
    servicos,
    embalagens,
  };
}

/** The body of PUT api/admin/frete/: the services in SHIPPING_SERVICES' order. */
function bodyOf(form: FormState) {
  const chosen = SHIPPING_SERVICES.filter((s) => form.servicos[s.id]?.on);
  return {
    ativo: form.ativo,
    ambiente: form.ambiente || null,
    ...(form.token.trim() ? { token: form.token.trim() } : {}),
    ...(form.remover_token ? { remover_token: true } : {}),
    email_tecnico: form.email_tecnico,
    remetente: form.remetente,
    servicos: chosen.map((s) => ({
      id: s.id,
      margem: form.servicos[s.id]!.margem,
      dias_extras: form.servicos[s.id]!.dias_extras,
    })),
    embalagens: form.embalagens,
  };
}

/** 'servicos.1.margem' (index in the body) -> 'servico-17-margem' (the field's id). */
function fieldIdOf(key: string, form: FormState): string {
  const service = /^servicos\.(\d+)\.(\w+)$/.exec(key);
  if (service) {
    const chosen = SHIPPING_SERVICES.filter((s) => form.servicos[s.id]?.on);
    return `frete-servico-${chosen[Number(service[1])]?.id ?? 0}-${service[2]}`;
  }
  return `frete-${key.replace(/\./g, '-')}`;
}

export function ShippingPage() {
  const settings = useQuery(shippingSettingsQuery);
  return (
    <>
      <AdminPageHeader
        title="Frete"
        description="Cotações das transportadoras pelo Melhor Envio. Sem elas, a tabela por CEP calcula o frete de cada pedido, como sempre."
        actions={<GuideLink slug="frete" />}
      />
      {settings.isPending ? (
        <AdminLoading />
      ) : settings.isError ? (
        <AdminLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ShippingForm key={JSON.stringify(settings.data.frete)} saved={settings.data.frete} />
      )}
    </>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4 border-t border-line pt-6 first:border-0 first:pt-0">
      <legend className="float-left mb-1 w-full font-display text-lg text-ink">{title}</legend>
      {description && <p className="clear-both text-sm text-muted">{description}</p>}
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

function StatusLine({ saved }: { saved: ShippingSettingsJson }) {
  const failing = saved.ultimo_teste && saved.ultimo_teste.resultado !== 'ok';
  const [tone, label, text] = !saved.cotando
    ? ([
        'light',
        'Desligado',
        'A tabela por CEP calcula todos os fretes. Ligue o Melhor Envio, salve um token e o CEP de origem para cotar com as transportadoras.',
      ] as const)
    : failing
      ? ([
          'rose',
          'Com falha',
          'O último teste de conexão falhou: enquanto isso, a tabela por CEP calcula os fretes. Confira o token e teste de novo.',
        ] as const)
      : ([
          'gold',
          'Ligado',
          'Os fretes são cotados com as transportadoras escolhidas abaixo.',
        ] as const);
  return (
    <AdminCard className="mb-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-display text-lg text-ink">Cotação das transportadoras</h2>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="mt-2 text-sm text-ink-soft">{text}</p>
    </AdminCard>
  );
}

function ShippingForm({ saved }: { saved: ShippingSettingsJson }) {
  const [form, setForm] = useState(() => formOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [test, setTest] = useState<ConnectionTestJson | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  const save = useMutation({
    mutationFn: saveShippingSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(SHIPPING_SETTINGS_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({ title: SHIPPING_SETTINGS_SAVED, tone: 'success' });
    },
    onError: (error) => {
      const fields = adminFieldErrors(error);
      setErrors(fields);
      toast({ title: adminErrorMessage(error), tone: 'error' });
      const first = Object.keys(fields)[0];
      if (first) document.getElementById(fieldIdOf(first, form))?.focus();
    },
  });
  const testing = useMutation({
    mutationFn: testShippingConnection,
    onSuccess: (answer) => {
      setTest(answer.teste);
      void queryClient.invalidateQueries({ queryKey: SHIPPING_SETTINGS_QUERY_KEY });
    },
    onError: (error) =>
      setTest({ resultado: 'erro', ok: false, mensagem: adminErrorMessage(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const checked = validateShippingSettingsForm(body);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(fieldIdOf(first, form))?.focus();
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const sender = (key: keyof SenderJson, mask?: (v: string) => string) => ({
    id: `frete-remetente-${key}`,
    error: errors[`remetente.${key}`],
    value: form.remetente[key],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = mask ? mask(e.currentTarget.value) : e.currentTarget.value;
      setForm((f) => ({ ...f, remetente: { ...f.remetente, [key]: value } }));
    },
  });
  const setService = (id: number, patch: Partial<ServiceRow>) =>
    setForm((f) => ({ ...f, servicos: { ...f.servicos, [id]: { ...f.servicos[id]!, ...patch } } }));
  const setDims = (slug: string, key: keyof Dims, value: string) =>
    setForm((f) => ({
      ...f,
      embalagens: { ...f.embalagens, [slug]: { ...f.embalagens[slug]!, [key]: value } },
    }));

  const tokenHint = saved.token.ilegivel
    ? 'O token salvo não pode ser lido com a chave deste servidor: cole o token de novo.'
    : saved.token.origem === 'painel'
      ? `Token salvo, terminado em ${saved.token.final}. Cole outro só para trocar.`
      : saved.token.origem === 'ambiente'
        ? `Usando o token do servidor (MELHORENVIO_TOKEN), terminado em ${saved.token.final}. Um token salvo aqui vale mais.`
        : 'Nenhum token salvo. Gere um no painel do Melhor Envio (Integrações › Permissões de acesso).';

  return (
    <>
      <StatusLine saved={saved} />
      <AdminCard>
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-6"
          aria-label="Configurações de frete"
        >
          <Section title="Conta Melhor Envio">
            <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm text-ink">
              <input
                id="frete-ativo"
                type="checkbox"
                checked={form.ativo}
                onChange={(e) => setForm((f) => ({ ...f, ativo: e.target.checked }))}
                className="size-5 accent-gold-dark"
              />
              Cotar o frete com as transportadoras pelo Melhor Envio
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label
                  htmlFor="frete-ambiente"
                  className="mb-1.5 block text-sm font-medium text-ink-soft"
                >
                  Ambiente
                </label>
                <select
                  id="frete-ambiente"
                  className={inputClasses}
                  value={form.ambiente}
                  aria-invalid={errors.ambiente ? true : undefined}
                  onChange={(e) =>
                    setForm((f) => ({ ...f, ambiente: e.target.value as FormState['ambiente'] }))
                  }
                >
                  <option value="">Padrão do servidor</option>
                  <option value="producao">Produção</option>
                  <option value="sandbox">Sandbox (testes, saldo fictício)</option>
                </select>
              </div>
              <TextField
                id="frete-email_tecnico"
                type="email"
                label="E-mail de contato técnico"
                value={form.email_tecnico}
                error={errors.email_tecnico}
                placeholder={saved.email_tecnico_padrao}
                hint={`Vai em cada chamada ao Melhor Envio. Vazio: ${saved.email_tecnico_padrao}.`}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, email_tecnico: value }));
                }}
              />
            </div>
            <TextField
              id="frete-token"
              label="Token do Melhor Envio"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={form.token}
              error={errors.token}
              hint={tokenHint}
              placeholder={saved.token.final ? `••••${saved.token.final}` : ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, token: value }));
              }}
            />
            {saved.token.origem === 'painel' && (
              <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={form.remover_token}
                  onChange={(e) => setForm((f) => ({ ...f, remover_token: e.target.checked }))}
                  className="size-5 accent-gold-dark"
                />
                Remover o token salvo
              </label>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={testing.isPending}
                onClick={() => testing.mutate()}
              >
                {testing.isPending ? 'Testando…' : 'Testar conexão'}
              </Button>
              <span className="text-xs text-muted">
                Testa o token salvo (salve antes um token novo).
              </span>
            </div>
            <div role="status" aria-live="polite">
              {test && (
                <p
                  className={
                    test.ok
                      ? 'rounded-2xl border border-sage/30 bg-sage/10 px-4 py-3 text-sm text-ink'
                      : 'rounded-2xl border border-rose/30 bg-rose-soft/60 px-4 py-3 text-sm text-ink'
                  }
                >
                  {test.mensagem}
                </p>
              )}
            </div>
          </Section>

          <Section
            title="Remetente"
            description="Os dados que vão na etiqueta. O CEP é a origem de todas as cotações."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Nome ou razão social"
                {...sender('nome')}
                autoComplete="organization"
              />
              <TextField label="CPF ou CNPJ" {...sender('documento')} inputMode="numeric" />
              <TextField label="Telefone" {...sender('telefone', maskPhone)} inputMode="tel" />
              <TextField label="E-mail" type="email" {...sender('email')} />
              <TextField
                label="Inscrição estadual (opcional)"
                {...sender('inscricao_estadual')}
                hint="Só com CNPJ, se a empresa tiver."
              />
              <TextField
                label="CEP de origem"
                {...sender('cep', maskCep)}
                inputMode="numeric"
                hint={
                  saved.cep_origem_padrao
                    ? `Vazio: ${maskCep(saved.cep_origem_padrao)} (SHIP_FROM_CEP do servidor).`
                    : undefined
                }
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <TextField label="Rua" {...sender('rua')} />
              <TextField label="Número" {...sender('numero')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Complemento (opcional)" {...sender('complemento')} />
              <TextField label="Bairro" {...sender('bairro')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <TextField label="Cidade" {...sender('cidade')} />
              <div>
                <label
                  htmlFor="frete-remetente-uf"
                  className="mb-1.5 block text-sm font-medium text-ink-soft"
                >
                  UF
                </label>
                <select
                  id="frete-remetente-uf"
                  className={inputClasses}
                  value={form.remetente.uf}
                  aria-invalid={errors['remetente.uf'] ? true : undefined}
                  aria-describedby={errors['remetente.uf'] ? 'frete-remetente-uf-error' : undefined}
                  onChange={(e) => {
                    const value = e.target.value;
                    setForm((f) => ({ ...f, remetente: { ...f.remetente, uf: value } }));
                  }}
                >
                  <option value="">—</option>
                  {STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.code}
                    </option>
                  ))}
                </select>
                {errors['remetente.uf'] && (
                  <p id="frete-remetente-uf-error" className="mt-1.5 text-sm text-rose">
                    {errors['remetente.uf']}
                  </p>
                )}
              </div>
            </div>
          </Section>

          <Section
            title="Serviços oferecidos"
            description="A cliente escolhe entre estes no carrinho. A margem e os dias extras somam ao que a transportadora cobra e promete."
          >
            {errors.servicos && (
              <p role="alert" className="text-sm text-rose">
                {errors.servicos}
              </p>
            )}
            <ul className="divide-y divide-line rounded-2xl border border-line">
              {SHIPPING_SERVICES.map((s) => {
                const row = form.servicos[s.id]!;
                // The errors name a service by its place among the chosen ones (the body's order).
                const at = SHIPPING_SERVICES.filter((x) => form.servicos[x.id]?.on).findIndex(
                  (x) => x.id === s.id,
                );
                return (
                  <li
                    key={s.id}
                    className="grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_9rem_9rem]"
                  >
                    <label className="col-span-2 flex min-h-12 cursor-pointer items-center gap-2.5 self-end text-sm text-ink sm:col-span-1">
                      <input
                        id={`frete-servico-${s.id}-id`}
                        type="checkbox"
                        checked={row.on}
                        onChange={(e) => setService(s.id, { on: e.target.checked })}
                        className="size-5 accent-gold-dark"
                      />
                      <span>
                        <span className="font-medium">{s.servico}</span>{' '}
                        <span className="text-muted">· {s.transportadora}</span>
                      </span>
                    </label>
                    <TextField
                      id={`frete-servico-${s.id}-margem`}
                      label="Margem (R$)"
                      aria-label={`Margem ${s.servico} (R$)`}
                      inputMode="decimal"
                      disabled={!row.on}
                      value={row.margem}
                      error={errors[`servicos.${at}.margem`]}
                      onChange={(e) => setService(s.id, { margem: e.currentTarget.value })}
                    />
                    <TextField
                      id={`frete-servico-${s.id}-dias_extras`}
                      label="Dias extras"
                      aria-label={`Dias extras ${s.servico}`}
                      inputMode="numeric"
                      disabled={!row.on}
                      value={row.dias_extras}
                      error={errors[`servicos.${at}.dias_extras`]}
                      onChange={(e) => setService(s.id, { dias_extras: e.currentTarget.value })}
                    />
                  </li>
                );
              })}
            </ul>
          </Section>

          <Section
            title="Embalagens por categoria"
            description="A caixa de uma peça de cada categoria, em centímetros, e o peso com a caixa. Sem nada aqui: 20 × 5 × 15 cm e 200 g."
          >
            <div className="grid gap-4 lg:grid-cols-2">
              {CATEGORIES.map((c) => (
                <div key={c.slug} className="rounded-2xl border border-line p-4">
                  <h3 className="mb-3 text-sm font-semibold text-ink">{c.title}</h3>
                  <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
                    {(
                      [
                        ['largura', 'Largura (cm)'],
                        ['altura', 'Altura (cm)'],
                        ['comprimento', 'Comprimento (cm)'],
                        ['peso_gramas', 'Peso (g)'],
                      ] as const
                    ).map(([key, label]) => (
                      <TextField
                        key={key}
                        id={`frete-embalagens-${c.slug}-${key}`}
                        label={label}
                        aria-label={`${label} — ${c.title}`}
                        inputMode="numeric"
                        value={form.embalagens[c.slug]![key]}
                        error={errors[`embalagens.${c.slug}.${key}`]}
                        onChange={(e) => setDims(c.slug, key, e.currentTarget.value)}
                      />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </Section>

          <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando…' : 'Salvar'}
            </Button>
            <p className="text-sm text-muted">
              Vale para as próximas cotações; pedidos já feitos não mudam.
            </p>
          </div>
        </form>
      </AdminCard>
    </>
  );
}
