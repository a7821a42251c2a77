import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers.js';
import { captureLogs } from '../../test/logs.js';
import { users } from '../db/schema.js';
import { bufferedStdout, loggerOptions, maskUrl, scrubText } from './logger.js';

function capture() {
  const out = captureLogs();
  const options = loggerOptions(testConfig({ logLevel: 'info' })) as pino.LoggerOptions;
  return { out, log: pino({ ...options, transport: undefined }, out.stream) };
}

describe('logger options', () => {
  it('redacts secrets in logged objects and bodies, and masks tokens in URLs', () => {
    const { out, log } = capture();
    log.info({ user: { password: 'Segredo123', cpf: '52998224725' } }, 'a');
    log.info({ body: { token: 'tok-abc', refresh: 'ref-abc', access: 'acc-abc' } }, 'b');
    for (const secret of ['Segredo123', '52998224725', 'tok-abc', 'ref-abc', 'acc-abc']) {
      expect(out.text).not.toContain(secret);
    }
    expect(maskUrl('/redefinir-senha/abc?x=1')).toBe('/redefinir-senha/***?x=1');
    expect(maskUrl('/verificar-email?token=abc&y=2')).toBe('/verificar-email?token=***&y=2');
  });

  it("never writes a failed query's parameters (a NUL in an e-mail, failed by the database)", async () => {
    const email = 'ana.maria.logtest@exemplo.com.br';
    const testDb = await createTestDatabase({ seed: false });
    let failure: unknown;
    try {
      await testDb.database.db
        .select()
        .from(users)
        .where(eq(users.email, email.replace('@', '\u0000@')));
    } catch (err) {
      failure = err;
    } finally {
      await testDb.drop();
    }
    // The database did refuse it, and Drizzle's error carries the value in params and message.
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain('ana.maria.logtest');
    const { out, log } = capture();
    log.error({ err: failure }, 'erro inesperado');
    log.error(failure as Error);
    expect(out.text).toContain('invalid byte sequence');
    expect(out.text).toContain('params: [omitidos]');
    expect(out.text).not.toContain('ana.maria.logtest');
    expect(out.text).not.toContain('"params"');
  });

  it('scrubs e-mails, CPFs, phones and tokens out of error texts', () => {
    const { out, log } = capture();
    const err = Object.assign(new Error('501 5.1.3 <bia.souza@exemplo.com>: rejected'), {
      detail: 'Key (cpf)=(529.982.247-25) already exists; phone (11) 98765-4321, 11987654321',
      rejected: ['bia.souza@exemplo.com'],
      cause: new Error(
        `token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.${'s'.repeat(43)} ${'t'.repeat(43)}`,
      ),
    });
    log.error({ err }, 'falha');
    for (const secret of [
      'bia.souza',
      '529.982.247-25',
      '98765-4321',
      '11987654321',
      'eyJhbG',
      'ttttt',
    ]) {
      expect(out.text).not.toContain(secret);
    }
    expect(out.text).toContain('rejected');
    // Paths with an @ (node_modules/@scope/...) are not e-mails.
    expect(scrubText('at file:///x/node_modules/@electric-sql/pglite/dist/index.js:1:2')).toContain(
      '@electric-sql/pglite',
    );
    expect(maskUrl('/api/x/?email=ana%40exemplo.com&q=ana@exemplo.com')).not.toMatch(/ana(@|%40)/i);
    // The back office's searches, percent-encoded as a browser sends them.
    expect(maskUrl('/api/admin/clientes/?busca=ana.souza%40exemplo.com.br&pagina=1')).toBe(
      '/api/admin/clientes/?busca=[e-mail]&pagina=1',
    );
    expect(maskUrl('/api/admin/pedidos/?busca=529%2E982%2E247-25')).toBe(
      '/api/admin/pedidos/?busca=[cpf]',
    );
    expect(maskUrl('/api/admin/pedidos/?busca=52998224725')).toBe(
      '/api/admin/pedidos/?busca=[número]',
    );
    // A malformed escape is no reason to log the e-mail.
    expect(maskUrl('/api/x/?q=%E0%A4%A&e=ana%40exemplo.com')).not.toMatch(/ana(@|%40)/i);
  });
});

describe('bufferedStdout', () => {
  it('writes lines in one batch within the flush time, not one write each', async () => {
    const { mkdtempSync, openSync, readFileSync, closeSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'a');
    const out = bufferedStdout(50, fd);
    out.write('{"msg":"um"}\n');
    out.write('{"msg":"dois"}\n');
    // Still in the buffer: nothing written yet.
    expect(readFileSync(file, 'utf8')).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"um"}\n{"msg":"dois"}\n');
    closeSync(fd);
  });
});
