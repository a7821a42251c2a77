import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.js';
import { loggerOptions, maskUrl } from './logger.js';

describe('logger options', () => {
  it('redacts secrets in logged objects and bodies, and masks tokens in URLs', () => {
    let out = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        out += chunk.toString('utf8');
        done();
      },
    });
    const options = loggerOptions(testConfig({ logLevel: 'info' })) as pino.LoggerOptions;
    const log = pino({ ...options, transport: undefined }, stream);
    log.info({ user: { password: 'Segredo123', cpf: '52998224725' } }, 'a');
    log.info({ body: { token: 'tok-abc', refresh: 'ref-abc', access: 'acc-abc' } }, 'b');
    for (const secret of ['Segredo123', '52998224725', 'tok-abc', 'ref-abc', 'acc-abc']) {
      expect(out).not.toContain(secret);
    }
    expect(maskUrl('/redefinir-senha/abc?x=1')).toBe('/redefinir-senha/***?x=1');
    expect(maskUrl('/verificar-email?token=abc&y=2')).toBe('/verificar-email?token=***&y=2');
  });
});
