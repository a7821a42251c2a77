/**
 * Request and answer schemas of the favourites calls (docs/favourites-contract.md). The list is
 * the catalog's own product list schema: a favourite is answered exactly as the catalog answers it.
 */
import { z } from 'zod';
import { FAVOURITE_PRODUCT_ID_INVALID } from '@semijoias/domain/favourites';
import { idParams, INT_MAX } from '../../lib/params.js';

export { productListSchema as favouritesListSchema } from '../catalog/index.js';

const invalid = { error: FAVOURITE_PRODUCT_ID_INVALID };
const positiveId = z.number(invalid).int(invalid).min(1, invalid).max(INT_MAX, invalid);

/**
 * `{produto_id}`: a JSON number (3) or the digit string a device list may keep ("3"); never
 * "3.0", "1e3", -1 or "". Other keys are ignored.
 */
export const addBody = z.object(
  {
    produto_id: z.union(
      [
        positiveId,
        z
          .string(invalid)
          .regex(/^\d{1,10}$/, invalid)
          .transform(Number)
          .pipe(positiveId),
      ],
      invalid,
    ),
  },
  invalid,
);

/** `DELETE api/favoritos/{produto_id}/`. */
export const productParams = z
  .object({ produto_id: idParams(FAVOURITE_PRODUCT_ID_INVALID).shape.id })
  .strict();

export const errorSchema = z.object({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
