/**
 * Favourites (docs/favourites-contract.md): the texts the heart, the header, the Favoritos tab and
 * the API say, and the one rule of the list kept on a guest's device.
 */

/** The heart's accessible name, by whether the piece is among her favourites. */
export const FAVOURITE_ADD = 'Adicionar aos favoritos';
export const FAVOURITE_REMOVE = 'Remover dos favoritos';

/** The tab of /usuario, the guest's page and the header's heart. */
export const FAVOURITES_TITLE = 'Favoritos';

/** The header's heart, read by a screen reader: 'Favoritos: 3 peças'. */
export function favouritesHeaderLabel(count: number): string {
  if (count === 0) return 'Favoritos: nenhuma peça';
  return `Favoritos: ${count} ${count === 1 ? 'peça' : 'peças'}`;
}

/** Toasts of the heart. */
export const FAVOURITE_ADDED = 'Adicionado aos favoritos.';
export const FAVOURITE_REMOVED = 'Removido dos favoritos.';
export const FAVOURITE_SAVE_ERROR =
  'Não foi possível atualizar seus favoritos. Verifique sua conexão e tente novamente.';

/** The empty tab (and the guest's empty page). */
export const FAVOURITES_EMPTY_TITLE = 'Nenhum favorito ainda';
export const FAVOURITES_EMPTY_TEXT =
  'Toque no coração de uma joia para guardá-la aqui e encontrá-la depois.';
export const FAVOURITES_LOAD_ERROR = 'Não foi possível carregar seus favoritos.';

/** The guest's page: her list lives on this device until she logs in. */
export const FAVOURITES_GUEST_NOTE =
  'Seus favoritos estão guardados neste aparelho. Entre na sua conta para levá-los com você.';

/** A piece of the list with no stock. */
export const FAVOURITE_SOLD_OUT = 'Esgotado';

/** The API's 400 for a missing or malformed `produto_id`. */
export const FAVOURITE_PRODUCT_ID_INVALID =
  'Informe o produto: produto_id deve ser um número inteiro positivo.';

/**
 * How many pieces a guest's device keeps: the oldest go first beyond it. An account has no such
 * cap (the catalog is a few hundred pieces).
 */
export const GUEST_FAVOURITES_MAX = 100;

/**
 * A guest's list after hearting `productId`: newest first, each piece once, at most
 * {@link GUEST_FAVOURITES_MAX}.
 */
export function addGuestFavourite(ids: readonly number[], productId: number): number[] {
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, GUEST_FAVOURITES_MAX);
}

/** A guest's list as stored: positive whole ids, each once, in their order; anything else dropped. */
export function cleanFavouriteIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  for (const item of value) {
    if (typeof item === 'number' && Number.isInteger(item) && item > 0 && item <= 2_147_483_647)
      seen.add(item);
  }
  return [...seen].slice(0, GUEST_FAVOURITES_MAX);
}
