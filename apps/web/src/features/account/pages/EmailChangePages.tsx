/**
 * The two links of a change of e-mail (docs/account-security.md), outside the login, so they
 * work in any browser:
 * - /confirmar-email?token=…, sent to the new address: confirms at once (single use: the call is
 *   a query cached for good, so a re-render never spends the token twice);
 * - /nao-fui-eu?token=…, sent to the old address: asks her to confirm with a button (a mail
 *   client that opens links by itself never ends her sessions), then cancels the change (or
 *   undoes it) and ends every session of hers.
 */
import {
  EMAIL_CHANGE_CANCEL_INVALID,
  EMAIL_CHANGE_LINK_INVALID,
} from '@semijoias/domain/email-change';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { Button, ButtonLink } from '@/ui/Button';
import { FormMessage } from '@/ui/Field';
import { AlertIcon, CheckIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { cancelEmailChange, confirmEmailChange } from '../api';

const CONNECTION_PROBLEM = 'Não foi possível falar com a loja agora. Tente de novo em instantes.';

/** The server's words for a refused link, or ours when there was no answer. */
function refusal(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.isNetworkError) return CONNECTION_PROBLEM;
  const data = error.data as { error?: unknown } | null;
  return typeof data?.error === 'string' ? data.error : fallback;
}

function Frame({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page py-8 sm:py-14">
        <div className="mx-auto w-full max-w-md rounded-3xl border border-line bg-ivory px-5 py-8 shadow-soft sm:px-10 sm:py-10">
          <header className="mb-7 text-center">
            <p className="eyebrow mb-2">{eyebrow}</p>
            <h1 className="font-display text-[2.1rem] font-semibold leading-tight text-ink sm:text-4xl">
              {title}
            </h1>
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}

function Outcome({
  tone,
  message,
  detail,
  children,
  testId,
}: {
  tone: 'success' | 'error';
  message: string;
  detail?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex flex-col items-center text-center" data-testid={testId}>
      <span
        className={`mb-5 inline-flex h-16 w-16 items-center justify-center rounded-full ${
          tone === 'success' ? 'bg-sage/15 text-sage' : 'bg-rose-soft text-rose'
        }`}
      >
        {tone === 'success' ? (
          <CheckIcon width={32} height={32} />
        ) : (
          <AlertIcon width={30} height={30} />
        )}
      </span>
      <p
        role={tone === 'success' ? 'status' : 'alert'}
        className="text-[1rem] leading-relaxed text-ink-soft"
      >
        {message}
      </p>
      {detail}
      <div className="mt-8 flex w-full flex-col gap-3">{children}</div>
    </div>
  );
}

export function ConfirmEmailChangePage() {
  useDocumentTitle('Confirmar novo e-mail');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const confirmation = useQuery({
    queryKey: ['confirm-email-change', token],
    queryFn: () => confirmEmailChange(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (token !== null && confirmation.isPending) {
    return (
      <Frame eyebrow="Troca de e-mail" title="Confirmando...">
        <div className="flex flex-col items-center gap-4 py-6 text-muted">
          <Spinner className="scale-150" label="Confirmando seu novo e-mail" />
        </div>
      </Frame>
    );
  }
  const answer = confirmation.data;
  if (token === null || !answer) {
    return (
      <Frame eyebrow="Troca de e-mail" title="Não foi possível confirmar">
        <Outcome
          tone="error"
          testId="email-change-error"
          message={
            token === null
              ? EMAIL_CHANGE_LINK_INVALID
              : refusal(confirmation.error, EMAIL_CHANGE_LINK_INVALID)
          }
        >
          <ButtonLink to="/usuario" variant="primary" size="lg" className="w-full">
            Ir para Meus dados
          </ButtonLink>
        </Outcome>
      </Frame>
    );
  }
  return (
    <Frame eyebrow="Troca de e-mail" title="E-mail confirmado">
      <Outcome
        tone="success"
        testId="email-change-confirmed"
        message={answer.message}
        detail={
          <p className="mt-2 text-sm text-muted">
            Seu e-mail agora é{' '}
            <strong className="break-all font-medium text-ink">{answer.email}</strong>. Use-o para
            entrar.
          </p>
        }
      >
        <ButtonLink to="/" variant="primary" size="lg" className="w-full">
          Voltar à loja
        </ButtonLink>
      </Outcome>
    </Frame>
  );
}

export function NotMePage() {
  useDocumentTitle('Não fui eu');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const cancel = useMutation({ mutationFn: () => cancelEmailChange(token ?? '') });

  if (cancel.isSuccess) {
    return (
      <Frame eyebrow="Segurança da conta" title="Troca cancelada">
        <Outcome tone="success" testId="not-me-done" message={cancel.data.message}>
          <ButtonLink to="/esqueci-senha" variant="primary" size="lg" className="w-full">
            Criar uma nova senha
          </ButtonLink>
          <ButtonLink to="/" variant="outline" size="lg" className="w-full">
            Voltar à loja
          </ButtonLink>
        </Outcome>
      </Frame>
    );
  }
  if (
    token === null ||
    (cancel.isError && isApiError(cancel.error) && !cancel.error.isNetworkError)
  ) {
    return (
      <Frame eyebrow="Segurança da conta" title="Link inválido">
        <Outcome
          tone="error"
          testId="not-me-error"
          message={
            token === null
              ? EMAIL_CHANGE_CANCEL_INVALID
              : refusal(cancel.error, EMAIL_CHANGE_CANCEL_INVALID)
          }
        >
          <ButtonLink to="/esqueci-senha" variant="primary" size="lg" className="w-full">
            Esqueci minha senha
          </ButtonLink>
        </Outcome>
      </Frame>
    );
  }
  return (
    <Frame eyebrow="Segurança da conta" title="Não foi você?">
      <div className="space-y-5 text-[0.95rem] leading-relaxed text-ink-soft" data-testid="not-me">
        <p>
          Pediram para trocar o e-mail da sua conta. Se não foi você, confirme abaixo: cancelamos a
          troca (ou a desfazemos, se já tiver sido confirmada) e encerramos todas as sessões da sua
          conta, em todos os aparelhos.
        </p>
        <FormMessage tone="error">{cancel.isError ? CONNECTION_PROBLEM : undefined}</FormMessage>
        <Button
          variant="primary"
          size="lg"
          className="w-full"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? 'Cancelando...' : 'Não fui eu: cancelar a troca'}
        </Button>
      </div>
    </Frame>
  );
}
