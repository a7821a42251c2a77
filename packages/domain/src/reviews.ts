/**
 * Reviews from real buyers (issue 36, docs/reviews-contract.md): the form's rules, how a review is
 * signed and summed up, and every text of the feature, shared by the API, the e-mail and the pages.
 */

// ------------------------------------------------------------------------------------ Limits

export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
export const REVIEW_TITLE_MAX = 80;
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_PHOTOS_MAX = 3;
/** A photo's upload, before it is re-encoded (a phone's photo is 2-8 MB). */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const REVIEW_HIDE_REASON_MAX = 300;
export const REVIEW_ANSWER_MAX = 1_000;
/** Public reviews per page. */
export const REVIEWS_PAGE_SIZE = 10;
/** How long the e-mail's link opens her form. */
export const REVIEW_LINK_TTL_DAYS = 60;
/** Defaults of the request's timing (the environment may change them). */
export const REVIEW_REQUEST_DELAY_MINUTES_DEFAULT = 7 * 24 * 60;
export const REVIEW_REQUEST_SHIPPED_DAYS_DEFAULT = 20;

export const REVIEW_STATES_LIST = ['pendente', 'aprovada', 'oculta'] as const;
export type ReviewStatus = (typeof REVIEW_STATES_LIST)[number];
export const REVIEW_ORDERS = ['recentes', 'melhores'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

// ------------------------------------------------------------------------------------ Texts

export const REVIEW_VERIFIED = 'Compra verificada';
export const REVIEW_ANONYMOUS_AUTHOR = 'Cliente';
export const REVIEWS_TITLE = 'Avaliações';
export const REVIEWS_EMPTY = 'Esta peça ainda não tem avaliações.';
export const REVIEW_OWNERS_ANSWER = 'Resposta da loja';
export const REVIEW_ORDER_LABELS: Record<ReviewOrder, string> = {
  recentes: 'Mais recentes',
  melhores: 'Melhor avaliadas',
};

/** The API's refusals. */
export const REVIEW_LINK_INVALID = 'Este link de avaliação não é válido ou expirou.';
export const REVIEW_LINE_NOT_FOUND = 'Esta peça não faz parte do pedido.';
export const REVIEW_ORDER_NOT_DELIVERED =
  'Você poderá avaliar as peças quando o pedido for enviado.';
export const REVIEW_LOCKED = 'Esta avaliação já foi publicada e não pode mais ser alterada.';
export const REVIEW_NOT_FOUND = 'Avaliação não encontrada.';
export const REVIEW_PHOTO_NOT_FOUND = 'Foto não encontrada.';
export const REVIEW_STARS_REQUIRED = 'Escolha de 1 a 5 estrelas.';
export const REVIEW_TITLE_TOO_LONG = `O título pode ter até ${REVIEW_TITLE_MAX} caracteres.`;
export const REVIEW_TEXT_TOO_LONG = `O texto pode ter até ${REVIEW_TEXT_MAX} caracteres.`;
export const REVIEW_PHOTOS_TOO_MANY = `Envie até ${REVIEW_PHOTOS_MAX} fotos.`;
export const REVIEW_PHOTO_INVALID = 'A foto precisa ser uma imagem JPEG, PNG, WebP ou AVIF.';
export const REVIEW_PHOTO_TOO_LARGE = 'A foto pode ter até 8 MB.';
export const REVIEW_HIDE_REASON_REQUIRED = 'Diga por que a avaliação será ocultada.';
export const REVIEW_HIDE_REASON_TOO_LONG = `O motivo pode ter até ${REVIEW_HIDE_REASON_MAX} caracteres.`;
export const REVIEW_DELIVERED_DAYS_INVALID = 'Informe de 0 a 60 dias depois da entrega.';
export const REVIEW_SHIPPED_DAYS_INVALID = 'Informe de 1 a 60 dias depois do envio.';
export const REVIEW_ANSWER_TOO_LONG = `A resposta pode ter até ${REVIEW_ANSWER_MAX} caracteres.`;
export const REVIEW_SAVED =
  'Obrigada! Sua avaliação foi enviada e aparece na loja depois de revisada.';
export const REVIEW_UPDATED = 'Avaliação atualizada.';

/** The request e-mail. */
export const REVIEW_REQUEST_SUBJECT = 'Conte para a gente: o que achou das suas joias?';

// ------------------------------------------------------------------------------------ Rules

export interface ReviewInput {
  estrelas: number;
  titulo: string | null;
  texto: string | null;
  fotos: number[];
}

export type ReviewFieldErrors = Partial<Record<'estrelas' | 'titulo' | 'texto' | 'fotos', string>>;

const optionalText = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // One space for any run of spaces on a line; lines kept (a text may have paragraphs).
  const trimmed = value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return trimmed === '' ? null : trimmed;
};

