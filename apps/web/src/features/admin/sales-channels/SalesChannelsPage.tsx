/**
 * /admin/canais: 'Canais de venda' (issue 37, docs/admin/sales-channels.md). The two shopping
 * feeds' addresses, each with 'Copiar', and the steps to add them in Google Merchant Center and
 * in Meta's Commerce Manager; how many pieces they list and leave out; and the form of the brand
 * the feeds name and the store's WhatsApp (the server's default, a number of the owners', or
 * off).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { maskPhone } from '@semijoias/domain/phone';
import { FEED_BRAND_MAX, validateSalesChannelsForm } from '@semijoias/domain/product-feeds';
import { formatWhatsappNumber, WHATSAPP_NUMBER_INVALID } from '@semijoias/domain/whatsapp';
import { storeSettingsQueryKey } from '@/lib/store-settings';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { GuideLink } from '../help/GuideLink';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { copyText } from '../second-factor/recovery-codes';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  SALES_CHANNELS_QUERY_KEY,
  saveSalesChannels,
  salesChannelsQuery,
  type SalesChannelsJson,
} from './sales-channels-api';

export const SALES_CHANNELS_SAVED = 'Canais de venda salvos.';
export const ADDRESS_COPIED = 'Endereço copiado.';
export const ADDRESS_NOT_COPIED = 'Não deu para copiar: selecione o endereço e copie.';

export function SalesChannelsPage() {
  const channels = useQuery(salesChannelsQuery);
  return (
    <>
      <AdminPageHeader
        title="Canais de venda"
        description="Suas peças no Google Shopping e no Instagram, e o WhatsApp da loja."
        actions={<GuideLink slug="canais-de-venda" />}
      />
      {channels.isPending ? (
        <AdminLoading />
      ) : channels.isError ? (
        <AdminLoadError error={channels.error} onRetry={() => void channels.refetch()} />
      ) : (
        <div className="grid gap-6">
          <FeedsCard canais={channels.data.canais} />
          <div className="grid gap-6 lg:grid-cols-2">
            <StepsCard title="Google Merchant Center" steps={GOOGLE_STEPS} />
            <StepsCard title="Instagram e Facebook (Meta)" steps={META_STEPS} />
          </div>
          <SettingsForm
            key={JSON.stringify([channels.data.canais.marca, channels.data.canais.whatsapp])}
            canais={channels.data.canais}
          />
        </div>
      )}
    </>
  );
}

function FeedsCard({ canais }: { canais: SalesChannelsJson }) {
  const pieces = canais.pecas_nos_catalogos;
  return (
    <AdminCard title="Catálogos de produtos">
      <p className="text-sm text-ink-soft" data-testid="catalogos-contagem">
        <strong className="font-semibold text-ink">
          {pieces} {pieces === 1 ? 'peça' : 'peças'}
        </strong>{' '}
        nos catálogos ({canais.itens_nos_catalogos}{' '}
        {canais.itens_nos_catalogos === 1 ? 'item' : 'itens'}, cada tamanho conta um).{' '}
        {canais.pecas_fora === 0
          ? 'Nenhuma peça visível ficou de fora.'
          : `${canais.pecas_fora} ${canais.pecas_fora === 1 ? 'peça visível ficou' : 'peças visíveis ficaram'} de fora (marcadas “Não enviar aos catálogos” ou sem foto).`}
      </p>
      <p className="mt-1 text-sm text-muted">
        Os endereços abaixo sempre trazem o preço e o estoque de agora: o Google e a Meta buscam o
        arquivo sozinhos, no horário que você escolher.
      </p>
      <ul className="mt-4 grid gap-4">
        {canais.feeds.map((feed) => (
          <li key={feed.canal}>
            <FeedAddress label={feed.nome} url={feed.url} />
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}

function FeedAddress({ label, url }: { label: string; url: string }) {
  const id = useId();
  const toast = useToast();
  const copy = async () => {
    const copied = await copyText(url);
    if (copied) toast({ title: ADDRESS_COPIED, tone: 'success' });
    else {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.focus();
      input?.select();
      toast({ title: ADDRESS_NOT_COPIED });
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block min-h-12 w-full min-w-0 rounded-xl border border-line bg-cream/50 px-4 font-mono text-sm text-ink outline-none focus:border-gold-dark focus:ring-2 focus:ring-gold/40"
        />
        <Button
          variant="outline"
          onClick={() => void copy()}
          aria-label={`Copiar o endereço do ${label}`}
          className="shrink-0"
        >
          Copiar
        </Button>
      </div>
    </div>
  );
}

const GOOGLE_STEPS: ReactNode[] = [
  <>
    Entre em <strong>merchants.google.com</strong> com a conta Google da loja (na primeira vez, o
    Google pede o site e confirma que ele é seu).
  </>,
  <>
    No menu, abra <strong>Produtos › Fontes de dados</strong> e clique em{' '}
    <strong>Adicionar fonte de produtos</strong>.
  </>,
  <>
    Escolha <strong>Adicionar produtos de um arquivo</strong> e, em seguida,{' '}
    <strong>Inserir um link para o arquivo</strong>.
  </>,
  <>
    Cole o endereço do <strong>Google Merchant Center</strong> (botão Copiar acima). País: Brasil;
    idioma: português.
  </>,
  <>
    Em frequência, escolha <strong>Diariamente</strong> e um horário de madrugada. Salve.
  </>,
  <>
    Pronto: em algumas horas as peças aparecem em <strong>Produtos</strong>. O frete já vai no
    arquivo, por estado; não precisa configurar.
  </>,
];

const META_STEPS: ReactNode[] = [
  <>
    Entre no <strong>Gerenciador de Comércio</strong> (business.facebook.com/commerce) com a conta
    da loja e escolha o catálogo (ou crie um do tipo <strong>E-commerce</strong>).
  </>,
  <>
    Abra <strong>Catálogo › Fontes de dados</strong> e clique em <strong>Adicionar itens</strong>.
  </>,
  <>
    Escolha <strong>Feed de dados</strong> e depois <strong>Usar um URL</strong> (feed agendado).
  </>,
  <>
    Cole o endereço da <strong>Meta (Facebook e Instagram)</strong> (botão Copiar acima). Moeda:
    Real brasileiro (BRL).
  </>,
  <>
    Em programação, escolha <strong>Diariamente</strong> e um horário. Clique em{' '}
    <strong>Fazer upload</strong>.
  </>,
  <>
    Pronto: os tamanhos de anéis e colares aparecem como variações da mesma peça. Para vender no
    Instagram, marque as peças nas publicações.
  </>,
];

function StepsCard({ title, steps }: { title: string; steps: ReactNode[] }) {
  return (
    <AdminCard title={title}>
      <ol className="space-y-3 text-sm text-ink-soft">
        {steps.map((step, i) => (
          <li key={i} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-cream font-semibold text-ink"
            >
              {i + 1}
            </span>
            <span className="pt-1">{step}</span>
          </li>
        ))}
      </ol>
    </AdminCard>
  );
}

type WhatsappMode = 'padrao' | 'proprio' | 'desligado';

function modeOf(saved: string | null): WhatsappMode {
  return saved === null ? 'padrao' : saved === '' ? 'desligado' : 'proprio';
}

/** What shoppers get now, in one line. */
function whatsappInUse(canais: SalesChannelsJson): string {
  const number = canais.whatsapp_em_uso ? formatWhatsappNumber(canais.whatsapp_em_uso) : null;
  switch (canais.whatsapp_origem) {
    case 'painel':
      return `Em uso na loja: ${number}, o número salvo aqui.`;
    case 'ambiente':
      return `Em uso na loja: ${number}, o padrão do servidor (WHATSAPP_NUMBER).`;
    case 'desligado':
      return 'Em uso na loja: nenhum — o WhatsApp está desligado.';
    case 'nenhum':
      return 'Em uso na loja: nenhum — o servidor não tem um número padrão e nenhum foi salvo aqui.';
  }
}

