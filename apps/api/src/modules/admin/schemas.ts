/** Shapes shared by every part of the back office's API. */
import { z } from 'zod';
import { ADMIN_PAGE_INVALID } from '@semijoias/domain/messages';
import { wholeNumber } from '../../lib/params.js';

/** `?pagina=` of every list of the back office (1 when absent). */
export const pageParam = wholeNumber(1, 999_999, ADMIN_PAGE_INVALID).optional();

/** Every error of /api/admin/: the message in Portuguese, and the per-field messages of a form. */
export const adminErrorSchema = z.looseObject({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const adminErrors = {
  400: adminErrorSchema,
  401: adminErrorSchema,
  403: adminErrorSchema,
  404: adminErrorSchema,
  409: adminErrorSchema,
};
