/** GET /api/admin/ambiente/'s answer (docs/admin/dashboard-stock-audit.md). */
import { z } from 'zod';
import { ENVIRONMENT_NOTICES, type EnvironmentNoticeCode } from '@semijoias/domain/admin';

const NOTICE_CODES = Object.keys(ENVIRONMENT_NOTICES) as [
  EnvironmentNoticeCode,
  ...EnvironmentNoticeCode[],
];

export const environmentAnswer = z.object({
  avisos: z.array(
    z.object({ codigo: z.enum(NOTICE_CODES), titulo: z.string(), texto: z.string() }),
  ),
});
