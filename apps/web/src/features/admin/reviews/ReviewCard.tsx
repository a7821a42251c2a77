/**
 * One review as the owners moderate it: the piece (its picture, its name to its admin page), the
 * order (to its page), the stars, her title and text as plain text (her line breaks kept, never
 * HTML), her first name and city, the size, the dates, the status (and why it was hidden), her
 * photos each with 'Ocultar foto' / 'Mostrar foto', the shop's answer, and the actions its status
 * allows: 'Aprovar' (pending or hidden), 'Ocultar' (asks the reason), 'Responder'. A card on a
 * phone and a desktop alike; every button 44 px to tap.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  REVIEW_ANSWER_MAX,
  REVIEW_ANSWER_TOO_LONG,
  REVIEW_HIDE_REASON_MAX,
  REVIEW_HIDE_REASON_REQUIRED,
  REVIEW_HIDE_REASON_TOO_LONG,
  REVIEW_OWNERS_ANSWER,
  type ReviewStatus,
} from '@semijoias/domain/reviews';
import { isApiError } from '@/lib/api';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Stars } from '@/ui/Stars';
import { useToast } from '@/ui/toast';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { ActionDialog } from '../orders/ActionDialog';
import {
  answerReview,
  approveReview,
  hideReview,
  setPhotoHidden,
  type AdminReview,
  type AdminReviewPhoto,
} from './reviews-api';
import { charCount, ModerationTextArea } from './TextArea';
import * as T from './texts';

type Action =
  | { kind: 'approve' }
  | { kind: 'hide'; motivo: string }
  | { kind: 'answer'; texto: string }
  | { kind: 'photo'; photoId: number; oculta: boolean };

function run(review: AdminReview, action: Action): Promise<AdminReview> {
  switch (action.kind) {
    case 'approve':
      return approveReview(review.id);
    case 'hide':
      return hideReview(review.id, action.motivo);
    case 'answer':
      return answerReview(review.id, action.texto);
    case 'photo':
      return setPhotoHidden(action.photoId, action.oculta);
  }
}

function doneText(action: Action, after: AdminReview): string {
  switch (action.kind) {
    case 'approve':
      return T.APPROVED_TOAST;
    case 'hide':
      return T.HIDDEN_TOAST;
    case 'answer':
      if (after.resposta === null) return T.ANSWER_REMOVED_TOAST;
      return after.status === 'aprovada' ? T.ANSWER_SAVED_PUBLIC_TOAST : T.ANSWER_SAVED_TOAST;
    case 'photo':
      return action.oculta ? T.PHOTO_HIDDEN_TOAST : T.PHOTO_SHOWN_TOAST;
  }
}

const STATUS_TONE: Record<ReviewStatus, string> = {
  pendente: 'bg-orange-50 text-orange-800 ring-orange-700/25',
  aprovada: 'bg-emerald-50 text-emerald-800 ring-emerald-700/25',
  oculta: 'bg-stone-100 text-stone-700 ring-stone-500/25',
};

export function ReviewStatusMark({ status }: { status: ReviewStatus }) {
  return (
    <span
      data-testid="avaliacao-status"
      className={cx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_TONE[status],
      )}
    >
      {T.REVIEW_STATUS_LABEL[status]}
    </span>
  );
}

const orderHref = (reference: string) => `/admin/pedidos/${encodeURIComponent(reference)}`;
const linkClass =
  'underline decoration-gold/60 underline-offset-4 hover:text-gold-dark focus-visible:outline-2 focus-visible:outline-gold-dark';

export function ReviewCard({
  review,
  onChanged,
}: {
  review: AdminReview;
  /** The review as the server answered it after an action (the list moves it or refreshes). */
  onChanged: (after: AdminReview) => void;
}) {
  const toast = useToast();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [answering, setAnswering] = useState(false);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | undefined>();

  const action = useMutation({
    mutationFn: (input: Action) => run(review, input),
    onSuccess: (after, input) => {
      if (input.kind === 'hide') setHiding(false);
      if (input.kind === 'answer') setAnswering(false);
      toast({ title: doneText(input, after), tone: 'success' });
      onChanged(after);
    },
    onError: (error, input) => {
      const fields = adminFieldErrors(error);
      if (input.kind === 'hide' && fields.motivo) return setReasonError(fields.motivo);
      if (input.kind === 'answer' && fields.texto) return setAnswerError(fields.texto);
      setHiding(false);
      toast({ title: adminErrorMessage(error), tone: 'error' });
      // Gone or moved meanwhile (the other owner): show the list as it stands now.
      if (isApiError(error) && (error.status === 404 || error.status === 409)) onChanged(review);
    },
  });
  const busy = action.isPending;
  const pending = (kind: Action['kind']) => busy && action.variables?.kind === kind;

  function openHide() {
    setReason('');
    setReasonError(undefined);
    setHiding(true);
  }

  function confirmHide() {
    const motivo = reason.trim();
    if (motivo === '') return setReasonError(REVIEW_HIDE_REASON_REQUIRED);
    if (charCount(motivo) > REVIEW_HIDE_REASON_MAX)
      return setReasonError(REVIEW_HIDE_REASON_TOO_LONG);
    action.mutate({ kind: 'hide', motivo });
  }

  function openAnswer() {
    setAnswer(review.resposta?.texto ?? '');
    setAnswerError(undefined);
    setAnswering(true);
  }

  function saveAnswer(text: string) {
    const texto = text.trim();
    if (charCount(texto) > REVIEW_ANSWER_MAX) return setAnswerError(REVIEW_ANSWER_TOO_LONG);
    // Nothing changed (or nothing to remove): nothing to send.
    if (texto === (review.resposta?.texto ?? '')) return setAnswering(false);
    action.mutate({ kind: 'answer', texto });
  }

  const { produto } = review;
  const edited = Date.parse(review.atualizada_em) - Date.parse(review.criado_em) > 60_000;
  const dates: [string, string][] = [[T.SENT_AT, review.criado_em]];
  if (review.aprovada_em) dates.push([T.APPROVED_AT, review.aprovada_em]);
  if (edited) dates.push([T.EDITED_AT, review.atualizada_em]);

  return (
    <article
      data-testid="avaliacao-item"
      data-id={review.id}
      aria-labelledby={`avaliacao-${review.id}-peca`}
      className="rounded-2xl border border-line bg-white p-4 shadow-soft sm:p-5"
    >
      <header className="flex items-start gap-3">
        {produto.imagem ? (
          <img
            src={produto.imagem}
            alt=""
            loading="lazy"
            className="size-14 shrink-0 rounded-xl bg-cream object-cover"
          />
        ) : (
          <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-cream" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`avaliacao-${review.id}-peca`} className="text-sm font-semibold text-ink">
            <Link to={`/admin/produtos/${produto.id}`} className={cx('break-words', linkClass)}>
              {produto.nome}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">
            {T.ORDER_LABEL}{' '}
            <Link
              to={orderHref(review.pedido)}
              className={cx('inline-flex min-h-8 items-center tabular-nums', linkClass)}
            >
              #{review.pedido}
            </Link>
          </p>
        </div>
        <ReviewStatusMark status={review.status} />
      </header>

      <div className="mt-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={review.estrelas} size="lg" label={T.reviewStarsText(review.estrelas)} />
          {review.titulo && (
            <h3
              data-testid="avaliacao-titulo"
              className="min-w-0 break-words font-semibold text-ink"
            >
              {review.titulo}
            </h3>
          )}
        </div>
        {review.texto ? (
          <p
            data-testid="avaliacao-texto"
            className="mt-2 whitespace-pre-line break-words text-[0.95rem] leading-relaxed text-ink-soft"
          >
            {review.texto}
          </p>
        ) : (
          !review.titulo && <p className="mt-2 text-sm italic text-muted">{T.NO_WORDS}</p>
        )}
        <p data-testid="avaliacao-autora" className="mt-2 text-sm text-ink">
          <span className="font-medium">{review.autora}</span>
          {' · '}
          {review.cidade ?? T.NO_CITY}
          {review.tamanho && (
            <>
              {' · '}
              {T.SIZE_LABEL}: {review.tamanho}
            </>
          )}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
          {dates.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="tabular-nums">{formatDateTime(value)}</dd>
            </div>
          ))}
        </dl>
      </div>

      {review.status === 'oculta' && review.motivo_ocultacao && (
        <p
          data-testid="avaliacao-motivo"
          className="mt-3 whitespace-pre-line break-words rounded-xl bg-stone-100 px-3 py-2 text-sm text-ink"
        >
          <span className="font-medium">{T.HIDDEN_REASON_LABEL}:</span> {review.motivo_ocultacao}
        </p>
      )}

      {review.fotos.length > 0 && (
        <ul
          aria-label="Fotos da cliente"
          className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-[repeat(3,8rem)]"
        >
          {review.fotos.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              index={index}
              total={review.fotos.length}
              busy={busy}
              onToggle={() =>
                action.mutate({ kind: 'photo', photoId: photo.id, oculta: !photo.oculta })
              }
            />
          ))}
        </ul>
      )}

      {review.resposta && !answering && (
        <div data-testid="avaliacao-resposta" className="mt-3 rounded-xl bg-cream/60 px-3 py-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-gold-dark">
            {REVIEW_OWNERS_ANSWER}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">
            {review.resposta.texto}
          </p>
          <p className="mt-1 text-xs text-muted">
            {T.ANSWERED_AT} {formatDateTime(review.resposta.data)}
          </p>
        </div>
      )}

      {answering && (
        <form
          className="mt-3 space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) saveAnswer(answer);
          }}
        >
          <ModerationTextArea
            label={T.ANSWER_LABEL}
            hint={review.resposta ? T.ANSWER_HINT : undefined}
            max={REVIEW_ANSWER_MAX}
            value={answer}
            error={answerError}
            rows={4}
            autoFocus
            onChange={(e) => {
              setAnswer(e.target.value);
              setAnswerError(undefined);
            }}
          />
          <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:justify-end">
            <Button variant="ghost" disabled={busy} onClick={() => setAnswering(false)}>
              {T.CANCEL}
            </Button>
            {review.resposta && (
              <Button variant="outline" disabled={busy} onClick={() => saveAnswer('')}>
                {T.REMOVE_ANSWER}
              </Button>
            )}
            <Button type="submit" variant="primary" disabled={busy}>
              {pending('answer') ? 'Salvando...' : T.SAVE_ANSWER}
            </Button>
          </div>
        </form>
      )}

      {!answering && (
        <div className="mt-4 grid grid-cols-2 gap-2 border-t border-line pt-4 sm:flex sm:flex-wrap sm:justify-end">
          {review.status !== 'aprovada' && (
            <Button
              variant="primary"
              disabled={busy}
              onClick={() => action.mutate({ kind: 'approve' })}
              className="col-span-2 sm:order-last"
            >
              {pending('approve') ? 'Aprovando...' : T.APPROVE}
            </Button>
          )}
          {review.status !== 'oculta' && (
            <Button variant="outline" disabled={busy} onClick={openHide}>
              {T.HIDE}
            </Button>
          )}
          <Button
            variant="outline"
            disabled={busy}
            onClick={openAnswer}
            className={review.status === 'oculta' ? 'col-span-2' : undefined}
          >
            {review.resposta ? T.EDIT_ANSWER : T.ANSWER}
          </Button>
        </div>
      )}

      <ActionDialog
        open={hiding}
        onOpenChange={(open) => {
          if (!busy) setHiding(open);
        }}
        title={T.HIDE_DIALOG_TITLE}
        description={T.HIDE_DIALOG_DESCRIPTION}
        confirmLabel={T.HIDE}
        busy={pending('hide')}
        danger
        onConfirm={confirmHide}
        testId="dialogo-ocultar-avaliacao"
      >
        <ModerationTextArea
          label={T.HIDE_REASON_LABEL}
          placeholder={T.HIDE_REASON_PLACEHOLDER}
          max={REVIEW_HIDE_REASON_MAX}
          value={reason}
          error={reasonError}
          rows={3}
          required
          autoFocus
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
        />
      </ActionDialog>
    </article>
  );
}

function PhotoItem({
  photo,
  index,
  total,
  busy,
  onToggle,
}: {
  photo: AdminReviewPhoto;
  index: number;
  total: number;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <li data-testid="avaliacao-foto" data-oculta={photo.oculta} className="min-w-0">
      <a
        href={photo.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={T.photoLinkLabel(index, total)}
        className="relative block overflow-hidden rounded-xl bg-cream focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
      >
        <img
          src={photo.url}
          alt=""
          loading="lazy"
          className={cx(
            'aspect-square w-full object-cover',
            photo.oculta && 'opacity-40 grayscale',
          )}
        />
        {photo.oculta && (
          <span className="absolute inset-x-1 bottom-1 rounded-full bg-ink/80 px-2 py-0.5 text-center text-[0.7rem] font-medium text-ivory">
            {T.PHOTO_HIDDEN_MARK}
          </span>
        )}
      </a>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={onToggle}
        className="mt-1.5 w-full px-1 text-[0.8rem] leading-tight"
      >
        {photo.oculta ? T.SHOW_PHOTO : T.HIDE_PHOTO}
      </Button>
    </li>
  );
}
