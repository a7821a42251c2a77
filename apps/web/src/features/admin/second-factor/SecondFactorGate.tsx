/**
 * What /admin shows in place of its pages while her session lacks the second factor (the admin
 * session answered 403 `segundo_fator_necessario`): the setup of an authenticator app the first
 * time ('Proteja sua conta': a link e-mailed to her opens it), the code at every login after that ('Verificação em duas etapas').
 * A code the server accepts stores a new pair of tokens; the back office then asks for the
 * session again and opens. The server refuses every /api/admin/ call until then: this screen
 * only decides what to show.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  formatRecoveryCode,
  parseSecondFactorCode,
  SECOND_FACTOR_CODE_FORMAT,
  TOTP_DIGITS,
} from '@semijoias/domain/second-factor';
import { isApiError, logout } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { STORE_INFO } from '@/lib/store-info';
import { Button, ButtonLink } from '@/ui/Button';
import { FormMessage } from '@/ui/Field';
import { LogoutIcon, ShieldIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';
import { AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { CodeField, codeErrorMessage } from './CodeField';
import { QrCode } from './QrCode';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { copyText } from './recovery-codes';
import {
  accountOfUri,
  activate,
  requestSetupLink,
  SECOND_FACTOR_QUERY_KEY,
  secondFactorStatusQuery,
  SET_UP_TOKEN_PARAM,
  startSetup,
  verify,
} from './second-factor-api';
import { GuideSection } from '../help/GuideLink';
import { SECOND_FACTOR_GUIDE_ANCHOR } from '../help/guides';

/** Below this many recovery codes left, the prompt tells her to make new ones. */
const FEW_RECOVERY_CODES = 3;

export interface FreshRecoveryCodes {
  codes: string[];
  account?: string;
}

/**
 * The gate itself. `onActivated` receives the recovery codes of a setup just confirmed (the back
 * office shows them before its pages); `onPassed` runs once her new tokens are stored.
 */
export function SecondFactorGate({
  onActivated,
  onPassed,
}: {
  onActivated: (fresh: FreshRecoveryCodes) => void;
  /** Asks for the admin session again; settles once it has answered. */
  onPassed: () => Promise<void>;
}) {
  const status = useQuery({ ...secondFactorStatusQuery, staleTime: 0, retry: false });

  if (status.isPending)
    return (
      <GateFrame>
        <AdminLoading label="Verificando a sua conta" />
      </GateFrame>
    );
  if (status.isError)
    return (
      <GateFrame>
        <GateCard>
          <AdminLoadError error={status.error} onRetry={() => void status.refetch()} />
        </GateCard>
      </GateFrame>
    );
  return (
    <GateFrame>
      {status.data.configurado ? (
        <PromptStep onPassed={onPassed} />
      ) : (
        <SetupStep
          onActivated={(fresh) => {
            onActivated(fresh);
            void onPassed();
          }}
        />
      )}
    </GateFrame>
  );
}

/** The codes of a setup just confirmed, before the back office opens. */
export function RecoveryCodesStep({
  fresh,
  onDone,
}: {
  fresh: FreshRecoveryCodes;
  onDone: () => void;
}) {
  return (
    <GateFrame>
      <GateCard
        eyebrow="Conta protegida"
        title="Guarde seus códigos de recuperação"
        intro="Se um dia você estiver sem o celular, entre com um destes códigos no lugar do código do aplicativo."
      >
        <RecoveryCodesPanel codes={fresh.codes} account={fresh.account} />
        <Button variant="primary" size="lg" className="mt-6 w-full" onClick={onDone}>
          Guardei meus códigos
        </Button>
      </GateCard>
    </GateFrame>
  );
}

