/**
 * A labelled textarea of the moderation (the reason to hide, the answer): its hint, a counter of
 * characters as the server counts them (trimmed, one per character, an emoji one too) and its
 * error tied to it. No `maxLength`: a pasted text is never cut silently, the counter and the
 * error say what is too long.
 */
import { useId, type TextareaHTMLAttributes } from 'react';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';

/** Characters as the API counts them ([...text.trim()]). */
export function charCount(text: string): number {
  return [...text.trim()].length;
}

export function ModerationTextArea({
  label,
  hint,
  error,
  max,
  value,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'maxLength'> & {
  label: string;
  hint?: string;
  error?: string;
  max: number;
  value: string;
}) {
  const id = useId();
  const count = charCount(value);
  const over = count > max;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-count${hint ? ` ${id}-hint` : ''}${error ? ` ${id}-error` : ''}`}
        className={cx(inputClasses, 'py-3 leading-relaxed')}
        {...textarea}
      />
      <div className="mt-1.5 flex items-start justify-between gap-3 text-xs text-muted">
        <span id={`${id}-hint`}>{hint}</span>
        <span
          id={`${id}-count`}
          className={cx('shrink-0 tabular-nums', over && 'font-semibold text-rose')}
        >
          {count}/{max}
        </span>
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