/** The form as the API reads it: the review, or each field's message. */
export function validateReview(
  body: unknown,
): { ok: true; review: ReviewInput } | { ok: false; errors: ReviewFieldErrors } {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: ReviewFieldErrors = {};
  const estrelas = typeof b.estrelas === 'string' ? Number(b.estrelas) : b.estrelas;
  if (
    typeof estrelas !== 'number' ||
    !Number.isInteger(estrelas) ||
    estrelas < REVIEW_STARS_MIN ||
    estrelas > REVIEW_STARS_MAX
  ) {
    errors.estrelas = REVIEW_STARS_REQUIRED;
  }
  if (b.titulo !== undefined && b.titulo !== null && typeof b.titulo !== 'string') {
    errors.titulo = REVIEW_TITLE_TOO_LONG;
  }
  const titulo = optionalText(b.titulo);
  if (titulo && [...titulo].length > REVIEW_TITLE_MAX) errors.titulo = REVIEW_TITLE_TOO_LONG;
  if (b.texto !== undefined && b.texto !== null && typeof b.texto !== 'string') {
    errors.texto = REVIEW_TEXT_TOO_LONG;
  }
  const texto = optionalText(b.texto);
  if (texto && [...texto].length > REVIEW_TEXT_MAX) errors.texto = REVIEW_TEXT_TOO_LONG;
  const rawPhotos = b.fotos ?? [];
  const fotos: number[] = [];
  if (!Array.isArray(rawPhotos)) errors.fotos = REVIEW_PHOTOS_TOO_MANY;
  else {
    for (const id of rawPhotos) {
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
        errors.fotos = REVIEW_PHOTO_NOT_FOUND;
      } else if (!fotos.includes(id)) fotos.push(id);
    }
    if (fotos.length > REVIEW_PHOTOS_MAX) errors.fotos = REVIEW_PHOTOS_TOO_MANY;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, review: { estrelas: estrelas as number, titulo, texto, fotos } };
}

/** The name a review is signed with: her first name, capitalised; 'Cliente' without one. */
export function reviewAuthor(fullName: string | null | undefined): string {
  const first = (fullName ?? '').trim().split(/\s+/)[0] ?? '';
  if (first === '') return REVIEW_ANONYMOUS_AUTHOR;
  return first.charAt(0).toLocaleUpperCase('pt-BR') + first.slice(1).toLocaleLowerCase('pt-BR');
}

/** 'Campinas/SP', or null without a city. */
export function reviewCity(city: string | null | undefined, uf: string | null | undefined) {
  const c = (city ?? '').trim();
  if (c === '') return null;
  const u = (uf ?? '').trim().toUpperCase();
  return u ? `${c}/${u}` : c;
}

/** The average shown: one decimal, rounded half up; null without reviews. */
export function reviewAverage(starsSum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((starsSum / count) * 10) / 10;
}

/** '4,7' (pt-BR decimal comma). */
export function formatReviewAverage(average: number): string {
  return average.toFixed(1).replace('.', ',');
}

/** '1 avaliação', '12 avaliações'. */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 avaliação' : `${count} avaliações`;
}

/** The stars' accessible name: 'Nota 4,7 de 5'. */
export function starsLabel(average: number): string {
  return `Nota ${formatReviewAverage(average)} de ${REVIEW_STARS_MAX}`;
}
