/** Parameters and answers of the back office's calls about the owners themselves. */
import { z } from 'zod';
import { OWNER_ID_INVALID } from '@semijoias/domain/messages';
import { idParams } from '../../../lib/params.js';

export const ownerIdParams = idParams(OWNER_ID_INVALID);

export const resetAnswer = z.object({ message: z.string() });
