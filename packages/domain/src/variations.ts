/**
 * Product variations: a piece sold by size along one axis the owners name ('Aro', 'Tamanho',
 * 'Comprimento'), each variation with its own name ('16', 'Ajustável', '45 cm') and its own stock.
 * The words a shopper reads about them, and the size guide's tables, live here once for the API,
 * the storefront, the back office and the e-mails.
 */

/** The axes the back office offers first (the owners may type another). */
export const VARIATION_AXES = ['Aro', 'Tamanho', 'Comprimento'] as const;

/** Longest axis and variation names the back office accepts. */
export const VARIATION_AXIS_MAX_LENGTH = 30;
export const VARIATION_NAME_MAX_LENGTH = 30;
export const VARIATION_SKU_MAX_LENGTH = 60;
/** Most variations on one product (Brazilian ring sizes run 10 to 35). */
export const MAX_VARIATIONS_PER_PRODUCT = 40;

/**
 * A size she cannot choose on the product page (nor be asked to be told about, but the stock
 * alert offers it): taken down by the owners, or with no unit left.
 */
export function isVariationSoldOut(size: { disponivel: boolean; estoque: number }): boolean {
  return !size.disponivel || size.estoque <= 0;
}

export const VARIATION_NOT_FOUND = 'Variação não encontrada.';
export const VARIATION_ID_INVALID = 'O id da variação deve ser um número inteiro positivo.';

/** 'Aro 16', 'Comprimento 45 cm': how a line names its variation in the cart, orders and e-mails. */
export function variationLabel(axis: string | null | undefined, name: string): string {
  return axis ? `${axis} ${name}` : name;
}

/** The axis inside a sentence, lower case ('Aro' → 'aro'); 'tamanho' when there is none. */
export function variationAxisWord(axis: string | null | undefined): string {
  return (axis ?? '').trim().toLocaleLowerCase('pt-BR') || 'tamanho';
}

/**
 * 'Escolha o aro antes de adicionar ao carrinho.': adding a piece sold by size without one. The
 * axis' own word, lower case ('Tamanho' → 'o tamanho'); the axes the owners use are masculine.
 */
export function chooseVariationMessage(axis: string | null | undefined): string {
  return `Escolha o ${variationAxisWord(axis)} antes de adicionar ao carrinho.`;
}

/**
 * Whether a server's refusal is {@link chooseVariationMessage}'s, whatever the axis: the cart
 * shows that one to the shopper as it is (the store's own words, naming the axis).
 */
export function isChooseVariationMessage(text: string | null | undefined): boolean {
  const match = /^Escolha o (.+) antes de adicionar ao carrinho\.$/.exec(text ?? '');
  return match !== null && chooseVariationMessage(match[1]) === text;
}

/** The add button's text until a size is chosen: 'Escolha o aro'. */
export function chooseVariationButton(axis: string | null | undefined): string {
  return `Escolha o ${variationAxisWord(axis)}`;
}

/**
 * The stock message of checkout for one line, naming its variation when it has one:
 * 'O produto "Anel X" (Aro 16) não tem estoque suficiente (disponível: 0).'
 */
export function lineOutOfStockMessage(
  name: string,
  available: number,
  variation?: { axis: string | null; name: string } | null,
): string {
  const which = variation ? ` (${variationLabel(variation.axis, variation.name)})` : '';
  return `O produto "${name}"${which} não tem estoque suficiente (disponível: ${Math.max(0, available)}).`;
}

export interface RingSize {
  /** The Brazilian 'aro' number. */
  aro: number;
  /** Inner circumference in millimetres (the aro plus 40, the Brazilian rule). */
  circumferenceMm: number;
  /** Inner diameter in millimetres, to a tenth. */
  diameterMm: number;
}

/** The size guide's ring table: aro against inner circumference and diameter. */
export function ringSizeTable(from = 10, to = 30): RingSize[] {
  const sizes: RingSize[] = [];
  for (let aro = from; aro <= to; aro++) {
    const circumferenceMm = aro + 40;
    sizes.push({
      aro,
      circumferenceMm,
      diameterMm: Math.round((circumferenceMm / Math.PI) * 10) / 10,
    });
  }
  return sizes;
}

/** The aro whose inner circumference is nearest `mm` (what a shopper measured with a string). */
export function aroForCircumference(mm: number): number | null {
  if (!Number.isFinite(mm) || mm <= 0) return null;
  return Math.round(mm) - 40;
}

/** The size guide's necklace lengths: where each one falls on the body. */
export const NECKLACE_LENGTHS: readonly { cm: number; where: string }[] = [
  { cm: 40, where: 'Rente ao pescoço, na base (gargantilha)' },
  { cm: 45, where: 'Na altura da clavícula' },
  { cm: 50, where: 'Um pouco abaixo da clavícula' },
  { cm: 60, where: 'No alto do colo, para decotes' },
  { cm: 70, where: 'Na altura do busto' },
];
