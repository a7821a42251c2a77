import { DESTINATION_PARAM, safeDestination } from '@semijoias/domain/destination';
import { resendEmailError, resendVerificationResult } from '@semijoias/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toOutcome } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { Button, ButtonLink } from '@/ui/Button';
import { EmailField, FormMessage } from '@/ui/Field';
import { ChevronLeftIcon } from '@/ui/icons';
import { sendVerification } from '../api';
import { AuthCard } from '../components/AuthCard';
import { useRedirectHome } from '../useRedirectHome';

/** SPEC §9: after a successful resend the page goes home after 3 seconds. */
const REDIRECT_AFTER_MS = 3000;

/** SPEC §2 Resend verification; a `destino` it was opened with goes into the new link. */
export function ResendVerificationPage() {
  useDocumentTitle('Reenviar verificação');
  const [params] = useSearchParams();
  const destination = safeDestination(params.get(DESTINATION_PARAM));
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const mutation = useMutation({
    mutationFn: (email: string) => sendVerification(email, destination),
    onSuccess: (data) =>
      setResult(resendVerificationResult({ kind: 'response', status: 200, data })),
    onError: (error) => setResult(resendVerificationResult(toOutcome(error))),
  });
  const succeeded = result?.ok === true;
  useRedirectHome(succeeded, REDIRECT_AFTER_MS);

  const onSubmit = ({ email }: { email: string }) => {
    const problem = resendEmailError(email);
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    setResult(null);
    mutation.mutate(email);
  };

  return (
    <AuthCard
      eyebrow="Verificação de e-mail"
      title="Reenviar email de verificação"
      intro="Informe o e-mail do seu cadastro e enviaremos um novo link para ativar sua conta."
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Reenviar verificação"
        className="space-y-5"
      >
        <EmailField disabled={succeeded} {...register('email')} />
        <FormMessage
          tone={succeeded ? 'success' : 'error'}
          testId={succeeded ? 'resend-success' : 'resend-error'}
        >
          {result?.message}
        </FormMessage>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className="w-full"
          disabled={mutation.isPending || succeeded}
        >
          {mutation.isPending ? 'Enviando...' : 'Reenviar Email'}
        </Button>
        <ButtonLink to="/" variant="ghost" className="w-full">
          <ChevronLeftIcon width={18} height={18} /> Voltar ao Início
        </ButtonLink>
      </form>
      <div className="mt-6 rounded-2xl bg-cream/70 px-5 py-4 text-sm leading-relaxed text-ink-soft">
        <p className="font-medium text-ink">Não recebeu o email?</p>
        <p className="mt-1">
          Confira a caixa de spam ou lixo eletrônico. Se o e-mail foi digitado errado no cadastro,
          faça um novo:
        </p>
        <Link
          to="/cadastro"
          className="mt-1 inline-flex min-h-11 items-center font-medium text-gold-dark underline underline-offset-4"
        >
          Fazer Novo Cadastro
        </Link>
      </div>
    </AuthCard>
  );
}
