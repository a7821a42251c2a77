import { forgotPasswordResult } from '@semijoias/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toOutcome } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { Button, ButtonLink } from '@/ui/Button';
import { EmailField, FormMessage } from '@/ui/Field';
import { ChevronLeftIcon } from '@/ui/icons';
import { forgotPassword } from '../api';
import { AuthCard } from '../components/AuthCard';

/** SPEC §2 Forgot password: the e-mail (required, type email) and the SPEC §8 answers. */
export function ForgotPasswordPage() {
  useDocumentTitle('Esqueci minha senha');
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const mutation = useMutation({ mutationFn: forgotPassword });
  const result = mutation.isSuccess
    ? forgotPasswordResult({ kind: 'response', status: 200, data: mutation.data })
    : mutation.isError
      ? forgotPasswordResult(toOutcome(mutation.error))
      : null;

  return (
    <AuthCard
      eyebrow="Recuperar acesso"
      title="Esqueceu sua senha?"
      intro="Digite o e-mail da sua conta e enviaremos as instruções para criar uma nova senha."
    >
      {/* Native checks (required, type email) are the SPEC's; the browser words them. */}
      <form
        onSubmit={handleSubmit(({ email }) => mutation.mutate(email))}
        aria-label="Esqueci minha senha"
        className="space-y-5"
      >
        <EmailField required {...register('email', { required: true })} />
        <FormMessage
          tone={result?.ok ? 'success' : 'error'}
          testId={result?.ok ? 'forgot-success' : 'forgot-error'}
        >
          {result?.message}
        </FormMessage>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className="w-full"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? 'Enviando...' : 'Enviar Instruções'}
        </Button>
        <p className="text-center text-xs leading-relaxed text-muted">
          Não encontrou o email? Confira também a caixa de spam ou lixo eletrônico.
        </p>
        <ButtonLink to="/" variant="ghost" className="w-full">
          <ChevronLeftIcon width={18} height={18} /> Voltar ao Início
        </ButtonLink>
      </form>
    </AuthCard>
  );
}
