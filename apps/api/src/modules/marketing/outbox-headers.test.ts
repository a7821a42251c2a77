/**
 * A marketing e-mail's extra headers (List-Unsubscribe) are kept by the files outbox used without
 * SMTP_URL, so a developer (and the end-to-end tests) can read its List-Unsubscribe URL.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from '../../integrations/mail/mailer.js';
import { unsubscribeHeaders } from './consent.js';

describe('the files outbox', () => {
  it('writes the headers with the message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-headers-'));
    try {
      const headers = unsubscribeHeaders('http://loja.test', '1.abc');
      await outboxMailer(dir, { info: () => {}, warn: () => {} }).send({
        to: 'ana@exemplo.com.br',
        subject: 'Oi',
        text: 'texto',
        html: '<p>texto</p>',
        links: [],
        headers,
      });
      const [file] = await readdir(dir);
      const written = JSON.parse(await readFile(join(dir, file!), 'utf8')) as { headers: unknown };
      expect(written.headers).toEqual({
        'List-Unsubscribe': '<http://loja.test/api/descadastrar/?t=1.abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
