/**
 * The words of her review page (/avaliar) that the domain does not keep: the page's headings,
 * the form's labels and buttons, a review's state as she sees it. The rules, the limits and the
 * API's refusals are the domain's (@semijoias/domain/reviews).
 */
import { REVIEW_STARS_MAX, type ReviewStatus } from '@semijoias/domain/reviews';

export const REVIEW_PAGE_TITLE = 'Avalie suas joias';
export const REVIEW_PAGE_INTRO =
  'Conte o que achou de cada peça: sua opinião ajuda outras clientes a escolher.';
export const reviewOrderLabel = (reference: string) => `Pedido #${reference}`;
export const REVIEW_PAGE_LOADING = 'Carregando suas peças';
export const REVIEW_LOAD_FAILED_TITLE = 'Não foi possível carregar suas peças';
export const REVIEW_RETRY = 'Tentar novamente';
export const REVIEW_BACK_HOME = 'Ir para a loja';
/** From her order's page (/avaliar?pedido=): back to it. */
export const REVIEW_BACK_TO_ORDER = 'Voltar ao pedido';

/** The stars. */
export const REVIEW_STARS_LABEL = 'Sua nota';
export const starName = (stars: number) => (stars === 1 ? '1 estrela' : `${stars} estrelas`);
/** Beside the stars, the chosen one in words. */
export const STAR_WORDS: Readonly<Record<number, string>> = {
  1: 'Não gostei',
  2: 'Poderia ser melhor',
  3: 'Gostei',
  4: 'Gostei muito',
  5: 'Amei!',
};
/** Her stars, read out: 'Sua nota: 4 de 5'. */
export const ownStarsLabel = (stars: number) => `Sua nota: ${stars} de ${REVIEW_STARS_MAX}`;

/** The texts. */
export const REVIEW_TITLE_LABEL = 'Título (opcional)';
export const REVIEW_TITLE_PLACEHOLDER = 'Ex.: Delicada e linda no dia a dia';
export const REVIEW_TEXT_LABEL = 'Conte o que achou (opcional)';
export const REVIEW_TEXT_PLACEHOLDER = 'O acabamento, o tamanho, o brilho, como ficou em você…';
/** '12/80', '1.204/2.000'. */
export const charactersCount = (count: number, max: number) =>
  `${thousands(count)}/${thousands(max)}`;
/** Read out with the counter. */
export const charactersLeftLabel = (count: number, max: number) =>
  count > max
    ? `${thousands(count - max)} caracteres acima do limite`
    : `${thousands(max - count)} caracteres restantes`;

/** The photos. */
export const REVIEW_PHOTOS_LABEL = 'Fotos (opcional)';
export const REVIEW_PHOTOS_HINT = 'Até 3 fotos com a peça: da câmera ou da galeria.';
export const REVIEW_PHOTO_ADD = 'Adicionar foto';
export const REVIEW_PHOTO_UPLOADING = 'Enviando foto';
export const reviewPhotoAlt = (position: number) => `Foto ${position} da sua avaliação`;
export const reviewPhotoRemove = (position: number) => `Remover foto ${position}`;
/** She pressed 'Enviar avaliação' while a photo was still on its way. */
export const REVIEW_PHOTOS_WAIT = 'Espere as fotos terminarem de enviar.';

/** The buttons. */
export const REVIEW_SUBMIT = 'Enviar avaliação';
export const REVIEW_SUBMITTING = 'Enviando…';
export const REVIEW_EDIT = 'Editar';
export const REVIEW_CANCEL_EDIT = 'Cancelar';

/** Her review's state as she sees it (a hidden review is just 'sent': never why). */
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  pendente: 'Em revisão',
  aprovada: 'Publicada',
  oculta: 'Avaliação enviada',
};

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
