// =================================================================================================
// Shipping and CEP: the quote, the postal-code lookup, POST api/calcular-frete/.
// =================================================================================================

import { CEP_DIGITS, cepDigits } from '../cep';
import { SHIPPING_FALLBACK_LABEL } from '../shipping';

export const SHIPPING_ERROR = 'Erro ao calcular frete. Tente novamente.';
export { SHIPPING_FALLBACK_LABEL };
export const CEP_NOT_FOUND = 'CEP não encontrado';
export const CEP_LOOKUP_ERROR = 'Erro ao validar CEP';
export const CEP_ENTER_VALID = 'Por favor, insira um CEP válido';
export const CEP_DOES_NOT_EXIST = 'CEP inválido. Verifique se o CEP existe.';

/** The postal-code lookup's two failures (address forms and cart). */
export function cepLookupMessage(result: 'not-found' | 'failed'): string {
  return result === 'not-found' ? CEP_NOT_FOUND : CEP_LOOKUP_ERROR;
}

/**
 * The cart calculator's check before quoting: a CEP of 8 digits, then one the lookup found
 * (`cepExists` null while unknown: not yet looked up, so not blocked).
 */
export function cartShippingCepBlocker(cep: string, cepExists: boolean | null): string | null {
  if (cepDigits(cep).length !== CEP_DIGITS) return CEP_ENTER_VALID;
  if (cepExists === false) return CEP_DOES_NOT_EXIST;
  return null;
}

/** The 400s of POST api/calcular-frete/, beside CEP_ENTER_VALID. */
export const SHIPPING_TOTAL_INVALID = 'Valor total inválido.';
export const SHIPPING_ITEM_COUNT_INVALID = 'Quantidade de itens inválida (de 1 a 999).';
export const SHIPPING_ITEMS_INVALID =
  'Itens do carrinho inválidos: informe até 50 peças, cada uma com id e quantidade de 1 a 99.';

/** api/pay (issue 35): the carrier's service she chose no longer serves her CEP or cart. */
export const SHIPPING_OPTION_UNAVAILABLE =
  'Esta opção de frete não está disponível para o seu CEP. Escolha outra opção de entrega.';
export const SHIPPING_OPTION_INVALID = 'Opção de frete inválida.';
