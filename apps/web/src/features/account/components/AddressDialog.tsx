import * as Dialog from '@radix-ui/react-dialog';
import {
  PROFILE_NAME_MAX_LENGTH,
  validateAddressProfile,
  type AddressField,
  type AddressProfileFields,
} from '@semijoias/domain/address';
import { CEP_MASK_LENGTH, maskCep } from '@semijoias/domain/cep';
import { maskCpf } from '@semijoias/domain/cpf';
import {
  ADDRESS_CREATED,
  ADDRESS_SAVE_FAILED,
  ADDRESS_UPDATED,
  addressPageSaveError,
  CEP_LOOKUP_ERROR,
  CEP_NOT_FOUND,
  type Outcome,
} from '@semijoias/domain/messages';
import { maskPhone } from '@semijoias/domain/phone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ADDRESS_PROFILE_LIMIT_REACHED,
  addressProfilesQueryKey,
  createAddressProfile,
  updateAddressProfile,
  type AddressProfile,
} from '@/lib/addresses';
import { toOutcome } from '@/lib/api';
import { useCepLookup } from '@/lib/use-cep-lookup';
import { Button } from '@/ui/Button';
import { CepLookupOverlay, CpfField, PhoneField, StateSelect } from '@/ui/AddressFields';
import { EmailField, FormMessage, TextField } from '@/ui/Field';
import { CloseIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';

/** SPEC §4 "Address dialog": closes 1.5 s after a successful save. */
const CLOSE_AFTER_SAVE_MS = 1500;

const EMPTY: AddressProfileFields = {
  nome_perfil: '',
  nome_completo: '',
  email: '',
  cpf: '',
  telefone: '',
  cep: '',
  endereco: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  estado: '',
};

/** The fields this form shows an error under (the server may name others, e.g. is_default). */
const SHOWN_FIELDS: readonly AddressField[] = Object.keys(EMPTY) as AddressField[];

function pickShown(fieldErrors: Record<string, string>): Partial<Record<AddressField, string>> {
  const shown: Partial<Record<AddressField, string>> = {};
  for (const field of SHOWN_FIELDS) if (fieldErrors[field]) shown[field] = fieldErrors[field];
  return shown;
}

/**
 * The line under the form after a failed save: the domain's (duplicate name or the generic), the
 * server's profile-limit text, or the generic when no field she can see carries the error.
 */
function saveErrorMessage(
  outcome: Outcome,
  message: string | null,
  anyFieldShown: boolean,
): { tone: 'error'; text: string } | null {
  const data = outcome.kind === 'response' ? outcome.data : undefined;
  const server =
    data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  if (server === ADDRESS_PROFILE_LIMIT_REACHED) return { tone: 'error', text: server };
  if (message) return { tone: 'error', text: message };
  return anyFieldShown ? null : { tone: 'error', text: ADDRESS_SAVE_FAILED };
}

function formFrom(profile: AddressProfile | null): AddressProfileFields {
  if (!profile) return EMPTY;
  return {
    nome_perfil: profile.nome_perfil,
    nome_completo: profile.nome_completo,
    email: profile.email,
    cpf: maskCpf(profile.cpf),
    telefone: maskPhone(profile.telefone),
    cep: maskCep(profile.cep),
    endereco: profile.endereco,
    numero: profile.numero,
    complemento: profile.complemento ?? '',
    bairro: profile.bairro,
    cidade: profile.cidade,
    estado: profile.estado,
  };
}

interface AddressDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: 'Novo Endereço'; a profile: 'Editar Endereço'. */
  profile: AddressProfile | null;
  /** Where focus goes once the dialog closes (Radix's default: the element focused before). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * SPEC §2/§5 address dialog: masks for CPF, phone and CEP; street, district, city and state
 * disabled until the CEP has 9 characters, then filled by the lookup (and still editable, so a
 * lookup that could not run never blocks her); the account wording of the field messages; the
 * server's field errors under each field; the success message and the close 1.5 s later.
 */
export function AddressDialog({
  open,
  onOpenChange,
  profile,
  onCloseAutoFocus,
}: AddressDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid="address-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-x-0 bottom-0 z-[71] max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-ivory px-5 pb-6 pt-5 shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[min(40rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:px-8 sm:py-7"
        >
          {/* A new form per opening: what she typed last time never leaks into the next. */}
          {open && <AddressForm profile={profile} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddressForm({ profile, onDone }: { profile: AddressProfile | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const editing = profile !== null;
  const [form, setForm] = useState<AddressProfileFields>(() => formFrom(profile));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  // After the errors render: focus (and so scroll to) the first field she has to fix.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus(),
    );
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const cepComplete = form.cep.length === CEP_MASK_LENGTH;
  const lookup = useCepLookup(form.cep);
  // The lookup fills the four fields once per CEP found (a later edit of hers is kept).
  const filledFor = useRef(profile ? maskCep(profile.cep) : '');
  useEffect(() => {
    if (lookup.status !== 'found' || filledFor.current === form.cep) return;
    filledFor.current = form.cep;
    const { logradouro, bairro, cidade, estado } = lookup.endereco;
    setForm((f) => ({
      ...f,
      endereco: logradouro || f.endereco,
      bairro: bairro || f.bairro,
      cidade: cidade || f.cidade,
      estado: (estado || f.estado).toUpperCase(),
    }));
  }, [lookup, form.cep]);

  const set = (field: AddressField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: (body: AddressProfileFields) =>
      editing
        ? updateAddressProfile(profile.id, { ...body, is_default: profile.is_default })
        : createAddressProfile(body),
    onSuccess: () => {
      // SPEC §4: the message, then the dialog closes 1.5 s later (counted from the message, not
      // from the list's refresh, which goes on meanwhile).
      setMessage({ tone: 'success', text: editing ? ADDRESS_UPDATED : ADDRESS_CREATED });
      closeTimer.current = setTimeout(onDone, CLOSE_AFTER_SAVE_MS);
      void queryClient.invalidateQueries({ queryKey: addressProfilesQueryKey });
    },
    onError: (error) => {
      const outcome = toOutcome(error);
      const result = addressPageSaveError(outcome);
      const shown = pickShown(result.fieldErrors);
      setErrors(shown);
      setMessage(saveErrorMessage(outcome, result.message, Object.keys(shown).length > 0));
      if (Object.keys(shown).length > 0) focusFirstInvalid();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || message?.tone === 'success') return;
    const found = validateAddressProfile(form, { wording: 'account', requireProfileName: true });
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate(form);
  };

  const lookingUp = lookup.status === 'loading';
  const cepHint =
    lookup.status === 'not-found' ? undefined : lookup.status === 'failed' ? (
      <span className="text-amber-700">{CEP_LOOKUP_ERROR}. Preencha o endereço abaixo.</span>
    ) : !cepComplete ? (
      'Digite o CEP para preencher o endereço.'
    ) : undefined;

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <div className="mb-5 flex items-start justify-between gap-4">
        <Dialog.Title className="font-display text-2xl font-semibold text-ink">
          {editing ? 'Editar Endereço' : 'Novo Endereço'}
        </Dialog.Title>
        <Dialog.Close
          className="-mr-2 -mt-1 inline-flex size-11 items-center justify-center rounded-full text-ink-soft hover:bg-cream hover:text-ink"
          aria-label="Fechar"
        >
          <CloseIcon width={20} height={20} />
        </Dialog.Close>
      </div>

      <div className="grid grid-cols-2 gap-x-4 gap-y-4 sm:gap-x-5">
        <TextField
          className="col-span-2 sm:col-span-1"
          label="Nome do perfil"
          hint="Ex: Casa, Trabalho"
          value={form.nome_perfil}
          onChange={(e) => set('nome_perfil', e.target.value)}
          maxLength={PROFILE_NAME_MAX_LENGTH}
          autoComplete="off"
          error={errors.nome_perfil}
        />
        <TextField
          className="col-span-2 sm:col-span-1"
          label="CEP"
          value={form.cep}
          onChange={(e) => set('cep', maskCep(e.target.value))}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={CEP_MASK_LENGTH}
          error={errors.cep ?? (lookup.status === 'not-found' ? CEP_NOT_FOUND : undefined)}
          hint={cepHint}
        />
        <TextField
          className="col-span-2"
          label="Nome completo"
          value={form.nome_completo}
          onChange={(e) => set('nome_completo', e.target.value)}
          autoComplete="name"
          maxLength={200}
          error={errors.nome_completo}
        />
        <EmailField
          className="col-span-2"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          maxLength={200}
          error={errors.email}
        />

        <div
          aria-busy={lookingUp || undefined}
          className="relative col-span-2 grid grid-cols-2 gap-x-4 gap-y-4 sm:gap-x-5"
        >
          <TextField
            className="col-span-2"
            label="Endereço"
            value={form.endereco}
            onChange={(e) => set('endereco', e.target.value)}
            disabled={!cepComplete}
            autoComplete="address-line1"
            maxLength={200}
            error={errors.endereco}
          />
          <TextField
            label="Número"
            value={form.numero}
            onChange={(e) => set('numero', e.target.value)}
            maxLength={20}
            error={errors.numero}
          />
          <TextField
            label="Complemento"
            hint="Opcional"
            value={form.complemento}
            onChange={(e) => set('complemento', e.target.value)}
            autoComplete="address-line2"
            maxLength={200}
            error={errors.complemento}
          />
          <TextField
            className="col-span-2"
            label="Bairro"
            value={form.bairro}
            onChange={(e) => set('bairro', e.target.value)}
            disabled={!cepComplete}
            maxLength={200}
            error={errors.bairro}
          />
          <TextField
            label="Cidade"
            value={form.cidade}
            onChange={(e) => set('cidade', e.target.value)}
            disabled={!cepComplete}
            autoComplete="address-level2"
            maxLength={200}
            error={errors.cidade}
          />
          <StateSelect
            value={form.estado}
            onChange={(value) => set('estado', value)}
            disabled={!cepComplete}
            error={errors.estado}
          />
          {lookingUp && <CepLookupOverlay />}
        </div>

        <PhoneField
          value={form.telefone}
          onChange={(value) => set('telefone', value)}
          error={errors.telefone}
        />
        <CpfField value={form.cpf} onChange={(value) => set('cpf', value)} error={errors.cpf} />
      </div>

      {/* Kept in view while the long form scrolls: the result and the buttons are always seen. */}
      <div className="sticky -bottom-6 z-20 -mx-5 -mb-6 mt-6 border-t border-line bg-ivory px-5 pb-6 pt-4 sm:-bottom-7 sm:-mx-8 sm:-mb-7 sm:px-8 sm:pb-7">
        <div className={message ? 'mb-3' : undefined}>
          <FormMessage tone={message?.tone ?? 'error'} testId="address-dialog-message">
            {message?.text}
          </FormMessage>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="outline" size="lg">
              Cancelar
            </Button>
          </Dialog.Close>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            disabled={save.isPending || message?.tone === 'success'}
          >
            {save.isPending && <Spinner label="Salvando" />}
            {editing ? 'Atualizar' : 'Salvar'}
          </Button>
        </div>
      </div>
    </form>
  );
}
