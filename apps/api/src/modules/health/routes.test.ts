/**
 * Readiness in a rush: the database's answer can wait behind the pool (a flash sale). A proxy that
 * timed out on it would take a healthy instance out of rotation, so a slow look is answered from
 * the last one when it is recent; nothing is ready without a good look.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { latestMigrationMillis } from '../../db/migrate.js';
import { testConfig } from '../../../test/helpers.js';
import { healthRoutes } from './routes.js';

const migrations = testConfig().paths.migrations;
const NEWEST = latestMigrationMillis(migrations);

/** A database whose next answers the test decides: a value, an error, or never. */
function fakeDatabase() {
  const answers: (() => Promise<unknown>)[] = [];
  const fake = {
    /** Queries the database was asked. */
    looks: 0,
    db: {
      execute: () => {
        fake.looks++;
        return (answers.shift() ?? (() => new Promise(() => {})))();
      },
    } as unknown as Db,
    answers: (...next: (() => Promise<unknown>)[]) => answers.push(...next),
  };
  return fake;
}
const applied = (when: number) => () => Promise.resolve({ rows: [{ applied: String(when) }] });
const hangs = () => new Promise<unknown>(() => {});

let app: FastifyInstance;
afterEach(() => app?.close());

async function readiness(db: Db, draining = false, lifecycle = { draining }) {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  lifecycle.draining = draining;
  await app.register(healthRoutes, {
    db,
    lifecycle: {
      get draining() {
        return lifecycle.draining;
      },
      proxySawDrain: () => {},
    },
    migrationsFolder: migrations,
    prefix: '/api',
  });
  return async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/api/health/ready/' });
    return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
  };
}

describe('GET /api/health/ready/ with a slow database', () => {
  it('answers ready within a second from a recent good look while the database is busy', async () => {
    const fake = fakeDatabase();
    fake.answers(applied(NEWEST), hangs);
    const ask = await readiness(fake.db);
    expect(await ask()).toMatchObject({ status: 200, body: { status: 'ok' } });
    const busy = await ask();
    expect(busy).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(busy.ms).toBeGreaterThanOrEqual(900);
    expect(busy.ms).toBeLessThan(2000);
  });

  it('is not ready on a slow database it never saw answer, nor on a failing one', async () => {
    const fake = fakeDatabase();
    fake.answers(hangs);
    const ask = await readiness(fake.db);
    expect(await ask()).toMatchObject({ status: 503, body: { status: 'banco_indisponivel' } });
    // The first look is still hanging: the next askers share it rather than piling up queries.
    const answers = await Promise.all([ask(), ask(), ask()]);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 503, body: { status: 'banco_indisponivel' } });
    expect(fake.looks).toBe(1);
  });

  it('a failing database is not ready; migrations missing are said as such', async () => {
    const fake = fakeDatabase();
    fake.answers(() => Promise.reject(new Error('connection refused')), applied(NEWEST - 1));
    const ask = await readiness(fake.db);
    expect(await ask()).toMatchObject({ status: 503, body: { status: 'banco_indisponivel' } });
    expect(await ask()).toMatchObject({ status: 503, body: { status: 'migracoes_pendentes' } });
    expect(fake.looks).toBe(2); // a finished look is not reused: each asker sees the database now
  });

  it('a drain begun while the database was asked answers 503, not a late ok', async () => {
    const fake = fakeDatabase();
    let answer!: () => void;
    fake.answers(
      () => new Promise((resolve) => (answer = () => resolve({ rows: [{ applied: NEWEST }] }))),
    );
    const lifecycle = { draining: false };
    const ask = await readiness(fake.db, false, lifecycle);
    const pending = ask();
    await vi.waitFor(() => expect(fake.looks).toBe(1));
    lifecycle.draining = true; // SIGTERM while the look is out
    answer();
    expect(await pending).toMatchObject({ status: 503, body: { status: 'encerrando' } });
  });

  it('draining answers 503 at once, without asking the database', async () => {
    const fake = fakeDatabase(); // any look would hang
    const ask = await readiness(fake.db, true);
    const answer = await ask();
    expect(answer).toMatchObject({ status: 503, body: { status: 'encerrando' } });
    expect(answer.ms).toBeLessThan(500);
    expect(fake.looks).toBe(0);
  });
});
