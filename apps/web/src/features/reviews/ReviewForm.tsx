import {
  REVIEW_LINK_INVALID,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  validateReview,
  type ReviewFieldErrors,
} from '@semijoias/domain/reviews';
import { CONNECTION_ERROR, serverFieldErrors, serverMessage } from '@semijoias/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { FormMessage, inputClasses, TextField } from '@/ui/Field';
import { ReviewPhotosField } from './ReviewPhotosField';
import { submitReview, type OwnReview } from './reviews-api';
import { StarRatingInput } from './StarRatingInput';
import {
  charactersCount,
  charactersLeftLabel,
  REVIEW_CANCEL_EDIT,
  REVIEW_PHOTOS_WAIT,
  REVIEW_SUBMIT,
  REVIEW_SUBMITTING,
  REVIEW_TEXT_LABEL,
  REVIEW_TEXT_PLACEHOLDER,
  REVIEW_TITLE_LABEL,
  REVIEW_TITLE_PLACEHOLDER,
} from './texts';
import { useReviewPhotos } from './use-review-photos';

type Field = keyof ReviewFieldErrors;
const FIELDS: readonly Field[] = ['estrelas', 'titulo', 'texto', 'fotos'];

/** Characters as the domain counts them (code points, once trimmed). */
const length = (value: string) => [...value.trim()].length;

/**
 * Her review of one piece: the stars (required), a title and a text (optional, each with its
 * counter), up to three photos. The domain's checks run before anything is sent; the API's
 * refusals show under their fields, or above the button when they are about the whole form.
 */
export function ReviewForm({
  token,
  linha,
  initial,
  focusOnOpen,
  onSaved,
  onCancel,
  onStale,
}: {
  token: string;
  linha: number;
  /** Her review, when she edits it. */
  initial: OwnReview | null;
  /** She opened her review again: the stars take the focus. */
  focusOnOpen?: boolean;
  onSaved: (review: OwnReview) => void;
  /** Editing: back to her review as it was. */
  onCancel?: () => void;
  /** The server says the review or the order changed state (409): the page asks again. */
  onStale: () => void;
}) {
  const id = useId();
  const [stars, setStars] = useState<number | null>(initial?.estrelas ?? null);
  const [title, setTitle] = useState(initial?.titulo ?? '');
  const [text, setText] = useState(initial?.texto ?? '');
  const photos = useReviewPhotos(token, initial?.fotos ?? []);
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const starsRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const focusField = (field: Field | undefined) => {
    const target = {
      estrelas: starsRef,
      titulo: titleRef,
      texto: textRef,
      fotos: photoRef,
    }[field ?? 'estrelas'];
    target.current?.focus();
  };
  useEffect(() => {
    if (focusOnOpen) starsRef.current?.focus();
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const firstInvalid = (found: ReviewFieldErrors) => FIELDS.find((field) => found[field]);

  const save = useMutation({
    mutationFn: (review: Parameters<typeof submitReview>[1]) => submitReview(token, review),
    onSuccess: onSaved,
    onError: (error) => {
      if (!isApiError(error)) {
        setFormError(CONNECTION_ERROR);
        return;
      }
      if (error.isNetworkError) {
        setFormError(CONNECTION_ERROR);
        return;
      }
      if (error.status === 401) {
        setFormError(REVIEW_LINK_INVALID);
        return;
      }
      const fromServer = serverFieldErrors(error.data);
      const fields: ReviewFieldErrors = {};
      for (const field of FIELDS) if (fromServer[field]) fields[field] = fromServer[field];
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusField(firstInvalid(fields));
        return;
      }
      setFormError(serverMessage(error.data) ?? CONNECTION_ERROR);
      if (error.status === 409) onStale();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const checked = validateReview({
      estrelas: stars ?? undefined,
      titulo: title,
      texto: text,
      fotos: photos.ids,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusField(firstInvalid(checked.errors));
      return;
    }
    if (photos.uploading) {
      setErrors({ fotos: REVIEW_PHOTOS_WAIT });
      return;
    }
    setErrors({});
    save.mutate({ linha, ...checked.review });
  };

  const clear = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const titleLength = length(title);
  const textLength = length(text);
  const textId = `${id}-texto`;
  const textCounterId = `${textId}-counter`;
  const textErrorId = `${textId}-error`;
  const busy = save.isPending;

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={busy || undefined}>
      <StarRatingInput
        value={stars}
        onChange={(value) => {
          setStars(value);
          clear('estrelas');
        }}
        error={errors.estrelas}
        disabled={busy}
        firstRef={starsRef}
      />

      <TextField
        ref={titleRef}
        label={REVIEW_TITLE_LABEL}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          clear('titulo');
        }}
        placeholder={REVIEW_TITLE_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="next"
        error={errors.titulo}
        disabled={busy}
        hint={<Counter count={titleLength} max={REVIEW_TITLE_MAX} />}
      />

      <div>
        <label htmlFor={textId} className="mb-1.5 block text-sm font-medium text-ink-soft">
          {REVIEW_TEXT_LABEL}
        </label>
        <textarea
          ref={textRef}
          id={textId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            clear('texto');
          }}
          placeholder={REVIEW_TEXT_PLACEHOLDER}
          rows={5}
          disabled={busy}
          aria-invalid={errors.texto ? true : undefined}
          aria-describedby={cx(textCounterId, errors.texto ? textErrorId : undefined)}
          className={cx(inputClasses, 'min-h-32 resize-y py-3 leading-relaxed')}
        />
        <div id={textCounterId} className="mt-1.5 text-xs text-muted">
          <Counter count={textLength} max={REVIEW_TEXT_MAX} />
        </div>
        <div aria-live="polite">
          {errors.texto && (
            <p id={textErrorId} className="mt-1.5 text-sm text-rose">
              {errors.texto}
            </p>
          )}
        </div>
      </div>

      <ReviewPhotosField
        photos={photos}
        error={errors.fotos ?? photos.error}
        disabled={busy}
        inputRef={photoRef}
      />

      <FormMessage tone="error" testId="review-form-error">
        {formError}
      </FormMessage>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          variant="primary"
          size="lg"
          disabled={busy}
          className="w-full sm:w-auto"
        >
          {busy ? REVIEW_SUBMITTING : REVIEW_SUBMIT}
        </Button>
        {onCancel && (
          <Button
            variant="ghost"
            size="lg"
            onClick={onCancel}
            disabled={busy}
            className="w-full sm:w-auto"
          >
            {REVIEW_CANCEL_EDIT}
          </Button>
        )}
      </div>
    </form>
  );
}

/** '12/80' for the eye; 'N caracteres restantes' read out; rose past the limit. */
function Counter({ count, max }: { count: number; max: number }) {
  const over = count > max;
  return (
    <span className={cx('tabular-nums', over && 'font-medium text-rose')}>
      <span aria-hidden="true">{charactersCount(count, max)}</span>
      <span className="sr-only">{charactersLeftLabel(count, max)}</span>
    </span>
  );
}
