import {
  UNSUBSCRIBE_BUSY,
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_INTRO,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_TITLE,
  UNSUBSCRIBE_TOKEN_PARAM,
  unsubscribeErrorMessage,
} from '@semijoias/domain/marketing';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { toOutcome } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { Button, ButtonLink } from '@/ui/Button';
import { FormMessage } from '@/ui/Field';
import { unsubscribe } from '../unsubscribe-api';

/**
 * `/descadastrar?t=…` (RFC 8058's page for people): the link at the foot of a marketing
 * e-mail opens it. Opening it changes nothing (a mail scanner follows links); her press on the
 * button withdraws the consent, without a login, and the page says it is done.
 */
export function UnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TITLE);
  const [params] = useSearchParams();
  const token = params.get(UNSUBSCRIBE_TOKEN_PARAM)?.trim() ?? '';
  const mutation = useMutation({ mutationFn: () => unsubscribe(token) });
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The answer replaces the button: focus it, so it is read out and the focus is not lost.
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <AuthCard eyebrow="E-mails" title={UNSUBSCRIBE_TITLE}>
        <div ref={doneRef} tabIndex={-1} className="outline-none">
          <FormMessage tone="success" testId="unsubscribe-done">
            {mutation.data.message}
          </FormMessage>
        </div>
        <ButtonLink to="/" variant="outline" className="mt-6 w-full">
          Voltar para a loja
        </ButtonLink>
      </AuthCard>
    );
  }

  const error = token
    ? mutation.isError
      ? unsubscribeErrorMessage(toOutcome(mutation.error))
      : null
    : UNSUBSCRIBE_LINK_INVALID;

  return (
    <AuthCard eyebrow="E-mails" title={UNSUBSCRIBE_TITLE}>
      {token && (
        <p className="mb-6 text-[0.95rem] leading-relaxed text-ink-soft">{UNSUBSCRIBE_INTRO}</p>
      )}
      <FormMessage tone="error" testId="unsubscribe-error">
        {error}
      </FormMessage>
      {token && (
        <Button
          variant="primary"
          size="lg"
          className="mt-6 w-full"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? UNSUBSCRIBE_BUSY : UNSUBSCRIBE_BUTTON}
        </Button>
      )}
      {!token && (
        <ButtonLink to="/usuario" variant="outline" className="mt-6 w-full">
          Ir para Minha conta
        </ButtonLink>
      )}
    </AuthCard>
  );
}
