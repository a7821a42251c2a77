/**
 * The back office's audit log, read: GET /api/admin/auditoria/ lists what the owners
 * changed, newest first, filtered by entity (a product's or an order's history) and action. The
 * entries are written by `writeAudit` (../audit.ts) in each change's own transaction.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PAGE_SIZE } from '@semijoias/domain/admin';
import { auditLog, orders } from '../../../db/schema.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { auditAnswer, auditQuery, type AuditEntryJson } from './schemas.js';

export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/auditoria/',
    { schema: { querystring: auditQuery, response: { 200: auditAnswer, ...adminErrors } } },
    async (req) => {
      const { entidade, id, acao, pagina = 1 } = req.query;
      const filters: SQL[] = [];
      if (entidade) filters.push(eq(auditLog.entityType, entidade));
      if (id !== undefined) filters.push(eq(auditLog.entityId, id));
      if (acao) filters.push(eq(auditLog.action, acao));
      const where = filters.length > 0 ? and(...filters) : undefined;

      const [rows, [totals]] = await Promise.all([
        db
          .select({
            entry: auditLog,
            orderReference: orders.reference,
          })
          .from(auditLog)
          // An order may be audited by its id or its reference: either finds its reference.
          .leftJoin(
            orders,
            and(
              eq(auditLog.entityType, 'order'),
              or(
                eq(orders.reference, auditLog.entityId),
                sql`${orders.id}::text = ${auditLog.entityId}`,
              ),
            ),
          )
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((pagina - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);

      return {
        itens: rows.map(({ entry, orderReference }): AuditEntryJson => ({
          id: entry.id,
          created_at: entry.createdAt.toISOString(),
          actor_email: entry.actorEmail,
          action: entry.action,
          entity_type: entry.entityType as AuditEntryJson['entity_type'],
          entity_id: entry.entityId,
          order_reference: orderReference,
          summary: entry.summary,
          before: entry.before,
          after: entry.after,
        })),
        pagina,
        por_pagina: ADMIN_PAGE_SIZE,
        total: totals?.total ?? 0,
      };
    },
  );
};
