/** No TOTP secret, code or recovery code reaches the log, whatever the calls. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { post } from '../../../test/accounts.js';
import { ownerByPassword, startSecondFactorSetup } from '../../../test/admin.js';
import { testConfig, useTestDatabase } from '../../../test/helpers.js';
import { captureLogs } from '../../../test/logs.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { totpCode, totpStep } from './totp.js';

/** What the app logs. */
const logs = captureLogs();

const testDb = useTestDatabase({ seed: false });

describe('logs of the second factor', () => {
  it('carry no secret, code or recovery code', async () => {
    const email = 'registro.dona@sf.test';
    const config = testConfig({ logLevel: 'trace', adminEmails: [email] });
    const app = await buildApp({
      config,
      database: testDb.database,
      logger: logs.logger(config),
      mailer: memoryMailer(),
    });
    try {
      const login = await ownerByPassword(app, testDb.database, email);
      const { segredo: grouped, secret } = await startSecondFactorSetup(
        app,
        login.access,
        testDb.database,
      );
      const wrong = totpCode(secret, totpStep() - 5);
      await post(app, '/api/segundo-fator/ativar/', { codigo: wrong }, login.access);
      const first = totpCode(secret, totpStep());
      const activated = await post(
        app,
        '/api/segundo-fator/ativar/',
        { codigo: first },
        login.access,
      );
      const codes = (activated.json() as { codigos_recuperacao: string[] }).codigos_recuperacao;
      const next = totpCode(secret, totpStep() + 1);
      await post(app, '/api/segundo-fator/verificar/', { codigo: next }, login.access);
      await post(app, '/api/segundo-fator/verificar/', { codigo: next }, login.access); // replayed
      await post(app, '/api/segundo-fator/verificar/', { codigo: codes[0] }, login.access);
      await post(app, '/api/segundo-fator/verificar/', { codigo: 'zz' }, login.access);
      // A body that fails to parse must not echo the code either.
      await app.inject({
        method: 'POST',
        url: '/api/segundo-fator/verificar/',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access}` },
        payload: `{"codigo": "${codes[1]}"`,
      });

      // The calls were logged (their paths), only not what they carried.
      expect(logs.text).toContain('/api/segundo-fator/verificar/');
      for (const value of [
        secret,
        grouped,
        wrong,
        first,
        next,
        ...codes,
        codes[1]!.replace('-', ''),
      ])
        expect(logs.text, `log contains ${value}`).not.toContain(value);
    } finally {
      await app.close();
    }
  });
});
