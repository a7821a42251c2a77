import { maskBirthdate, birthdateToIso, BIRTHDATE_MAX_DIGITS } from '@semijoias/domain/birthdate';
import { todayInSaoPaulo } from '@semijoias/domain/calendar';
import { CPF_MASK_LENGTH, maskCpf } from '@semijoias/domain/cpf';
import { DESTINATION_PARAM, safeDestination } from '@semijoias/domain/destination';
import { MARKETING_CONSENT_HINT, MARKETING_CONSENT_LABEL } from '@semijoias/domain/marketing';
import {
  REGISTRATION_SENT_HINT,
  REGISTRATION_SENT_TO_PREFIX,
  registrationErrorMessage,
  registrationSuccessMessage,
} from '@semijoias/domain/messages';
import { passwordChecklist } from '@semijoias/domain/password';
import { PHONE_MASK_MAX_LENGTH, maskPhone } from '@semijoias/domain/phone';
import { validateRegistration, type RegistrationForm } from '@semijoias/domain/registration';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toOutcome } from '@/lib/api';
import { LOGIN_DRAWER_SEARCH } from '@/lib/drawer-requests';
import { useDocumentTitle } from '@/lib/hooks';
import { EmailText } from '@/ui/EmailText';
import { Button } from '@/ui/Button';
import { EmailField, FormMessage, PasswordField, RuleList, TextField } from '@/ui/Field';
import { registerUser } from '../api';
import { AuthCard } from '../components/AuthCard';

/** SPEC §4: after a successful sign-up the page goes home after 5 seconds. */
const REDIRECT_AFTER_MS = 5000;

const EMPTY: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  cpf: '',
  birthdate: '',
  password: '',
  confirmPassword: '',
};

/**
 * SPEC §2 Registration: the fields, masks as typed, the live checklist and the §5 checks. Its
 * `destino` (the page she came from, a store path only) goes with the sign-up into the
 * verification link, which brings her back there logged in.
 */
