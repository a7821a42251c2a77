/** Parameters and answers of the back office's calls about the owners themselves. */
import { z } from 'zod';
import { idParams } from '../../../lib/params.js';

export const OWNER_ID_INVALID = 'O id da administradora deve ser um número inteiro positivo.';

export const ownerIdParams = idParams(OWNER_ID_INVALID);

export const resetAnswer = z.object({ message: z.string() });
