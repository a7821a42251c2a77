/**
 * Pieces of the two address forms (the checkout's and the account's dialog): the state select,
 * the masked phone and CPF inputs, and the overlay shown while a CEP is looked up.
 */
import { CPF_MASK_LENGTH, maskCpf } from '@semijoias/domain/cpf';
import { maskPhone, PHONE_MASK_MAX_LENGTH } from '@semijoias/domain/phone';
import { STATES } from '@semijoias/domain/states';
import { useId } from 'react';
import { cx } from './cx';
import { inputClasses, TextField } from './Field';
import { ChevronRightIcon } from './icons';
import { Spinner } from './Spinner';

interface ValueFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

/** The 27 UFs (SPEC §5), with the field's error under it. */
export function StateSelect({ value, onChange, error, disabled, className }: ValueFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        Estado
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          autoComplete="address-level1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cx(inputClasses, 'appearance-none bg-white pr-10')}
        >
          <option value="">Selecione</option>
          {STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.code} – {s.name}
            </option>
          ))}
        </select>
        <ChevronRightIcon
          width={16}
          height={16}
          aria-hidden="true"
          className="pointer-events-none absolute right-4 top-1/2 -translate-y-1/2 rotate-90 text-muted"
        />
      </div>
      <div aria-live="polite">
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-rose">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** Phone with the (00) 00000-0000 mask. */
export function PhoneField({ value, onChange, error, className }: ValueFieldProps) {
  return (
    <TextField
      className={className}
      label="Telefone"
      type="tel"
      value={value}
      onChange={(e) => onChange(maskPhone(e.target.value))}
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="(11) 98765-4321"
      maxLength={PHONE_MASK_MAX_LENGTH}
      error={error}
    />
  );
}

/** CPF with the 000.000.000-00 mask. */
export function CpfField({ value, onChange, error, className }: ValueFieldProps) {
  return (
    <TextField
      className={className}
      label="CPF"
      value={value}
      onChange={(e) => onChange(maskCpf(e.target.value))}
      inputMode="numeric"
      autoComplete="off"
      placeholder="000.000.000-00"
      maxLength={CPF_MASK_LENGTH}
      error={error}
    />
  );
}

/** Covers the fields a CEP lookup fills while it runs. */
export function CepLookupOverlay({ testId }: { testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="absolute inset-0 z-10 flex items-center justify-center rounded-2xl bg-ivory/75 backdrop-blur-[1px]"
    >
      <span className="flex items-center gap-3 rounded-full border border-line bg-white px-4 py-2 text-sm text-ink-soft shadow-soft">
        <Spinner label="Buscando endereço" />
        Buscando endereço...
      </span>
    </div>
  );
}
