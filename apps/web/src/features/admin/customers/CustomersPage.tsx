/**
 * /admin/clientes: the customers with their orders and money spent, a search by
 * name, e-mail or CPF; her page with account, addresses and orders; and her LGPD requests —
 * her data as a JSON file, and the anonymisation of her account (orders kept, as the law asks).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useRoutes, useSearchParams } from 'react-router';
import { formatBRL, toCents } from '@semijoias/domain/money';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/Field';
import { Modal } from '@/ui/Modal';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { AuditHistory } from '../audit/AuditHistory';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/format';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { adminSessionQuery } from '../lib/admin-api';
import { SecurityCard } from '../second-factor/SecurityCard';
import { AdminCard, AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  ANONYMIZE_CONFIRMATION,
  anonymizeCustomer,
  CUSTOMERS_QUERY_KEY,
  customerQuery,
  customersQuery,
  downloadCustomerExport,
  resetOwnerSecondFactor,
  type CustomerSummary,
} from './customers-api';

export function CustomersPage() {
  return useRoutes([
    { index: true, element: <CustomerList /> },
    { path: ':id', element: <CustomerDetailPage /> },
  ]);
}

const money = (decimal: string) => formatBRL(toCents(decimal) ?? 0);

function Chip({ tone, children }: { tone: 'muted' | 'gold' | 'rose'; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        tone === 'muted' && 'bg-line/50 text-ink-soft ring-line',
        tone === 'gold' && 'bg-gold-light/30 text-ink ring-gold/40',
        tone === 'rose' && 'bg-rose-soft text-ink ring-rose/30',
      )}
    >
      {children}
    </span>
  );
}

function CustomerChips({ c }: { c: CustomerSummary }) {
  return (
    <>
      {c.administradora && <Chip tone="gold">Administradora</Chip>}
      {c.anonimizada && <Chip tone="muted">Anonimizada</Chip>}
      {!c.verificada && !c.anonimizada && <Chip tone="rose">E-mail não confirmado</Chip>}
    </>
  );
}

function CustomerList() {
  const [params, setParams] = useSearchParams();
  const busca = params.get('busca') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const [typed, setTyped] = useState(busca);
  const list = useQuery({ ...customersQuery(busca, pagina), placeholderData: keepPreviousData });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('busca', typed.trim());
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('pagina', String(page));
    setParams(next);
  };

  return (
    <>
      <AdminPageHeader
        title="Clientes"
        description="Contas da loja, com pedidos e total gasto em pedidos pagos."
      />
      <form onSubmit={onSearch} role="search" className="mb-5 flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Buscar por nome, e-mail ou CPF"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <Button type="submit" className="mb-0.5">
          Buscar
        </Button>
      </form>
      {list.isPending ? (
        <AdminLoading label="Carregando clientes" />
      ) : list.isError ? (
        <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.clientes.length === 0 ? (
        <AdminEmpty>
          {busca
            ? `Nenhuma cliente encontrada para “${busca}”.`
            : 'Nenhuma cliente cadastrada ainda.'}
        </AdminEmpty>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'cliente' : 'clientes'}
          </p>
          <ul className="space-y-2" aria-label="Clientes">
            {list.data.clientes.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/admin/clientes/${c.id}`}
                  className="grid gap-2 rounded-2xl border border-line bg-white px-4 py-3 shadow-soft transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark sm:grid-cols-[minmax(0,1fr)_7rem_8rem_7rem] sm:items-center"
                  data-testid="customer-row"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      <span className="truncate">{c.nome}</span>
                      <CustomerChips c={c} />
                    </p>
                    <p className="truncate text-sm text-muted">{c.email}</p>
                    {c.cpf && <p className="text-sm text-muted">CPF {c.cpf}</p>}
                  </div>
                  <dl className="grid grid-cols-3 gap-2 text-sm sm:contents">
                    <div>
                      <dt className="text-xs text-muted">Pedidos</dt>
                      <dd className="font-medium text-ink">{c.pedidos}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">Total gasto</dt>
                      <dd className="font-medium text-ink">{money(c.total_gasto)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">Último pedido</dt>
                      <dd className="text-ink">{formatDate(c.ultimo_pedido)}</dd>
                    </div>
                  </dl>
                </Link>
              </li>
            ))}
          </ul>
          <AdminPagination page={list.data.pagina} pages={list.data.paginas} onPage={goTo} />
        </>
      )}
    </>
  );
}

function BackLink() {
  return (
    <Link
      to="/admin/clientes"
      className="mb-3 inline-flex min-h-11 items-center text-sm text-ink-soft underline-offset-4 hover:underline"
    >
      ← Clientes
    </Link>
  );
}

function CustomerDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(customerQuery(id));
  // Who is looking: her own page shows her security, another owner's the reset of hers.
  const me = useQuery(adminSessionQuery);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (query.isPending)
    return (
      <>
        <BackLink />
        <AdminLoading />
      </>
    );
  if (query.isError)
    return (
      <>
        <BackLink />
        <AdminPageHeader title="Cliente" />
        <AdminLoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const { cliente: c, enderecos, pedidos } = query.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCustomerExport(c.id);
      toast({ title: 'Arquivo JSON baixado', tone: 'success' });
    } catch (error) {
      toast({ title: adminErrorMessage(error), tone: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const account: [string, ReactNode][] = [
    ['E-mail', c.email],
    ['CPF', c.cpf || '—'],
    ['Telefone', c.telefone || '—'],
    ['Nascimento', c.data_nascimento ? formatDate(`${c.data_nascimento}T12:00:00Z`) : '—'],
    ['Conta criada em', formatDateTime(c.criada_em)],
    ['E-mail confirmado', c.verificada ? 'Sim' : 'Não'],
    ['Pedidos', String(c.pedidos)],
    ['Total gasto (pagos)', money(c.total_gasto)],
  ];
  if (c.anonimizada_em) account.push(['Anonimizada em', formatDateTime(c.anonimizada_em)]);
  // An owner's second factor has its own card below.
  const owner = c.administradora && typeof c.segundo_fator === 'boolean';
  const herself = me.data?.id === c.id;

  return (
    <>
      <BackLink />
      <AdminPageHeader
        title={c.nome}
        description={
          c.administradora || c.anonimizada || !c.verificada ? (
            <span className="inline-flex flex-wrap gap-2">
              <CustomerChips c={c} />
            </span>
          ) : undefined
        }
        actions={
          <>
            <Button variant="outline" disabled={exporting} onClick={() => void onExport()}>
              {exporting ? 'Exportando…' : 'Exportar dados (JSON)'}
            </Button>
            {!c.anonimizada && !c.administradora && (
              <Button
                variant="outline"
                className="border-rose/50 text-rose hover:border-rose hover:bg-rose-soft/60"
                onClick={() => setConfirming(true)}
              >
                Anonimizar conta
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-5">
        <AdminCard title="Conta">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {account.map(([label, value]) => (
              <div
                key={label}
                className="flex justify-between gap-3 border-b border-line/60 pb-2 sm:block sm:border-0 sm:pb-0"
              >
                <dt className="shrink-0 text-muted">{label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere] text-right font-medium text-ink sm:text-left">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </AdminCard>

        {owner &&
          (herself ? (
            <SecurityCard email={c.email} />
          ) : (
            <OwnerSecondFactorCard id={c.id} name={c.nome} active={c.segundo_fator === true} />
          ))}

        <AdminCard title={`Endereços (${enderecos.length})`}>
          {enderecos.length === 0 ? (
            <p className="text-sm text-muted">Nenhum endereço salvo.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {enderecos.map((a) => (
                <li key={a.id} className="rounded-xl border border-line px-4 py-3 text-sm">
                  <p className="font-medium text-ink">
                    {a.nome_perfil} {a.is_default && <Chip tone="gold">Padrão</Chip>}
                  </p>
                  <p className="text-ink-soft">{a.nome_completo}</p>
                  <p className="text-ink-soft">
                    {a.endereco}, {a.numero}
                    {a.complemento && ` – ${a.complemento}`}
                  </p>
                  <p className="text-ink-soft">
                    {a.bairro} · {a.cidade}/{a.estado} · CEP {a.cep}
                  </p>
                  <p className="text-muted">
                    {a.telefone} · {a.email}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>

        <AdminCard title={`Pedidos (${pedidos.length})`}>
          {pedidos.length === 0 ? (
            <p className="text-sm text-muted">Nenhum pedido.</p>
          ) : (
            <ul className="divide-y divide-line">
              {pedidos.map((o) => (
                <li key={o.referencia}>
                  <Link
                    to={`/admin/pedidos/${o.referencia}`}
                    className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm hover:bg-cream/40 focus-visible:outline-2 focus-visible:outline-gold-dark"
                  >
                    <span>
                      <span className="font-semibold text-ink">Pedido #{o.referencia}</span>
                      <span className="block text-muted">
                        {formatDateTime(o.criado_em)} · {o.itens} {o.itens === 1 ? 'item' : 'itens'}
                        {o.cupom && ` · cupom ${o.cupom}`}
                      </span>
                    </span>
                    <span className="text-right">
                      <span className="block font-medium text-ink">{money(o.total)}</span>
                      <span className="block text-muted">{o.status}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>

        <AdminCard title="Histórico">
          <AuditHistory entityType="customer" entityId={c.id} />
        </AdminCard>
      </div>
      <AnonymizeDialog
        id={c.id}
        name={c.nome}
        orders={c.pedidos}
        open={confirming}
        onOpenChange={setConfirming}
      />
    </>
  );
}

/** Another owner's second factor, and its reset for when she lost her phone and her codes. */
function OwnerSecondFactorCard({
  id,
  name,
  active,
}: {
  id: number;
  name: string;
  active: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const reset = useMutation({
    mutationFn: () => resetOwnerSecondFactor(id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({ title: answer.message, tone: 'success' });
    },
  });
  return (
    <AdminCard title="Segurança">
      <div className="space-y-3 text-sm">
        <p className="text-ink" data-testid="owner-second-factor">
          {active
            ? 'Verificação em duas etapas ativada.'
            : 'Verificação em duas etapas não configurada: ela configura na próxima entrada na administração.'}
        </p>
        {active && (
          <>
            <p className="text-muted">
              Perdeu o celular e os códigos de recuperação? Redefina o segundo fator: ela sai de
              todas as sessões e configura um aplicativo autenticador de novo na próxima entrada.
            </p>
            <Button
              variant="outline"
              className="border-rose/50 text-rose hover:border-rose hover:bg-rose-soft/60"
              disabled={reset.isPending}
              onClick={() => setConfirming(true)}
            >
              {reset.isPending ? 'Redefinindo…' : 'Redefinir segundo fator'}
            </Button>
          </>
        )}
        {reset.isError && (
          <p role="alert" className="text-rose">
            {adminErrorMessage(reset.error)}
          </p>
        )}
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={`Redefinir o segundo fator de ${name}?`}
        description="O aplicativo autenticador e os códigos de recuperação dela deixam de valer, e ela sai de todas as sessões. Faça isso só se tiver certeza de que é ela quem pede."
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button
              className="bg-rose text-white hover:bg-ink"
              onClick={() => {
                setConfirming(false);
                reset.mutate();
              }}
            >
              Redefinir
            </Button>
          </>
        }
      />
    </AdminCard>
  );
}

