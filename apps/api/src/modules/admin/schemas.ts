/** Shapes shared by every part of the back office's API. */
import { z } from 'zod';

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
