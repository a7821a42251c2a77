import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer.js';
import { passwordResetEmail, verificationEmail } from './templates.js';

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes each message as JSON under DATA_DIR/outbox and logs its link', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'semijoias-outbox-'));
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }),
      warn: () => {},
    } as never;
    try {
      const mailer = outboxMailer(join(dataDir, 'outbox'), log);
      const message = verificationEmail({
        to: 'ana@exemplo.com',
        firstName: 'Ana <b>',
        publicUrl: 'http://localhost:3000',
        token: 'abc_DEF-123',
      });
      await mailer.send(message);
      const files = await readdir(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f-]{36}\.json$/);
      const saved = JSON.parse(await readFile(join(dataDir, 'outbox', files[0]!), 'utf8'));
      expect(saved).toMatchObject({
        to: 'ana@exemplo.com',
        subject: 'Confirme seu e-mail - Duas Irmãs Semijoias',
        links: ['http://localhost:3000/verificar-email?token=abc_DEF-123'],
      });
      expect(typeof saved.text).toBe('string');
      expect(saved.html).toContain('Ana &#60;b&#62;');
      expect(new Date(saved.sentAt).toISOString()).toBe(saved.sentAt);
      expect(logged[0]!.obj.links).toEqual(saved.links);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('builds the reset link on PUBLIC_URL', () => {
    const m = passwordResetEmail({
      to: 'a@b.com',
      firstName: 'Ana',
      publicUrl: 'https://loja.example.com',
      token: 'tok',
    });
    expect(m.links).toEqual(['https://loja.example.com/redefinir-senha/tok']);
    expect(m.text).toContain('Duas Irmãs Semijoias');
    expect(m.html).toContain('href="https://loja.example.com/redefinir-senha/tok"');
  });
});