/** The back office's dark bar (the store, 'Sair') over a centred card, as its pages have. */
function GateFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () => {
    logout();
    queryClient.removeQueries({ queryKey: ['session'] });
    void navigate('/');
  };
  return (
    <div className="min-h-screen bg-gradient-to-b from-cream/70 to-ivory">
      <header className="bg-ink text-ivory">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="min-w-0 leading-tight">
            <span className="block truncate font-display text-xl font-semibold sm:text-2xl">
              {STORE_INFO.name}
            </span>
            <span className="block text-xs uppercase tracking-[0.18em] text-gold-light">
              Administração
            </span>
          </div>
          <button
            type="button"
            onClick={signOut}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm text-ivory/90 hover:bg-white/10 hover:text-white"
          >
            <LogoutIcon width={18} height={18} />
            Sair
          </button>
        </div>
      </header>
      <main id="conteudo" className="px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}

function GateCard({
  eyebrow,
  title,
  intro,
  wide = false,
  children,
}: {
  eyebrow?: string;
  title?: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title ? `${title} · Administração` : 'Administração');
  return (
    <div
      className={`mx-auto w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-3xl border border-line bg-ivory px-5 py-7 shadow-soft sm:px-10 sm:py-10`}
    >
      {title && (
        <header className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-gold-light/30 text-gold-dark">
            <ShieldIcon width={24} height={24} />
          </span>
          {eyebrow && <p className="eyebrow mb-2">{eyebrow}</p>}
          <h1 className="font-display text-3xl font-semibold leading-tight text-ink sm:text-[2.1rem]">
            {title}
          </h1>
          {intro && (
            <div className="mx-auto mt-3 max-w-prose text-[0.95rem] leading-relaxed text-muted">
              {intro}
            </div>
          )}
        </header>
      )}
      {children}
    </div>
  );
}

function SetupStep({ onActivated }: { onActivated: (fresh: FreshRecoveryCodes) => void }) {
  // The e-mailed link's token (/admin?segundo-fator=configurar&token=…), read once: it opens
  // the setup a single time, so it leaves the address bar as soon as it is spent.
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get(SET_UP_TOKEN_PARAM));
  const dropToken = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SET_UP_TOKEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  if (!token) return <SetupLinkStep />;
  return <SetupFromLink token={token} onSpent={dropToken} onActivated={onActivated} />;
}

