import { resetPasswordResult } from '@semijoias/domain/messages';
import {
  canSubmitReset,
  PASSWORDS_DO_NOT_MATCH,
  passwordChecklist,
  passwordStrength,
  RESET_TOKEN_MISSING,
  validateResetPassword,
} from '@semijoias/domain/password';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { toOutcome } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { clearSession } from '@/lib/session';
import { Button, ButtonLink } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { FormMessage, PasswordField, RuleList } from '@/ui/Field';
import { AlertIcon, CheckIcon } from '@/ui/icons';
import { resetPassword } from '../api';
import { AuthCard } from '../components/AuthCard';
import { useRedirectHome } from '../useRedirectHome';

/** SPEC §9: after a successful reset the page goes home after 3 seconds. */
const REDIRECT_AFTER_MS = 3000;

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const STRENGTH_COLOURS = { weak: 'bg-rose', medium: 'bg-gold', strong: 'bg-sage' } as const;

/** SPEC §2 Reset password: /redefinir-senha/<token>. */
export function ResetPasswordPage() {
  useDocumentTitle('Redefinir senha');
  const { token } = useParams();
  if (!token) {
    return (
      <AuthCard eyebrow="Recuperar acesso" title="Redefinir senha">
        <div className="text-center">
          <FormMessage tone="error" testId="reset-error">
            {RESET_TOKEN_MISSING}
          </FormMessage>
          <ButtonLink to="/esqueci-senha" variant="primary" size="lg" className="mt-6 w-full">
            Solicitar novo link
          </ButtonLink>
          <ButtonLink to="/" variant="ghost" className="mt-2 w-full">
            Voltar ao Início
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const { register, handleSubmit, control } = useForm<ResetValues>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: (data) => {
      // The server ended every session of the account, this device's included.
      clearSession();
      setResult(resetPasswordResult({ kind: 'response', status: 200, data }));
    },
    onError: (error) => setResult(resetPasswordResult(toOutcome(error))),
  });
  const succeeded = result?.ok === true;
  useRedirectHome(succeeded, REDIRECT_AFTER_MS);

  const password = useWatch({ control, name: 'password' });
  const confirmPassword = useWatch({ control, name: 'confirmPassword' });
  const strength = passwordStrength(password);
  const matches = confirmPassword !== '' && password === confirmPassword;

  const onSubmit = (values: ResetValues) => {
    const problem = validateResetPassword(values);
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    setResult(null);
    mutation.mutate(values.password);
  };

  return (
    <AuthCard
      eyebrow="Recuperar acesso"
      title="Crie uma nova senha"
      intro="Escolha uma senha forte que você não use em outros sites."
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Redefinir senha"
        className="space-y-5"
      >
        <div>
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            disabled={succeeded}
            {...register('password')}
          />
          <div
            className="mt-3"
            data-testid="password-strength"
            data-level={password ? strength.level : 'empty'}
          >
            <div className="flex items-center justify-between text-xs">
              <span className="text-muted">Força da senha</span>
              <span
                aria-live="polite"
                className={cx('font-semibold', password ? 'text-ink' : 'text-muted')}
              >
                {password ? strength.label : '—'}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label="Força da senha"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={strength.percent}
              aria-valuetext={password ? strength.label : undefined}
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-sand/70"
            >
              <div
                className={cx(
                  'h-full rounded-full transition-[width] duration-300',
                  STRENGTH_COLOURS[strength.level],
                )}
                style={{ width: `${strength.percent}%` }}
              />
            </div>
          </div>
          <div className="mt-3">
            <RuleList items={passwordChecklist(password)} variant="chips" />
          </div>
        </div>
        <div>
          <PasswordField
            label="Confirmar nova senha"
            autoComplete="new-password"
            disabled={succeeded}
            {...register('confirmPassword')}
          />
          <p aria-live="polite" data-testid="password-match" className="mt-1.5 min-h-5 text-sm">
            {confirmPassword !== '' &&
              (matches ? (
                <span className="inline-flex items-center gap-1 text-sage">
                  <CheckIcon width={16} height={16} /> As senhas coincidem
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-rose">
                  <AlertIcon width={16} height={16} /> {PASSWORDS_DO_NOT_MATCH}
                </span>
              ))}
          </p>
        </div>
        <FormMessage
          tone={succeeded ? 'success' : 'error'}
          testId={succeeded ? 'reset-success' : 'reset-error'}
        >
          {result?.message}
        </FormMessage>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className="w-full"
          disabled={
            mutation.isPending || succeeded || !canSubmitReset({ password, confirmPassword })
          }
        >
          {mutation.isPending ? 'Salvando...' : 'Redefinir Senha'}
        </Button>
        <ButtonLink to="/" variant="ghost" className="w-full">
          Voltar ao Início
        </ButtonLink>
      </form>
    </AuthCard>
  );
}