function SettingsForm({ canais }: { canais: SalesChannelsJson }) {
  const [marca, setMarca] = useState(canais.marca ?? '');
  const [mode, setMode] = useState<WhatsappMode>(modeOf(canais.whatsapp));
  const [numero, setNumero] = useState(canais.whatsapp ? maskPhone(canais.whatsapp) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const toast = useToast();
  const fallback = canais.whatsapp_padrao ? formatWhatsappNumber(canais.whatsapp_padrao) : null;

  const save = useMutation({
    mutationFn: saveSalesChannels,
    onSuccess: (answer) => {
      queryClient.setQueryData(SALES_CHANNELS_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      // The storefront's WhatsApp buttons in this tab follow at once.
      void queryClient.invalidateQueries({ queryKey: storeSettingsQueryKey });
      toast({ title: SALES_CHANNELS_SAVED, tone: 'success' });
    },
    onError: (error) => setErrors(adminFieldErrors(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      marca,
      whatsapp: mode === 'padrao' ? null : mode === 'desligado' ? '' : numero,
    };
    const checked = validateSalesChannelsForm(body);
    const found: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    // Empty would mean 'off': a number of their own must be typed.
    if (mode === 'proprio' && numero.trim() === '') found.whatsapp = WHATSAPP_NUMBER_INVALID;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.getElementById(found.marca ? 'canais-marca' : 'canais-whatsapp')?.focus();
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  const generalError =
    save.isError && Object.keys(adminFieldErrors(save.error)).length === 0
      ? adminErrorMessage(save.error)
      : null;

  const option = (value: WhatsappMode, label: ReactNode) => (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
      <input
        type="radio"
        name="canais-whatsapp-modo"
        value={value}
        checked={mode === value}
        onChange={() => {
          setMode(value);
          setErrors((e) => ({ ...e, whatsapp: '' }));
        }}
        className="size-5 shrink-0 accent-gold-dark"
      />
      <span>{label}</span>
    </label>
  );

  return (
    <AdminCard title="Marca e WhatsApp">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-2xl gap-6"
        aria-label="Marca e WhatsApp"
      >
        <TextField
          id="canais-marca"
          label="Marca"
          value={marca}
          onChange={(e) => setMarca(e.currentTarget.value)}
          maxLength={FEED_BRAND_MAX + 10}
          placeholder={canais.marca_padrao}
          autoComplete="off"
          error={errors.marca || undefined}
          hint={`O nome de marca que os catálogos mostram em cada peça. Em branco: ${canais.marca_padrao}.`}
        />
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-medium text-ink-soft">WhatsApp da loja</legend>
          <p className="mb-2 text-sm text-ink" data-testid="whatsapp-em-uso">
            {whatsappInUse(canais)}
          </p>
          <div className="grid gap-1">
            {option(
              'padrao',
              fallback
                ? `Usar o número padrão do servidor: ${fallback}`
                : 'Usar o número padrão do servidor (nenhum configurado)',
            )}
            {option('proprio', 'Usar este número:')}
            {mode === 'proprio' && (
              <TextField
                id="canais-whatsapp"
                className="ml-8 sm:max-w-xs"
                label="Número com DDD"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={numero}
                placeholder="(11) 97452-3180"
                maxLength={15}
                onChange={(e) => setNumero(maskPhone(e.currentTarget.value))}
                error={errors.whatsapp || undefined}
                hint="O celular que atende as clientes no WhatsApp."
              />
            )}
            {option('desligado', 'Não mostrar WhatsApp na loja')}
          </div>
          {mode !== 'proprio' && errors.whatsapp && (
            <p className="mt-1.5 text-sm text-rose">{errors.whatsapp}</p>
          )}
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
          <p className="text-sm text-muted">Vale na loja e nos catálogos na hora.</p>
        </div>
      </form>
    </AdminCard>
  );
}
