import { useId, type Ref } from 'react';
import { TextField } from '@/ui/Field';
import { cx } from '@/ui/cx';
import { AlertIcon } from '@/ui/icons';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';

/** What a refused code shows: the server's words for the field, or for the whole answer. */
export function codeErrorMessage(error: unknown): string {
  return adminFieldErrors(error).codigo ?? adminErrorMessage(error);
}

/**
 * The field of a one-time code: the phone's number pad, the code the phone offers from an SMS or
 * an authenticator (autocomplete="one-time-code"), and its error announced as an alert and tied
 * to the input.
 */
export function CodeField({
  label,
  value,
  onChange,
  error,
  hint,
  numeric = true,
  acceptsRecovery = false,
  autoFocus,
  ref,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** false while she types a recovery code (letters and digits): the keyboard it opens. */
  numeric?: boolean;
  /**
   * The field takes a recovery code as well as the app's, whatever the keyboard: its length is
   * never cut to the app's 6 digits, so a recovery code pasted or typed before she picks 'Usar um
   * código de recuperação' arrives whole.
   */
  acceptsRecovery?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <TextField
        ref={ref}
        id={id}
        label={label}
        hint={hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        // The app's code is 6 digits, room for the space some apps show ('123 456'); a recovery
        // code is 9 characters (xxxx-xxxx), with room for the spaces and line ends a copy brings.
        maxLength={acceptsRecovery || !numeric ? 16 : 7}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(hint && `${id}-hint`, error && errorId) || undefined}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.3em]"
      />
      {error && (
        <p id={errorId} role="alert" className="mt-2 flex gap-2 text-sm text-rose">
          <AlertIcon width={18} height={18} className="mt-px shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