function SetupFromLink({
  token,
  onSpent,
  onActivated,
}: {
  token: string;
  onSpent: () => void;
  onActivated: (fresh: FreshRecoveryCodes) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const setup = useMutation({
    mutationFn: startSetup,
    onError: (err) => {
      // Already set up (another tab finished it): the status turns this into the prompt.
      if (isApiError(err) && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
  });
  // One call per link (the ref survives StrictMode's second effect run, which would otherwise
  // spend the link twice and show an error for the second).
  const started = useRef(false);
  const { mutate: start } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start(token);
    onSpent();
  }, [start, token, onSpent]);

  const account = setup.data ? accountOfUri(setup.data.uri) : undefined;
  const confirm = useMutation({
    mutationFn: activate,
    onSuccess: (codes) => onActivated({ codes, account }),
    onError: (err) => {
      setError(codeErrorMessage(err));
      field.current?.select();
      // No setup pending any more (it was replaced, or another tab finished it): the status
      // says which, and 'Gerar novo QR code' starts again.
      if (isApiError(err) && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
  });
  const expired = isApiError(confirm.error) && confirm.error.status === 409;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    // Only the app's code confirms the setup (there are no recovery codes yet).
    const typed = parseSecondFactorCode(code);
    if (typed?.kind !== 'totp') {
      setError(`Digite os ${TOTP_DIGITS} números que o aplicativo mostra.`);
      field.current?.focus();
      return;
    }
    setError(undefined);
    confirm.mutate(typed.code);
  };

  const onCopySecret = async (secret: string) => {
    if (await copyText(secret.replace(/\s+/g, '')))
      toast({ title: 'Chave copiada', tone: 'success' });
    else
      toast({
        title: 'Não foi possível copiar',
        description: 'Selecione a chave e copie.',
        tone: 'error',
      });
  };

  return (
    <GateCard
      wide
      eyebrow="Verificação em duas etapas"
      title="Proteja sua conta"
      intro="A administração abre os dados de todas as clientes, os pedidos e os pagamentos. Além da senha, ela vai pedir um código do aplicativo autenticador do seu celular."
    >
      {setup.isPending || setup.isIdle ? (
        <AdminLoading label="Preparando o QR code" />
      ) : setup.isError ? (
        <SetupLinkRefused error={setup.error} />
      ) : (
        <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
          <figure className="mx-auto w-full max-w-[13rem] md:mx-0">
            <QrCode
              svg={setup.data.qr_svg}
              label="QR code para o aplicativo autenticador"
              className="aspect-square w-full rounded-2xl border border-line bg-white p-3"
            />
            <figcaption className="mt-2 text-center text-xs text-muted">
              Leia com o aplicativo autenticador
            </figcaption>
          </figure>
          <ol className="space-y-5 text-sm leading-relaxed text-ink-soft">
            <li className="flex gap-3">
              <StepNumber>1</StepNumber>
              <p>
                Instale um aplicativo autenticador no celular — Google Authenticator, Microsoft
                Authenticator ou outro — e toque em adicionar conta. Leia o QR code com a câmera.
              </p>
            </li>
            <li className="flex gap-3">
              <StepNumber>2</StepNumber>
              <div className="min-w-0 flex-1">
                <p id="second-factor-secret-label">
                  Sem câmera, ou no próprio celular? Digite esta chave no aplicativo:
                </p>
                <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
                  <code
                    aria-labelledby="second-factor-secret-label"
                    data-testid="second-factor-secret"
                    className="min-w-0 flex-1 rounded-xl border border-line bg-white px-3 py-2.5 text-center font-mono text-[0.95rem] tracking-wide [overflow-wrap:anywhere] text-ink select-all sm:text-left"
                  >
                    {setup.data.segredo}
                  </code>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void onCopySecret(setup.data.segredo)}
                  >
                    Copiar chave
                  </Button>
                </div>
              </div>
            </li>
            <li className="flex gap-3">
              <StepNumber>3</StepNumber>
              <form onSubmit={onSubmit} noValidate className="min-w-0 flex-1 space-y-4">
                <p>Digite o código que o aplicativo mostra para confirmar.</p>
                <CodeField
                  ref={field}
                  label="Código de 6 dígitos"
                  value={code}
                  onChange={setCode}
                  error={error}
                />
                {expired ? (
                  <ButtonLink to="/admin" variant="primary" size="lg" className="w-full">
                    Pedir um novo link
                  </ButtonLink>
                ) : (
                  <Button
                    type="submit"
                    variant="primary"
                    size="lg"
                    className="w-full"
                    disabled={confirm.isPending}
                  >
                    {confirm.isPending ? 'Ativando…' : 'Ativar'}
                  </Button>
                )}
              </form>
            </li>
          </ol>
        </div>
      )}
      <div className="mt-6">
        <SecondFactorGuide />
      </div>
    </GateCard>
  );
}

/** 'Ajuda' opens after the gate: the guide's section on the second factor comes folded here. */
function SecondFactorGuide() {
  return (
    <GuideSection
      slug="administracao"
      anchor={SECOND_FACTOR_GUIDE_ANCHOR}
      summary="Como funciona o código do celular (e se você perder o celular)"
    />
  );
}

/**
 * Before the setup: her password alone sets nothing up. A one-time link goes to her own address
 * ('Enviamos um link para o seu e-mail…'); opening it, in this browser or another where she is
 * logged in, brings her back here with the QR code.
 */
function SetupLinkStep() {
  const ask = useMutation({ mutationFn: requestSetupLink });
  return (
    <GateCard
      eyebrow="Verificação em duas etapas"
      title="Proteja sua conta"
      intro="A administração abre os dados de todas as clientes, os pedidos e os pagamentos. Além da senha, ela vai pedir um código do aplicativo autenticador do seu celular."
    >
      <div className="space-y-5 text-[0.95rem] leading-relaxed text-ink-soft">
        {ask.isSuccess ? (
          <div data-testid="second-factor-link-sent" className="space-y-3">
            <FormMessage tone="success" title="Confira seu e-mail">
              {ask.data}
            </FormMessage>
            <p className="text-sm text-muted">
              Não chegou? Veja a caixa de spam ou peça outro link em alguns minutos.
            </p>
          </div>
        ) : (
          <p>
            Para configurar o aplicativo autenticador, enviamos um link de uso único para o e-mail
            da sua conta. Assim, só quem lê o seu e-mail consegue configurá-lo, mesmo que alguém
            descubra a sua senha.
          </p>
        )}
        <FormMessage tone="error">
          {ask.isError ? linkRequestError(ask.error) : undefined}
        </FormMessage>
        <Button
          variant={ask.isSuccess ? 'outline' : 'primary'}
          size="lg"
          className="w-full"
          disabled={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {ask.isPending
            ? 'Enviando…'
            : ask.isSuccess
              ? 'Enviar outro link'
              : 'Enviar link para o meu e-mail'}
        </Button>
        <SecondFactorGuide />
      </div>
    </GateCard>
  );
}

function linkRequestError(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError) {
    const message = (error.data as { error?: unknown } | null)?.error;
    if (typeof message === 'string') return message;
  }
  return 'Não foi possível enviar o link agora. Tente de novo em instantes.';
}

/** The link did not open the setup (used, expired, another account's): ask for a new one. */
function SetupLinkRefused({ error }: { error: unknown }) {
  return (
    <div className="space-y-4" data-testid="second-factor-link-refused">
      <FormMessage tone="error">{linkRequestError(error)}</FormMessage>
      <ButtonLink to="/admin" variant="primary" size="lg" className="w-full">
        Pedir um novo link
      </ButtonLink>
    </div>
  );
}

function StepNumber({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-ink text-xs font-semibold text-ivory"
    >
      {children}
    </span>
  );
}

function PromptStep({ onPassed }: { onPassed: () => Promise<void> }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const check = useMutation({
    // 'Verificando…' until the back office has its session and opens.
    mutationFn: async (typed: string) => {
      const left = await verify(typed);
      await onPassed();
      return left;
    },
    onSuccess: (left) => {
      if (left <= FEW_RECOVERY_CODES)
        toast({
          title:
            left === 0
              ? 'Você não tem mais códigos de recuperação'
              : `Restam ${left} ${left === 1 ? 'código' : 'códigos'} de recuperação`,
          description: 'Gere novos em Clientes, na página da sua conta.',
        });
    },
    onError: (err) => {
      setError(codeErrorMessage(err));
      field.current?.select();
      // Nothing set up any more (another owner reset it): the status turns this into the setup.
      if (isApiError(err) && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending) return;
    // The app's code or a recovery code, whichever keyboard she typed it with.
    const typed = parseSecondFactorCode(code);
    if (!typed) {
      setError(SECOND_FACTOR_CODE_FORMAT);
      field.current?.focus();
      return;
    }
    setError(undefined);
    check.mutate(typed.kind === 'recovery' ? formatRecoveryCode(typed.code) : typed.code);
  };

  const toggleRecovery = () => {
    setRecovery((on) => !on);
    setError(undefined);
    setCode('');
    // The keyboard changes with the field's inputmode once it is focused again.
    requestAnimationFrame(() => field.current?.focus());
  };

  return (
    <GateCard
      eyebrow="Segurança da conta"
      title="Verificação em duas etapas"
      intro={
        recovery
          ? 'Digite um dos códigos de recuperação que você guardou. Cada um entra uma única vez.'
          : 'Abra o aplicativo autenticador do celular e digite o código de 6 dígitos que ele mostra para a loja.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <CodeField
          ref={field}
          label="Código do aplicativo ou de recuperação"
          value={code}
          onChange={(typed) => {
            setCode(typed);
            // A letter is a recovery code pasted or typed in the app's field: the page follows
            // (its words and the keyboard) without losing what she put in.
            if (!recovery && /[a-z]/i.test(typed)) setRecovery(true);
          }}
          error={error}
          numeric={!recovery}
          acceptsRecovery
          autoFocus
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className="w-full"
          disabled={check.isPending}
        >
          {check.isPending ? 'Verificando…' : 'Verificar'}
        </Button>
      </form>
      <div className="mt-5 border-t border-line pt-4 text-center text-sm text-muted">
        <button
          type="button"
          onClick={toggleRecovery}
          className="inline-flex min-h-11 items-center rounded-full px-3 font-medium text-ink underline decoration-gold underline-offset-4 hover:text-gold-dark"
        >
          {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
        </button>
        <p className="mt-2 leading-relaxed">
          Sem o celular e sem os códigos? Peça a outra administradora para redefinir o seu segundo
          fator em Clientes.
        </p>
      </div>
    </GateCard>
  );
}