export function RegisterPage() {
  useDocumentTitle('Cadastro');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const destination = safeDestination(params.get(DESTINATION_PARAM));
  const { register, handleSubmit, setValue, control } = useForm<RegistrationForm>({
    defaultValues: EMPTY,
  });
  const [formError, setFormError] = useState<string | null>(null);
  // LGPD: offers by e-mail only if she ticks it; unticked to begin with.
  const [acceptsMarketing, setAcceptsMarketing] = useState(false);
  const [success, setSuccess] = useState<{
    message: string;
    verificationEmailSent: boolean;
    /** The address the link went to, as she typed it. */
    email: string;
  } | null>(null);

  const mutation = useMutation({
    mutationFn: (payload: Parameters<typeof registerUser>[0]) => registerUser(payload, destination),
    onSuccess: (data, payload) => {
      setFormError(null);
      setSuccess({ ...registrationSuccessMessage(data), email: payload.email });
    },
    onError: (error) => setFormError(registrationErrorMessage(toOutcome(error))),
  });

  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!success) return;
    // The form was long and the success card is short: bring the message into view and give
    // it focus, so it is seen and read out.
    window.scrollTo({ top: 0 });
    successRef.current?.focus({ preventScroll: true });
    const timer = window.setTimeout(() => void navigate('/'), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [success, navigate]);

  const onSubmit = (values: RegistrationForm) => {
    const problem = validateRegistration(values, todayInSaoPaulo(new Date()));
    setFormError(problem);
    if (problem) return;
    mutation.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone,
      cpf: values.cpf,
      birthdate: birthdateToIso(values.birthdate) ?? values.birthdate,
      password: values.password,
      aceita_marketing: acceptsMarketing,
    });
  };

  const masked = (name: 'phone' | 'cpf' | 'birthdate', mask: (v: string) => string) =>
    register(name, {
      onChange: (e: { target: HTMLInputElement }) => setValue(name, mask(e.target.value)),
    });

  const password = useWatch({ control, name: 'password' });
  const busy = mutation.isPending || success !== null;

  if (success) {
    return (
      <AuthCard eyebrow="Cadastro" title="Quase lá!">
        <div ref={successRef} tabIndex={-1} className="outline-none">
          <FormMessage tone="success" testId="register-success">
            {success.message}
          </FormMessage>
        </div>
        {success.verificationEmailSent && (
          <div className="mt-5 text-center" data-testid="register-sent-to">
            <p className="text-[1rem] leading-relaxed text-ink">
              {REGISTRATION_SENT_TO_PREFIX}{' '}
              <strong className="font-semibold">
                <EmailText email={success.email} />
              </strong>
              .
            </p>
            <p className="mt-2 text-sm leading-relaxed text-muted">{REGISTRATION_SENT_HINT}</p>
          </div>
        )}
        {!success.verificationEmailSent && (
          <p className="mt-4 text-center text-sm">
            <Link
              to="/reenviar-verificacao"
              className="font-medium text-gold-dark underline underline-offset-4"
            >
              Reenviar email de verificação
            </Link>
          </p>
        )}
        <p className="mt-6 text-center text-sm text-muted">
          Em instantes você volta para a página inicial.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Cadastro"
      title="Crie sua conta"
      wide
      intro={
        <>
          Cadastre-se e ganhe{' '}
          <strong className="font-semibold text-gold-dark">10% de desconto</strong> na primeira
          compra.
        </>
      }
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Cadastro"
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Nome" autoComplete="given-name" {...register('firstName')} />
          <TextField label="Sobrenome" autoComplete="family-name" {...register('lastName')} />
        </div>
        <EmailField {...register('email')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Telefone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(11) 98765-4321"
            maxLength={PHONE_MASK_MAX_LENGTH}
            {...masked('phone', maskPhone)}
          />
          <TextField
            label="CPF"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={CPF_MASK_LENGTH}
            {...masked('cpf', maskCpf)}
          />
        </div>
        <TextField
          label="Data de nascimento"
          inputMode="numeric"
          autoComplete="bday"
          placeholder="dd/mm/aaaa"
          maxLength={BIRTHDATE_MAX_DIGITS + 2}
          className="sm:max-w-[calc(50%-0.625rem)]"
          {...masked('birthdate', maskBirthdate)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField label="Senha" autoComplete="new-password" {...register('password')} />
          <PasswordField
            label="Confirmar senha"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </div>
        <div className="rounded-xl border border-line bg-cream/40 px-4 py-3">
          <p className="mb-2 text-xs font-medium uppercase tracking-[0.14em] text-ink-soft">
            Sua senha precisa ter
          </p>
          <RuleList items={passwordChecklist(password)} />
        </div>

        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white/60 px-4 py-3">
          <input
            type="checkbox"
            name="aceita_marketing"
            checked={acceptsMarketing}
            onChange={(e) => setAcceptsMarketing(e.currentTarget.checked)}
            data-testid="register-marketing"
            className="mt-0.5 size-5 shrink-0 accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
          />
          <span className="min-w-0">
            <span className="block text-[0.95rem] font-medium leading-snug text-ink">
              {MARKETING_CONSENT_LABEL}
            </span>
            <span className="mt-0.5 block text-sm leading-relaxed text-muted">
              {MARKETING_CONSENT_HINT}
            </span>
          </span>
        </label>

        <FormMessage tone="error" testId="register-error">
          {formError}
        </FormMessage>

        <Button type="submit" variant="primary" size="lg" disabled={busy} className="w-full">
          {mutation.isPending ? 'Cadastrando...' : 'Criar Conta'}
        </Button>
        <p className="text-center text-sm text-muted">
          Já tem conta?{' '}
          <Link
            to={{ search: LOGIN_DRAWER_SEARCH }}
            className="inline-flex min-h-11 items-center font-medium text-gold-dark underline underline-offset-4"
          >
            Entrar
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
