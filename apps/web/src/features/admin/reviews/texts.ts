/**
 * The words of the owners' 'Avaliações' (docs/admin/reviews.md). The feature's shared texts and
 * limits (the API's refusals, 'Resposta da loja'...) are the domain's, @semijoias/domain/reviews.
 */
import type { ReviewStatus } from '@semijoias/domain/reviews';

export const REVIEWS_ADMIN_TITLE = 'Avaliações';

/** Each status as a tab ('Pendentes') and as the item's mark ('Pendente'). */
export const REVIEW_STATUS_TABS: Record<ReviewStatus, string> = {
  pendente: 'Pendentes',
  aprovada: 'Aprovadas',
  oculta: 'Ocultas',
};
export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  pendente: 'Pendente',
  aprovada: 'Aprovada',
  oculta: 'Oculta',
};

/** Under the title. */
export const REVIEWS_ADMIN_DESCRIPTION =
  'O que as clientes acharam das peças que compraram. Aprovadas, aparecem na página da peça.';

/** An empty tab. */
export const REVIEWS_EMPTY_TAB: Record<ReviewStatus, string> = {
  pendente: 'Nenhuma avaliação esperando. Tudo em dia!',
  aprovada: 'Nenhuma avaliação aprovada ainda.',
  oculta: 'Nenhuma avaliação oculta.',
};

/** '3 avaliações pendentes' under the title. */
export function pendingCountText(n: number): string {
  if (n === 0) return 'Nenhuma avaliação esperando.';
  return n === 1 ? '1 avaliação esperando' : `${n} avaliações esperando`;
}

// ------------------------------------------------------------------------------------ Actions

export const APPROVE = 'Aprovar';
export const HIDE = 'Ocultar';
export const ANSWER = 'Responder';
export const EDIT_ANSWER = 'Editar resposta';
export const SAVE_ANSWER = 'Salvar resposta';
export const REMOVE_ANSWER = 'Remover resposta';
export const CANCEL = 'Cancelar';
export const HIDE_PHOTO = 'Ocultar foto';
export const SHOW_PHOTO = 'Mostrar foto';

export const HIDE_DIALOG_TITLE = 'Ocultar avaliação';
export const HIDE_DIALOG_DESCRIPTION =
  'A avaliação sai da página da peça e as estrelas dela deixam de contar na média. O motivo fica guardado para vocês: a cliente não o vê.';
export const HIDE_REASON_LABEL = 'Motivo';
export const HIDE_REASON_PLACEHOLDER = 'Ex.: texto ofensivo, fala de outra loja, foto sem a peça';

export const ANSWER_LABEL = 'Resposta da loja (aparece abaixo da avaliação)';
export const ANSWER_HINT = 'Apague o texto e salve para remover a resposta.';

/** What each action did (the toasts). */
export const APPROVED_TOAST = 'Avaliação aprovada. Ela já aparece na página da peça.';
export const HIDDEN_TOAST = 'Avaliação ocultada. Ela não aparece mais na loja.';
export const ANSWER_SAVED_PUBLIC_TOAST = 'Resposta publicada na página da peça.';
export const ANSWER_SAVED_TOAST =
  'Resposta salva. Ela aparece na loja quando a avaliação for aprovada.';
export const ANSWER_REMOVED_TOAST = 'Resposta removida.';
export const PHOTO_HIDDEN_TOAST = 'Foto ocultada. Ela não aparece mais na loja.';
export const PHOTO_SHOWN_TOAST = 'Foto mostrada de novo.';

// ------------------------------------------------------------------------------------ The item

export const PHOTO_HIDDEN_MARK = 'Foto oculta';
export const HIDDEN_REASON_LABEL = 'Motivo de ocultar';
export const NO_WORDS = 'Sem título nem texto: só as estrelas.';
export const ORDER_LABEL = 'Pedido';
export const SIZE_LABEL = 'Tamanho';
export const SENT_AT = 'Enviada em';
export const EDITED_AT = 'Alterada em';
export const APPROVED_AT = 'Aprovada em';
export const ANSWERED_AT = 'Respondida em';
export const NO_CITY = 'cidade não informada';

/** 'Foto 2 de 3 (abrir em tamanho maior)'. */
export function photoLinkLabel(index: number, total: number): string {
  return `Foto ${index + 1} de ${total} (abrir em tamanho maior)`;
}

/** 'Nota 4 de 5' for one review's whole stars. */
export function reviewStarsText(stars: number): string {
  return `${stars} ${stars === 1 ? 'estrela' : 'estrelas'} de 5`;
}

/** The Painel's line. */
export const DASHBOARD_WAITING_LABEL = 'Avaliações esperando';
export const DASHBOARD_WAITING_HINT = 'aprovar, ocultar ou responder';
