/**
 * The Auditoria call's query and answer (docs/admin/dashboard-stock-audit.md), and the page
 * parameter every list of this slice shares (Estoque reads it too).
 */
import { z } from 'zod';
import { AUDIT_ENTITY_TYPES } from '@semijoias/domain/admin';
import {
  AUDIT_ACTION_INVALID,
  AUDIT_ENTITY_INVALID,
  AUDIT_ID_INVALID,
  AUDIT_ID_WITHOUT_ENTITY,
} from '@semijoias/domain/messages';
import { pageParam } from '../schemas.js';

/** `?pagina=2`: 1 when absent. Bounded so an offset never overflows. */
export const auditQuery = z
  .object({
    entidade: z.enum(AUDIT_ENTITY_TYPES, { error: AUDIT_ENTITY_INVALID }).optional(),
    id: z
      .string()
      .trim()
      .min(1, { error: AUDIT_ID_INVALID })
      .max(64, { error: AUDIT_ID_INVALID })
      .optional(),
    acao: z
      .string()
      .regex(/^[a-z_.]{1,64}$/, { error: AUDIT_ACTION_INVALID })
      .optional(),
    pagina: pageParam,
  })
  .strict()
  .refine((q) => q.id === undefined || q.entidade !== undefined, {
    path: ['id'],
    error: AUDIT_ID_WITHOUT_ENTITY,
  });

export const auditEntryJson = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string(),
  /** An order's reference (its page's address), whichever id the entry was written with. */
  order_reference: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export type AuditEntryJson = z.infer<typeof auditEntryJson>;

export const auditAnswer = z.object({
  itens: z.array(auditEntryJson),
  pagina: z.number(),
  por_pagina: z.number(),
  total: z.number(),
});
