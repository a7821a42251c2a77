import { CEP_MASK_LENGTH, maskCep } from '@semijoias/domain/cep';
import { CPF_MASK_LENGTH, maskCpf } from '@semijoias/domain/cpf';
import { CEP_LOOKUP_ERROR, CEP_NOT_FOUND } from '@semijoias/domain/messages';
import { maskPhone, PHONE_MASK_MAX_LENGTH } from '@semijoias/domain/phone';
import { STATES } from '@semijoias/domain/states';
import { PROFILE_NAME_MAX_LENGTH } from '@semijoias/domain/address';
import { useId, type ReactNode } from 'react';
import type { CepLookupState } from '@/lib/use-cep-lookup';
import { cx } from '@/ui/cx';
import { EmailField, inputClasses, TextField } from '@/ui/Field';
import { Spinner } from '@/ui/Spinner';
import type { CheckoutField, CheckoutFormValues, LookupFill } from './checkout-model';

interface CheckoutAddressFormProps {
  form: CheckoutFormValues;
  setField: (field: CheckoutField, value: string) => void;
  cepLookup: CepLookupState;
  locks: LookupFill;
  errors: Partial<Record<CheckoutField, string>>;
  /** Logged in: the new address is saved as a profile, so it needs a name. */
  askProfileName: boolean;
  /** The coupon field (logged in only), last in the form as SPEC §2 lists it. */
  coupon?: ReactNode;
}

/** Read-only inputs look like text already filled in, not like disabled ones. */
const lockedLook = '[&_input:read-only]:bg-cream/50 [&_input:read-only]:text-ink-soft';

/**
 * SPEC §2/§5 manual address form: profile name (logged in), CEP (mask 00000-000); once the CEP is
 * complete and not unknown: full name, e-mail, street, district, city and state (filled by the
 * lookup and read-only; open when the lookup could not run), number, complement, phone, CPF.
 */
export function CheckoutAddressForm({
  form,
  setField,
  cepLookup,
  locks,
  errors,
  askProfileName,
  coupon,
}: CheckoutAddressFormProps) {
  const stateId = useId();
  const status = cepLookup.status;
  const showRest = status === 'loading' || status === 'found' || status === 'failed';
  const lookingUp = status === 'loading';

  return (
    <div data-testid="checkout-address-form" className="space-y-5">
      {askProfileName && (
        <TextField
          label="Nome do perfil"
          hint="Ex: Casa, Trabalho"
          value={form.nomePerfilEndereco}
          onChange={(e) => setField('nomePerfilEndereco', e.target.value)}
          maxLength={PROFILE_NAME_MAX_LENGTH}
          autoComplete="off"
          error={errors.nomePerfilEndereco}
        />
      )}
      <div className="sm:max-w-xs">
        <TextField
          label="CEP"
          value={form.cep}
          onChange={(e) => setField('cep', maskCep(e.target.value))}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={CEP_MASK_LENGTH}
          error={errors.cep ?? (status === 'not-found' ? CEP_NOT_FOUND : undefined)}
          hint={
            status === 'failed' ? (
              <span data-testid="checkout-cep-failed" className="text-amber-700">
                {CEP_LOOKUP_ERROR}. Preencha o endereço abaixo.
              </span>
            ) : status === 'incomplete' ? (
              'Digite o CEP para preencher o endereço.'
            ) : undefined
          }
        />
      </div>

      {showRest && (
        <>
          <TextField
            label="Nome completo"
            value={form.fullName}
            onChange={(e) => setField('fullName', e.target.value)}
            autoComplete="name"
            maxLength={200}
            error={errors.fullName}
          />
          <EmailField
            value={form.email}
            onChange={(e) => setField('email', e.target.value)}
            maxLength={200}
            error={errors.email}
          />

          <div
            data-testid="checkout-address-block"
            aria-busy={lookingUp || undefined}
            className={cx(
              'relative -mx-1 grid grid-cols-2 gap-x-4 gap-y-5 rounded-2xl px-1 sm:grid-cols-6 sm:gap-x-5',
              lockedLook,
            )}
          >
            <TextField
              className="col-span-2 sm:col-span-6"
              label="Endereço"
              value={form.street}
              onChange={(e) => setField('street', e.target.value)}
              readOnly={locks.street}
              autoComplete={locks.street ? 'off' : 'address-line1'}
              maxLength={200}
              error={errors.street}
            />
            <TextField
              className="col-span-2 sm:col-span-2"
              label="Bairro"
              value={form.district}
              onChange={(e) => setField('district', e.target.value)}
              readOnly={locks.district}
              maxLength={200}
              error={errors.district}
            />
            <TextField
              className="sm:col-span-2"
              label="Cidade"
              value={form.city}
              onChange={(e) => setField('city', e.target.value)}
              readOnly={locks.city}
              autoComplete={locks.city ? 'off' : 'address-level2'}
              maxLength={200}
              error={errors.city}
            />
            {locks.state ? (
              <TextField
                className="sm:col-span-2"
                label="Estado"
                value={form.state}
                readOnly
                error={errors.state}
              />
            ) : (
              <div className="sm:col-span-2">
                <label htmlFor={stateId} className="mb-1.5 block text-sm font-medium text-ink-soft">
                  Estado
                </label>
                <select
                  id={stateId}
                  value={form.state}
                  onChange={(e) => setField('state', e.target.value)}
                  autoComplete="address-level1"
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={errors.state ? `${stateId}-error` : undefined}
                  className={cx(inputClasses, 'appearance-none bg-white')}
                >
                  <option value="">Selecione</option>
                  {STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.code} – {s.name}
                    </option>
                  ))}
                </select>
                <div aria-live="polite">
                  {errors.state && (
                    <p id={`${stateId}-error`} className="mt-1.5 text-sm text-rose">
                      {errors.state}
                    </p>
                  )}
                </div>
              </div>
            )}
            {lookingUp && (
              <div
                data-testid="checkout-cep-loading"
                className="absolute inset-0 z-10 flex items-center justify-center rounded-2xl bg-ivory/75 backdrop-blur-[1px]"
              >
                <span className="flex items-center gap-3 rounded-full border border-line bg-white px-4 py-2 text-sm text-ink-soft shadow-soft">
                  <Spinner label="Buscando endereço" />
                  Buscando endereço...
                </span>
              </div>
            )}
          </div>

          <div className="grid grid-cols-3 gap-x-4 gap-y-5 sm:gap-x-5">
            <TextField
              label="Número"
              value={form.number}
              onChange={(e) => setField('number', e.target.value)}
              inputMode="text"
              maxLength={20}
              error={errors.number}
            />
            <TextField
              className="col-span-2"
              label="Complemento (opcional)"
              value={form.complement}
              onChange={(e) => setField('complement', e.target.value)}
              autoComplete="address-line2"
              placeholder="Apto, bloco, referência"
              maxLength={200}
            />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Telefone"
              type="tel"
              value={form.phone}
              onChange={(e) => setField('phone', maskPhone(e.target.value))}
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="(11) 98765-4321"
              maxLength={PHONE_MASK_MAX_LENGTH}
              error={errors.phone}
            />
            <TextField
              label="CPF"
              value={form.cpf}
              onChange={(e) => setField('cpf', maskCpf(e.target.value))}
              inputMode="numeric"
              autoComplete="off"
              placeholder="000.000.000-00"
              maxLength={CPF_MASK_LENGTH}
              error={errors.cpf}
            />
          </div>
          {coupon}
        </>
      )}
    </div>
  );
}
