import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './cx';
import { AlertIcon, CheckIcon, EyeIcon, EyeOffIcon } from './icons';

// Focus shows as a dark border with a gold ring (a box-shadow) in place of the outline.
export const inputClasses =
  'block min-h-12 w-full rounded-xl border border-line bg-white px-4 text-[1rem] text-ink shadow-[inset_0_1px_2px_rgb(31_26_23/0.04)] outline-none transition-colors placeholder:text-muted/70 focus:border-gold-dark focus:ring-2 focus:ring-gold/40 disabled:bg-cream/60 disabled:text-ink-soft aria-[invalid=true]:border-rose';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's own error; announced and tied to the input with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Something inside the input's right edge (the show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input with its hint and error, 48 px tall (above the 44 px tap target). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  id,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(hintId, errorId) || undefined}
          className={cx(inputClasses, trailing ? 'pr-12' : undefined)}
          {...input}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-0.5">{trailing}</div>
        )}
      </div>
      {hint && (
        <div id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </div>
      )}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-rose">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** An e-mail input labelled 'E-mail': the phone keyboard with @, no capitals, no spell check. */
export function EmailField({
  label = 'E-mail',
  autoComplete = 'email',
  ...props
}: EmailFieldProps) {
  return (
    <TextField
      {...props}
      label={label}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (SPEC §2: login, registration, reset). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
          aria-pressed={visible}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:text-ink"
        >
          {visible ? <EyeOffIcon width={20} height={20} /> : <EyeIcon width={20} height={20} />}
        </button>
      }
    />
  );
}

/**
 * The form's outcome: an error box or a success box. The live region is always in the page, so
 * screen readers announce a message the moment it appears.
 */
export function FormMessage({
  tone,
  title,
  children,
  testId,
}: {
  tone: 'error' | 'success';
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div aria-live={tone === 'error' ? 'assertive' : 'polite'} aria-atomic="true">
      {children && (
        <div
          role={tone === 'error' ? 'alert' : 'status'}
          data-testid={testId}
          className={cx(
            'flex gap-3 rounded-xl border px-4 py-3 text-sm leading-relaxed',
            tone === 'error'
              ? 'border-rose/30 bg-rose-soft text-ink'
              : 'border-sage/30 bg-sage/10 text-ink',
          )}
        >
          {tone === 'error' ? (
            <AlertIcon width={20} height={20} className="mt-px shrink-0 text-rose" />
          ) : (
            <CheckIcon width={20} height={20} className="mt-px shrink-0 text-sage" />
          )}
          <div className="min-w-0">
            {title && <p className="font-medium">{title}</p>}
            <div>{children}</div>
          </div>
        </div>
      )}
    </div>
  );
}

/** The live checklist / chips of the password rules. */
export function RuleList({
  items,
  variant = 'list',
}: {
  items: { key: string; label: string; met: boolean }[];
  variant?: 'list' | 'chips';
}) {
  return (
    <ul
      aria-label="Requisitos da senha"
      className={
        variant === 'chips' ? 'flex flex-wrap gap-2' : 'grid grid-cols-2 gap-x-4 gap-y-1.5'
      }
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-met={item.met}
          className={cx(
            'inline-flex items-center gap-1.5 text-xs transition-colors',
            variant === 'chips' && 'rounded-full border px-2.5 py-1',
            item.met
              ? cx('text-sage', variant === 'chips' && 'border-sage/40 bg-sage/10')
              : cx('text-muted', variant === 'chips' && 'border-line bg-white'),
          )}
        >
          {item.met ? (
            <CheckIcon width={14} height={14} />
          ) : (
            <span
              aria-hidden="true"
              className="inline-block h-1.5 w-1.5 rounded-full bg-current opacity-60"
            />
          )}
          {item.label}
          <span className="sr-only">{item.met ? ' (atendido)' : ' (pendente)'}</span>
        </li>
      ))}
    </ul>
  );
}
