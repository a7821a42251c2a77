import { CEP_MASK_LENGTH, maskCep } from '@semijoias/domain/cep';
import { CEP_LOOKUP_ERROR, CEP_NOT_FOUND } from '@semijoias/domain/messages';
import { PROFILE_NAME_MAX_LENGTH } from '@semijoias/domain/address';
import type { ReactNode } from 'react';
import type { CepLookupState } from '@/lib/use-cep-lookup';
import { CepLookupOverlay, CpfField, PhoneField, StateSelect } from '@/ui/AddressFields';
import { cx } from '@/ui/cx';
import { EmailField, TextField } from '@/ui/Field';
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
              <StateSelect
                className="sm:col-span-2"
                value={form.state}
                onChange={(value) => setField('state', value)}
                error={errors.state}
              />
            )}
            {lookingUp && <CepLookupOverlay testId="checkout-cep-loading" />}
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
            <PhoneField
              value={form.phone}
              onChange={(value) => setField('phone', value)}
              error={errors.phone}
            />
            <CpfField
              value={form.cpf}
              onChange={(value) => setField('cpf', value)}
              error={errors.cpf}
            />
          </div>
          {coupon}
        </>
      )}
    </div>
  );
}
