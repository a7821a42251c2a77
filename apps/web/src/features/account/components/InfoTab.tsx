import { isoToBirthdate } from '@semijoias/domain/birthdate';
import { maskCpf } from '@semijoias/domain/cpf';
import { maskPhone, PHONE_MASK_MAX_LENGTH, phoneDigits } from '@semijoias/domain/phone';
import { canSaveUserInfo, validateUserInfoEdit } from '@semijoias/domain/userInfo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/ui/Button';
import { EmailField, TextField } from '@/ui/Field';
import { Skeleton } from '@/ui/Spinner';
import { fetchUserInfo, saveUserInfo, userInfoQueryKey, type UserInfo } from '../api';
import { MarketingConsentSwitch } from './MarketingConsentSwitch';

interface ContactValues {
  email: string;
  phone: string;
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
 * after 'Editar', saved with 'Salvar' only when both are valid (SPEC §5). Load and save failures
 * are silent (SPEC §7): the tab stays usable. Below, her consent to offers by e-mail, a switch
 * that saves on its own.
 */
export function InfoTab() {
  const info = useQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo });
  const [editing, setEditing] = useState(false);

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
      {editing ? (
        <ContactForm current={data} onDone={() => setEditing(false)} />
      ) : (
        <Button variant="outline" className="mt-6" onClick={() => setEditing(true)}>
          Editar
        </Button>
      )}
      {data && <MarketingConsentSwitch info={data} />}
    </div>
  );
}

function ContactForm({ current, onDone }: { current: UserInfo | undefined; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setValue, control, formState } = useForm<ContactValues>({
    defaultValues: {
      email: current?.email ?? '',
      phone: current?.phone ? maskPhone(current.phone) : '',
    },
  });
  const values = {
    email: useWatch({ control, name: 'email' }),
    phone: useWatch({ control, name: 'phone' }),
  };
  const errors = validateUserInfoEdit(values);
  const save = useMutation({
    mutationFn: (changes: ContactValues) =>
      saveUserInfo(current, { email: changes.email, phone: phoneDigits(changes.phone) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(userInfoQueryKey, saved);
      onDone();
    },
    // SPEC §7: save failures are silent; the form stays open with what was typed.
  });

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
        error={formState.dirtyFields.email ? errors.email : undefined}
        {...register('email')}
      />
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
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          variant="primary"
          disabled={!canSaveUserInfo(values) || save.isPending}
        >
          {save.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
