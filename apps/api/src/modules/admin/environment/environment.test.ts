/**
 * GET /api/admin/ambiente/: what the running store's settings mean for the owners —
 * test payments on the sandbox, the embedded database and mail written to files in production —
 * behind the same door as every back-office call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN, ENVIRONMENT_NOTICES } from '@semijoias/domain/admin';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { testConfig, useTestApp } from '../../../../test/helpers.js';
import { buildApp } from '../../../app.js';
import type { Config } from '../../../config.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

// The test store: NODE_ENV=test, PAYMENT_PROVIDER unset (the sandbox), PGlite, no SMTP_URL.
const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
let owner: { token: string };

beforeAll(async () => {
  owner = await loggedInOwner(ctx.app, ctx.database);
});

const PAGBANK: Partial<Config> = {
  paymentProvider: 'pagbank',
  pagbank: { token: 'token-de-teste', apiUrl: 'http://pagbank.invalid' },
};

interface Aviso {
  codigo: string;
  titulo: string;
  texto: string;
}

/** The notices answered by a store started with these settings (on the same database). */
async function avisosOf(overrides: Partial<Config>): Promise<Aviso[]> {
  const app = await buildApp({
    config: testConfig({ adminEmails: [...OWNER_EMAILS], ...overrides }),
    database: ctx.database,
    logger: false,
    background: false,
    mailer: memoryMailer(),
  });
  try {
    await app.ready();
    const res = await adminCall(app, owner.token, 'GET', '/api/admin/ambiente/');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { avisos: Aviso[] }).avisos;
  } finally {
    await app.close();
  }
}

const noticesOf = async (overrides: Partial<Config>) =>
  (await avisosOf(overrides)).map((a) => a.codigo);

describe('GET /api/admin/ambiente/', () => {
  it('answers 401 without a session and 403 to a customer, like every admin call', async () => {
    const anonymous = await adminCall(ctx.app, undefined, 'GET', '/api/admin/ambiente/');
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const refused = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/ambiente/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: ADMIN_FORBIDDEN });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('tells the owners of a store on the sandbox that no payment is real, in Portuguese', async () => {
    const res = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/ambiente/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Outside production the embedded database and mail in files are a laptop's normal.
    expect(res.json()).toEqual({
      avisos: [
        {
          codigo: 'pagamentos_de_teste',
          titulo: 'Pagamentos de teste',
          texto: ENVIRONMENT_NOTICES.pagamentos_de_teste.texto,
        },
      ],
    });
    expect(ENVIRONMENT_NOTICES.pagamentos_de_teste.texto).toContain('PAYMENT_PROVIDER=pagbank');
  });

  it('says nothing of payments on PagBank with its token', async () => {
    expect(await noticesOf(PAGBANK)).toEqual([]);
  });

  it('in production: the embedded database and mail written to files, each said apart', async () => {
    const production: Partial<Config> = { ...PAGBANK, nodeEnv: 'production' };
    expect(await noticesOf(production)).toEqual(['banco_embutido', 'email_em_arquivo']);
    expect(
      await noticesOf({ ...production, databaseUrl: 'postgres://loja@db.invalid/loja' }),
    ).toEqual(['email_em_arquivo']);
    expect(await noticesOf({ ...production, smtpUrl: 'smtp://mail.invalid:587' })).toEqual([
      'banco_embutido',
    ]);
    expect(
      await noticesOf({
        ...production,
        databaseUrl: 'postgres://loja@db.invalid/loja',
        smtpUrl: 'smtp://mail.invalid:587',
      }),
    ).toEqual([]);
    // A demonstration store in production on PGlite without SMTP: all three, payments first.
    expect(await noticesOf({ nodeEnv: 'production' })).toEqual([
      'pagamentos_de_teste',
      'banco_embutido',
      'email_em_arquivo',
    ]);
  });

  it('answers the texts of the domain package for every notice', async () => {
    const res = await avisosOf({ nodeEnv: 'production' });
    for (const aviso of res) {
      const text = ENVIRONMENT_NOTICES[aviso.codigo as keyof typeof ENVIRONMENT_NOTICES];
      expect(aviso).toEqual({ codigo: aviso.codigo, ...text });
    }
    expect(res.find((a) => a.codigo === 'banco_embutido')).toMatchObject({
      titulo: 'Banco embutido em produção',
    });
    expect(res.find((a) => a.codigo === 'email_em_arquivo')).toMatchObject({
      titulo: 'E-mails não saem',
    });
  });
});

describe('the same notices in the log', () => {
  /** The warnings a store started with these settings writes at start-up. */
  async function warningsOf(overrides: Partial<Config>): Promise<{ aviso: string; msg: string }[]> {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ ...overrides }),
      database: ctx.database,
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void lines.push(line) },
      },
      background: false,
      mailer: memoryMailer(),
    });
    await app.close();
    return lines
      .map((l) => JSON.parse(l) as { aviso?: string; msg: string })
      .filter((l): l is { aviso: string; msg: string } => l.aviso !== undefined);
  }

  it('production says each notice at start-up, title in capitals, as the back office words it', async () => {
    const warnings = await warningsOf({ nodeEnv: 'production' });
    expect(warnings.map((w) => w.aviso)).toEqual([
      'pagamentos_de_teste',
      'banco_embutido',
      'email_em_arquivo',
    ]);
    expect(warnings[1]!.msg).toBe(
      `BANCO EMBUTIDO EM PRODUÇÃO: ${ENVIRONMENT_NOTICES.banco_embutido.texto}`,
    );
    expect(await warningsOf({ nodeEnv: 'production', ...PAGBANK, smtpUrl: 'smtp://x' })).toEqual([
      expect.objectContaining({ aviso: 'banco_embutido' }),
    ]);
  });

  it('a laptop (outside production) logs none of them', async () => {
    expect(await warningsOf({})).toEqual([]);
  });
});
