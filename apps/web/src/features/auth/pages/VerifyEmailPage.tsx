import {
  WELCOME_COUPON_CODE,
  WELCOME_COUPON_PERCENT,
  WELCOME_GIFT_TITLE,
} from '@semijoias/domain/coupon';
import { DESTINATION_PARAM, safeDestination, withDestination } from '@semijoias/domain/destination';
import {
  VERIFY_ALREADY_VERIFIED,
  VERIFY_LOGGED_IN,
  VERIFY_SUCCESS,
  verifyContinueLabel,
  verifyEmailErrorMessage,
  verifyPageState,
} from '@semijoias/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toOutcome } from '@/lib/api';
import { LOGIN_DRAWER_HREF } from '@/lib/drawer-requests';
import { useDocumentTitle } from '@/lib/hooks';
import { EmailText } from '@/ui/EmailText';
import { Button, ButtonLink } from '@/ui/Button';
import { AlertIcon, CheckIcon, SparkleIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { verifyEmail } from '../api';
import { AuthCard } from '../components/AuthCard';

type View =
  | { state: 'loading' }
  | {
      state: 'success';
      message: string;
      firstName?: string;
      email?: string;
      /** The link opened her session (it verified the account just now). */
      loggedIn: boolean;
    }
  | { state: 'error'; message: string };

/**
 * SPEC §2 Verify e-mail: the link carries a token (verified here with POST /api/verify_email/)
 * or a status plus a user (the server already decided). The token is single use, so the call
 * is a query cached for good: effects run again (a remount, a re-render) reuse the one
 * answer instead of spending the token twice. The link that verifies the account logs her in
 * (api.ts stores the session), and its `destino` (checked again here: a store path only) is
 * where her button takes her, the checkout when she signed up from it.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verificação de e-mail');
  const [params] = useSearchParams();
  const page = verifyPageState({ token: params.get('token'), status: params.get('status') });
  const destination = safeDestination(params.get(DESTINATION_PARAM));
  const token = page.state === 'verify-token' ? page.token : null;

  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let view: View;
  if (page.state !== 'verify-token') {
    const user = params.get('user')?.trim() || undefined;
    view =
      page.state === 'success'
        ? {
            state: 'success',
            message: page.message,
            firstName: user?.includes('@') ? undefined : user,
            email: user?.includes('@') ? user : undefined,
            loggedIn: false,
          }
        : { state: 'error', message: page.message };
  } else if (verification.isPending) {
    view = { state: 'loading' };
  } else if (verification.isError) {
    view = { state: 'error', message: verifyEmailErrorMessage(toOutcome(verification.error)) };
  } else {
    const answer = verification.data;
    view = {
      state: 'success',
      message: answer?.already_verified ? VERIFY_ALREADY_VERIFIED : VERIFY_SUCCESS,
      firstName: answer?.user?.first_name || undefined,
      email: answer?.user?.email || undefined,
      loggedIn: Boolean(answer?.access),
    };
  }

  return <VerifyView view={view} destination={destination} />;
}

/** The login drawer over where she was going (over the home page without a destination). */
function loginHref(destination: string | null): string {
  if (!destination) return LOGIN_DRAWER_HREF;
  const url = new URL(destination, 'https://loja.invalid');
  url.searchParams.set('login', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

function VerifyView({ view, destination }: { view: View; destination: string | null }) {
  const navigate = useNavigate();

  if (view.state === 'loading') {
    return (
      <AuthCard eyebrow="Verificação de e-mail" title="Verificando seu email...">
        <div
          className="flex flex-col items-center gap-4 py-6 text-muted"
          data-testid="verify-loading"
        >
          <Spinner className="scale-150" label="Verificando seu email" />
          <p className="text-sm">Só um instante, estamos ativando sua conta.</p>
        </div>
      </AuthCard>
    );
  }

  if (view.state === 'error') {
    return (
      <AuthCard eyebrow="Verificação de e-mail" title="Não foi possível verificar">
        <div className="flex flex-col items-center text-center" data-testid="verify-error">
          <span className="mb-5 inline-flex h-16 w-16 items-center justify-center rounded-full bg-rose-soft text-rose">
            <AlertIcon width={30} height={30} />
          </span>
          <p role="alert" className="text-[1rem] leading-relaxed text-ink-soft">
            {view.message}
          </p>
          <div className="mt-8 flex w-full flex-col gap-3">
            <ButtonLink
              to={withDestination('/reenviar-verificacao', destination)}
              variant="primary"
              size="lg"
              className="w-full"
            >
              Solicitar Novo Email
            </ButtonLink>
            <ButtonLink to="/" variant="outline" size="lg" className="w-full">
              Voltar ao Início
            </ButtonLink>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Conta ativada"
      title={view.firstName ? `Boas-vindas, ${view.firstName}!` : 'Boas-vindas!'}
    >
      <div className="flex flex-col items-center text-center" data-testid="verify-success">
        <span className="mb-5 inline-flex h-16 w-16 items-center justify-center rounded-full bg-sage/15 text-sage">
          <CheckIcon width={32} height={32} />
        </span>
        <p role="status" className="text-[1rem] leading-relaxed text-ink-soft">
          {view.message}
        </p>
        {view.email && (
          <p className="mt-2 text-sm text-muted">
            E-mail confirmado:{' '}
            <strong className="font-medium text-ink">
              <EmailText email={view.email} />
            </strong>
          </p>
        )}
        {view.loggedIn && (
          <p className="mt-2 text-sm font-medium text-ink-soft" data-testid="verify-logged-in">
            {VERIFY_LOGGED_IN}
          </p>
        )}
        <div className="mt-7 w-full rounded-2xl border border-gold/40 bg-cream/70 px-5 py-5">
          <p className="flex items-center justify-center gap-2 text-sm font-medium uppercase tracking-[0.14em] text-gold-dark">
            <SparkleIcon width={18} height={18} /> {WELCOME_GIFT_TITLE}
          </p>
          <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-soft">
            Use o cupom{' '}
            <strong className="rounded-md border border-dashed border-gold px-2 py-0.5 font-semibold tracking-widest text-ink">
              {WELCOME_COUPON_CODE}
            </strong>{' '}
            e ganhe{' '}
            <strong className="font-semibold text-ink">
              {WELCOME_COUPON_PERCENT}% de desconto
            </strong>{' '}
            na primeira compra.
          </p>
        </div>
        {view.loggedIn ? (
          <Button
            variant="primary"
            size="lg"
            className="mt-8 w-full"
            onClick={() => void navigate(destination ?? '/')}
          >
            {verifyContinueLabel(destination)}
          </Button>
        ) : (
          <Button
            variant="primary"
            size="lg"
            className="mt-8 w-full"
            onClick={() => void navigate(loginHref(destination))}
          >
            Fazer Login Agora
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
