/** No password, token or CPF reaches the log, whatever the calls (LGPD). */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { GOOD_PASSWORD, post, signUpPayload, tokenFromMail } from '../../../test/accounts.js';
import { sentMail, testConfig, useTestDatabase } from '../../../test/helpers.js';
import { captureLogs } from '../../../test/logs.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

/** What the app logs. */
const logs = captureLogs();

const testDb = useTestDatabase({ seed: false });

describe('logs', () => {
  it('carry no password, token or CPF', async () => {
    const config = testConfig({ logLevel: 'debug' });
    const mailer = memoryMailer();
    const app = await buildApp({
      config,
      database: testDb.database,
      logger: logs.logger(config),
      mailer,
    });
    try {
      const payload = signUpPayload();
      const cpfDigits = payload.cpf.replace(/\D/g, '');
      expect((await post(app, '/api/users/', payload)).statusCode).toBe(201);
      const verifyToken = tokenFromMail(await sentMail(app, mailer), payload.email);
      expect((await post(app, '/api/verify_email/', { token: verifyToken })).statusCode).toBe(200);
      const pair = (
        await post(app, '/api/token/', { username: payload.email, password: GOOD_PASSWORD })
      ).json();
      await post(app, '/api/token/', { username: payload.email, password: 'Errada1234' });
      await post(app, '/api/token/refresh/', { refresh: pair.refresh });
      await app.inject({
        method: 'GET',
        url: `/api/infos/?token=${pair.access}`,
        headers: { authorization: `Bearer ${pair.access}` },
      });
      const second = (
        await post(app, '/api/token/', { username: payload.email, password: GOOD_PASSWORD })
      ).json();
      await post(app, '/api/logout/', { refresh: second.refresh }, second.access);
      await post(app, '/api/logout/todos/', undefined, second.access);
      await post(app, '/api/forgot-password/', { email: payload.email });
      const resetToken = tokenFromMail(await sentMail(app, mailer), payload.email);
      await post(app, '/api/reset-password/', { token: resetToken, password: 'fraca' });
      await app.inject({ method: 'GET', url: `/redefinir-senha/${resetToken}` });
      // A body that fails to parse must not echo its content either.
      await app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: { 'content-type': 'application/json' },
        payload: `{"cpf": "${cpfDigits}", "password": "${GOOD_PASSWORD}"`,
      });

      expect(logs.text.length).toBeGreaterThan(0);
      for (const secret of [
        GOOD_PASSWORD,
        'Errada1234',
        cpfDigits,
        payload.cpf,
        verifyToken,
        resetToken,
        pair.refresh,
        pair.access,
        pair.access.split('.')[2]!,
        second.refresh,
        second.access.split('.')[2]!,
      ]) {
        expect(logs.text, `log contains ${secret}`).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
