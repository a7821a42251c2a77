import { isoToBirthdate } from '@semijoias/domain/birthdate';
import { maskCpf } from '@semijoias/domain/cpf';
import { maskPhone, PHONE_MASK_MAX_LENGTH, phoneDigits } from '@semijoias/domain/phone';
import { canSaveUserInfo, validateUserInfoEdit } from '@semijoias/domain/userInfo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EMAIL_CHANGE_PASSWORD_REQUIRED } from '@semijoias/domain/email-change';
import { isApiError } from '@/lib/api';
import { Button } from '@/ui/Button';
import { EmailField, FormMessage, PasswordField, TextField } from '@/ui/Field';
import { Skeleton } from '@/ui/Spinner';
import {
  fetchUserInfo,
  saveUserInfo,
  userInfoQueryKey,
  type SavedUserInfo,
  type UserInfo,
} from '../api';
import { MarketingConsentSwitch } from './MarketingConsentSwitch';

interface ContactValues {
  email: string;
  phone: string;
  currentPassword: string;
}

/** The e-mail as the server compares it. */
const comparable = (email: string | undefined) => (email ?? '').trim().toLowerCase();

/** What the server said about a field or the whole form, when it refused the change. */
interface ServerProblems {
  email?: string;
  currentPassword?: string;
  form?: string;
}

function serverProblems(error: unknown): ServerProblems | null {
  if (!isApiError(error) || error.isNetworkError) return null;
  const data = (error.data ?? {}) as { error?: unknown; errors?: Record<string, unknown> };
  const first = (field: string) => {
    const list = data.errors?.[field];
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
  };
  const message = typeof data.error === 'string' ? data.error : undefined;
  if (error.status === 400 && first('senha_atual'))
    return { currentPassword: first('senha_atual') };
  if (error.status === 409) return { email: message };
  if (error.status === 429) return { form: message };
  return null;
}

function ReadOnly({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="border-b border-line py-4 last:border-b-0">
      <dt className="text-xs font-medium uppercase tracking-[0.14em] text-muted">{label}</dt>
      <dd className="mt-1 break-words text-[1rem] text-ink" data-testid={testId}>
        {value || '—'}
      </dd>
    </div>
  );
}

/**
 * SPEC §2 Account area, info tab: name, CPF and birth date read-only; e-mail and phone editable
 * after 'Editar', saved with 'Salvar' only when both are valid (SPEC §5). A new e-mail asks for
 * her current password and changes only when she opens the link sent to it
 * (docs/account-security.md): the tab says so. Load and save failures are silent (SPEC §7), but
 * for the server's words on the password, a taken e-mail or too many tries. Below, her consent to
 * offers by e-mail, a switch that saves on its own.
 */
export function InfoTab() {
  const info = useQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo });
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (info.isPending) {
    return (
      <div aria-busy="true" className="space-y-4">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }

  const data = info.data;
  const name = [data?.first_name, data?.last_name].filter(Boolean).join(' ');

  return (
    <div>
      <dl className="rounded-2xl border border-line bg-white/60 px-5">
        <ReadOnly label="Nome" value={name} testId="info-name" />
        <ReadOnly label="CPF" value={data?.cpf ? maskCpf(data.cpf) : ''} testId="info-cpf" />
        <ReadOnly
          label="Data de nascimento"
          value={isoToBirthdate(data?.birthdate) ?? ''}
          testId="info-birthdate"
        />
        {!editing && (
          <>
            <ReadOnly label="E-mail" value={data?.email ?? ''} testId="info-email" />
            <ReadOnly
              label="Telefone"
              value={data?.phone ? maskPhone(data.phone) : ''}
              testId="info-phone"
            />
          </>
        )}
      </dl>
      {notice && !editing && (
        <div className="mt-6 [overflow-wrap:anywhere]" data-testid="email-change-sent">
          <FormMessage tone="success" title="Confirme seu novo e-mail">
            {notice}
          </FormMessage>
        </div>
      )}
      {editing ? (
        <ContactForm
          current={data}
          onDone={(saved) => {
            if (saved?.message) setNotice(saved.message);
            setEditing(false);
          }}
        />
      ) : (
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            setNotice(null);
            setEditing(true);
          }}
        >
          Editar
        </Button>
      )}
      {data && <MarketingConsentSwitch info={data} />}
    </div>
  );
}

function ContactForm({
  current,
  onDone,
}: {
  current: UserInfo | undefined;
  onDone: (saved?: SavedUserInfo) => void;
}) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setValue, control, formState } = useForm<ContactValues>({
    defaultValues: {
      email: current?.email ?? '',
      phone: current?.phone ? maskPhone(current.phone) : '',
      currentPassword: '',
    },
  });
  const values = {
    email: useWatch({ control, name: 'email' }),
    phone: useWatch({ control, name: 'phone' }),
  };
  const currentPassword = useWatch({ control, name: 'currentPassword' });
  const emailChanges = comparable(values.email) !== comparable(current?.email);
  const errors = validateUserInfoEdit(values);
  const save = useMutation({
    mutationFn: (changes: ContactValues) =>
      saveUserInfo(current, {
        email: changes.email,
        phone: phoneDigits(changes.phone),
        currentPassword: emailChanges ? changes.currentPassword : undefined,
      }),
    onSuccess: (saved) => {
      const { email_pendente: _pending, message: _message, ...info } = saved;
      queryClient.setQueryData(userInfoQueryKey, info);
      onDone(saved);
    },
    // SPEC §7: other save failures are silent; the form stays open with what was typed.
  });
  const problems = save.isError ? serverProblems(save.error) : null;
  const passwordMissing = emailChanges && currentPassword === '';

  return (
    <form
      onSubmit={handleSubmit((v) => {
        if (canSaveUserInfo(v)) save.mutate(v);
      })}
      noValidate
      aria-label="Editar contato"
      className="mt-6 space-y-5 rounded-2xl border border-gold/40 bg-cream/40 p-5"
    >
      <EmailField
        error={(formState.dirtyFields.email ? errors.email : undefined) ?? problems?.email}
        {...register('email')}
      />
      {emailChanges && (
        <div data-testid="email-change-password">
          <PasswordField
            label="Senha atual"
            autoComplete="current-password"
            hint="Para trocar o e-mail, confirme que é você. Enviaremos um link ao novo endereço; o e-mail só muda quando você abrir o link."
            error={
              problems?.currentPassword ??
              (formState.dirtyFields.currentPassword && passwordMissing
                ? EMAIL_CHANGE_PASSWORD_REQUIRED
                : undefined)
            }
            {...register('currentPassword')}
          />
        </div>
      )}
      <TextField
        label="Telefone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        maxLength={PHONE_MASK_MAX_LENGTH}
        error={formState.dirtyFields.phone ? errors.phone : undefined}
        {...register('phone', {
          onChange: (e: { target: HTMLInputElement }) =>
            setValue('phone', maskPhone(e.target.value), { shouldDirty: true }),
        })}
      />
      <FormMessage tone="error">{problems?.form}</FormMessage>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          variant="primary"
          disabled={!canSaveUserInfo(values) || passwordMissing || save.isPending}
        >
          {save.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
        <Button variant="ghost" onClick={() => onDone()} disabled={save.isPending}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