function AnonymizeDialog({
  id,
  name,
  orders,
  open,
  onOpenChange,
}: {
  id: number;
  name: string;
  orders: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const anonymize = useMutation({
    mutationFn: () => anonymizeCustomer(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      onOpenChange(false);
      toast({ title: 'Conta anonimizada', tone: 'success' });
    },
    onError: (err) => setError(adminErrorMessage(err)),
  });
  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setError(undefined);
    }
    onOpenChange(next);
  };
  const onConfirm = () => {
    if (typed.trim() !== ANONYMIZE_CONFIRMATION) {
      setError(`Digite ${ANONYMIZE_CONFIRMATION} para confirmar.`);
      return;
    }
    setError(undefined);
    anonymize.mutate();
  };

  return (
    // Radix Dialog itself, not @/ui/Modal: this one holds a form (Modal's text is a paragraph).
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px]" />
        <Dialog.Content
          role="alertdialog"
          data-testid="anonymize-dialog"
          className="fixed left-1/2 top-1/2 z-[71] max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-ivory p-6 shadow-lift outline-none"
        >
          <Dialog.Title className="font-display text-xl font-semibold leading-snug text-ink">
            Anonimizar a conta de {name}?
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-3 text-sm text-ink-soft">
              <p>
                <strong className="text-ink">Apagados para sempre:</strong> nome, e-mail, CPF,
                telefone e data de nascimento da conta, endereços salvos, carrinho e senha. Ela sai
                de todas as sessões e não consegue mais entrar.
              </p>
              <p>
                <strong className="text-ink">Mantidos:</strong> {orders}{' '}
                {orders === 1 ? 'pedido' : 'pedidos'}, com os dados de entrega e de cobrança de cada
                venda — a lei exige que a loja guarde os registros das vendas.
              </p>
              <p>Isto não pode ser desfeito. Exporte os dados antes, se ela pediu uma cópia.</p>
            </div>
          </Dialog.Description>
          <form
            className="mt-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            <TextField
              label={`Digite ${ANONYMIZE_CONFIRMATION} para confirmar`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={error}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                Cancelar
              </Button>
              <Button
                type="submit"
                className="bg-rose text-white hover:bg-ink"
                disabled={anonymize.isPending}
              >
                {anonymize.isPending ? 'Anonimizando…' : 'Anonimizar conta'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
