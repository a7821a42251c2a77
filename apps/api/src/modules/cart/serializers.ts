/** Cart records -> the cart line JSON of docs/cart-contract.md (prices as decimal strings). */
import { lineSubtotal } from '@semijoias/domain/cart';
import { centsToDecimal } from '@semijoias/domain/money';
import type { ImageUrl } from '../catalog/index.js';
import type { CartLineJson } from './schemas.js';
import type { CartLineRecord } from './service.js';

export function serializeCartLine(line: CartLineRecord, url: ImageUrl): CartLineJson {
  return {
    produto: {
      id: line.productId,
      name: line.name,
      price: centsToDecimal(line.priceCents),
      image: url(line.image),
      estoque: line.stock,
    },
    quantidade: line.quantidade,
    subtotal: centsToDecimal(lineSubtotal(line)),
    variacao:
      line.variationId === null ? null : { id: line.variationId, nome: line.variationName ?? '' },
    nome_variacao: line.variationAxis,
  };
}
