/**
 * The back office's backups (docs/admin/backups.md): an owner makes one and downloads it, both
 * written to the audit log; the list is newest first; a name that is not a backup is a 404,
 * whatever it tries; a customer gets nothing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NOT_FOUND } from '@semijoias/domain/admin';
import { auditLog } from '../../../db/schema.js';
import { useTestApp } from '../../../../test/helpers.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semijoias-backups-api-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ctx = useTestApp(
  {
    adminEmails: OWNER_EMAILS,
    get backups() {
      return { dir, everyHours: 24, keep: 14 };
    },
  },
  { mailer: memoryMailer() },
);

interface BackupAnswer {
  arquivo: string;
  tamanho: number;
  criado_em: string;
}

describe('/api/admin/backups/', () => {
  it('makes one (201), lists them newest first, downloads the same bytes; both audited', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const first = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/backups/');
    expect(first.statusCode).toBe(201);
    const made = first.json<BackupAnswer>();
    expect(made.arquivo).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(made.tamanho).toBeGreaterThan(1000);
    expect(Date.parse(made.criado_em)).not.toBeNaN();
    const second = (
      await adminCall(ctx.app, owner.token, 'POST', '/api/admin/backups/')
    ).json<BackupAnswer>();

    const list = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/backups/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ backups: [second, made], a_cada_horas: 24, guardados: 14 });

    const download = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/backups/${made.arquivo}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${made.arquivo}"`);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(await readFile(join(dir, made.arquivo)))).toBe(true);

    const audited = await ctx.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'backup'), eq(auditLog.entityId, made.arquivo)));
    expect(audited.map((a) => a.action).sort()).toEqual(['backup.create', 'backup.download']);
    expect(audited.every((a) => a.actor === owner.email)).toBe(true);
    expect(audited.find((a) => a.action === 'backup.create')!.summary).toMatch(/^Backup feito \(/);
  });

  it('answers 404 for a name that is not one of its backups, traversal included', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    for (const name of [
      'backup-2020-01-01T00-00-00-000Z.tar.gz',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'manifest.json',
    ]) {
      const res = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/backups/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json<{ error: string }>().error).toBe(BACKUP_NOT_FOUND);
    }
  });

  it('is the owners’ only: 401 without a session, 403 for a customer', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    for (const [method, url] of [
      ['POST', '/api/admin/backups/'],
      ['GET', '/api/admin/backups/'],
    ] as const) {
      expect((await adminCall(ctx.app, undefined, method, url)).statusCode).toBe(401);
      expect((await adminCall(ctx.app, customer.token, method, url)).statusCode).toBe(403);
    }
  });
});
