/**
 * Readiness and the shutdown an instance goes through on SIGTERM, on a real listening
 * server: a request in flight when the drain begins is answered; readiness says 503 at once; new
 * connections are refused once it closes; the outbox finishes the message it holds and gives
 * back the ones it had not started, leaving no claim behind.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { outboxEmails } from '../../db/schema.js';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.js';
import { enqueueEmail } from '../mail/outbox.js';
import {
  CLOSE_GRACE_MS,
  PROXY_SEEN_MARGIN_MS,
  QUIET_MS,
  shutDownGracefully,
  shutdownTimings,
  untilNothingWaits,
} from './lifecycle.js';
import type { WaitingInKernel } from './kernel-queues.js';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeEach(async () => {
  testDb = await createTestDatabase({ seed: false });
});
afterEach(async () => {
  await app?.close().catch(() => {});
  await testDb.drop();
});

/** A deferred promise: a test decides when a request or a send finishes. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function listening(
  options: { mailer?: Mailer; background?: boolean } = {},
  addRoutes?: (app: FastifyInstance) => void,
): Promise<string> {
  app = await buildApp({
    config: testConfig(),
    database: testDb.database,
    logger: false,
    background: options.background ?? false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  addRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('GET /api/health/ready/', () => {
  it('200 while serving; 503 once migrations are missing or the drain has begun', async () => {
    const base = await listening();
    const ready = await fetch(`${base}/api/health/ready/`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ok' });

    // The database lacks this release's newest migration (an older database, a failed migrate).
    const db = testDb.database.db;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const behind = await fetch(`${base}/api/health/ready/`);
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ status: 'migracoes_pendentes' });
    // A newer release's migration (a rolling update under way) leaves it ready.
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 2
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect((await fetch(`${base}/api/health/ready/`)).status).toBe(200);

    // Requests made inside the process (a page rendered on the server asks the API so) count
    // while they run and stop counting once answered, or the drain would wait for them forever.
    await app.inject({ url: '/api/health/' });
    expect(app.lifecycle.inFlight).toBe(0);

    app.lifecycle.beginDrain();
    const draining = await fetch(`${base}/api/health/ready/`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'encerrando' });
    // Every answer while draining closes its connection; liveness still says ok.
    const live = await fetch(`${base}/api/health/`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
  });
});

describe('shutDownGracefully', () => {
  it('answers the request in flight, then closes: new connections are refused', async () => {
    const slow = gate();
    const arrived = gate();
    const base = await listening({}, (a) =>
      a.get('/api/teste/lento', async () => {
        arrived.open();
        await slow.opened;
        return { pronto: true };
      }),
    );
    const inFlight = fetch(`${base}/api/teste/lento`);
    await arrived.opened;
    expect(app.lifecycle.inFlight).toBe(1);

    const shutdown = shutDownGracefully(app, { drainMs: 100, timeoutMs: 5000 });
    expect((await fetch(`${base}/api/health/ready/`)).status).toBe(503);
    // Past the drain, the request is still being answered: the server waits for it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    slow.open();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ pronto: true });
    expect(await shutdown).toBe('closed');
    await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
  });

  it("ends the drain once the proxy's own check has read 503, not on anyone else's", async () => {
    const base = await listening({}, () => {});
    // A drain far longer than the test: only the proxy's check can end it this soon.
    const started = Date.now();
    let closedAt = 0;
    const shutdown = shutDownGracefully(app, { drainMs: 20_000, timeoutMs: 30_000 }).then(
      (outcome) => {
        closedAt = Date.now();
        return outcome;
      },
    );
    // The container's check or a person's: still serving past the margin.
    expect((await fetch(`${base}/api/health/ready/`)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, PROXY_SEEN_MARGIN_MS + 500));
    expect(closedAt).toBe(0);
    expect((await fetch(`${base}/api/health/`)).status).toBe(200);
    // deploy/Caddyfile's check: the proxy now sends nothing new here.
    expect((await fetch(`${base}/api/health/ready/?sonda=proxy`)).status).toBe(503);
    const seenAt = Date.now();
    expect(await shutdown).toBe('closed');
    expect(closedAt - seenAt).toBeGreaterThanOrEqual(PROXY_SEEN_MARGIN_MS - 50);
    expect(closedAt - started).toBeLessThan(10_000);
    await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
  });

  it('answers a request the kernel held while the loop was busy with the last one', async () => {
    const finish = gate();
    const arrived = gate();
    let tellClientToSend = () => {};
    const base = await listening({}, (a) => {
      a.get('/api/teste/ocupado', async () => {
        arrived.open();
        await finish.opened;
        // A saturated instance: while its loop is held, the client's connection and request
        // reach the kernel, and are still there when this last counted request is answered.
        tellClientToSend();
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
        return { ultimo: true };
      });
      a.post('/api/teste/eco', async (req) => req.body);
    });
    // Another process, so it can connect and send while this one's event loop is held.
    const client = spawn(
      process.execPath,
      [
        '-e',
        `process.stdin.once('data', () => {
          const req = require('node:http').request(process.argv[1], { method: 'POST',
            agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
            let body = ''; res.on('data', (c) => (body += c));
            res.on('end', () => console.log(res.statusCode + ' ' + body));
          });
          req.on('error', (err) => console.log('falhou ' + err.code));
          req.end(JSON.stringify({ pedido: 'atrasado' }));
        }); console.log('pronto');`,
        `${base}/api/teste/eco`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = once(client, 'exit');
    const lines: string[] = [];
    client.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => lines.push(...chunk.split('\n')));
    tellClientToSend = () => client.stdin.write('go\n');
    while (!lines.includes('pronto')) await once(client.stdout, 'data');

    const last = fetch(`${base}/api/teste/ocupado`);
    await arrived.opened;
    const shutdown = shutDownGracefully(app, { drainMs: 50, timeoutMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish.open();
    expect((await last).status).toBe(200);
    expect(await shutdown).toBe('closed');
    client.stdin.end();
    await exited;
    expect(lines).toContain('200 {"pedido":"atrasado"}');
  });

  it('gives up at the timeout when a request never ends', async () => {
    const never = gate();
    const arrived = gate();
    const base = await listening({}, (a) =>
      a.get('/api/teste/preso', async () => {
        arrived.open();
        await never.opened;
        return {};
      }),
    );
    const stuck = fetch(`${base}/api/teste/preso`).catch(() => undefined);
    await arrived.opened;
    const started = Date.now();
    expect(await shutDownGracefully(app, { drainMs: 50, timeoutMs: 400 })).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1500);
    never.open();
    await stuck;
  });

  it('closes a connection left open with no request answered in it (half a request)', async () => {
    const base = await listening();
    const { port } = new URL(base);
    // A client that sent part of a request and nothing more: no request in flight (its headers
    // never ended), yet the listener would wait for that connection until its headers timeout.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/health/live/ HTTP/1.1\r\nHost: loja\r\n');
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    expect(await shutDownGracefully(app, { drainMs: 50, timeoutMs: 5000 })).toBe('closed');
    expect(Date.now() - started).toBeLessThan(CLOSE_GRACE_MS + 1000);
    await socketClosed;
  });

  it('the outbox finishes the message it holds and gives back the others: no claim left', async () => {
    const db = testDb.database.db;
    const sending = gate();
    const release = gate();
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        sending.open();
        await release.opened;
        sent.push(message);
      },
      async close() {},
    };
    for (const n of [1, 2, 3]) {
      await enqueueEmail(db, {
        kind: 'teste',
        to: `cliente${n}@exemplo.com.br`,
        subject: `Mensagem ${n}`,
        text: 'texto',
        html: '<p>texto</p>',
        links: [],
      });
    }
    await listening({ mailer, background: true });
    await sending.opened; // the worker claimed the batch and is sending the first message

    const shutdown = shutDownGracefully(app, { drainMs: 50, timeoutMs: 5000 });
    // Past the drain and the quiet spell: the listener is closing while the message is sent.
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 300));
    release.open();
    expect(await shutdown).toBe('closed');

    expect(sent.map((m) => m.subject)).toEqual(['Mensagem 1']);
    const rows = await db
      .select({
        subject: outboxEmails.subject,
        sentAt: outboxEmails.sentAt,
        lockedUntil: outboxEmails.lockedUntil,
        attempts: outboxEmails.attempts,
      })
      .from(outboxEmails)
      .orderBy(outboxEmails.id);
    expect(rows.map((r) => [r.subject, r.sentAt !== null, r.lockedUntil, r.attempts])).toEqual([
      ['Mensagem 1', true, null, 1],
      ['Mensagem 2', false, null, 0],
      ['Mensagem 3', false, null, 0],
    ]);
    const claimed = await db.select().from(outboxEmails).where(isNotNull(outboxEmails.lockedUntil));
    expect(claimed).toEqual([]);
    // The next instance sends them at once: nothing waits for a lease to run out.
    const next = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: false,
      background: false,
      mailer: {
        async send(message) {
          sent.push(message);
        },
        async close() {},
      },
    });
    expect(await next.outbox.drain()).toBe(2);
    await next.close();
    expect(sent.map((m) => m.subject)).toEqual(['Mensagem 1', 'Mensagem 2', 'Mensagem 3']);
  });
});

describe('untilNothingWaits', () => {
  const nothing: WaitingInKernel = { unaccepted: 0, unreadConnections: 0, unreadBytes: 0 };

  it('waits another quiet spell while the kernel holds something new, not for a paused socket', async () => {
    await listening();
    // A connection arrived in the spell's last moment, then is taken: one more spell.
    const arriving = [{ unaccepted: 1, unreadConnections: 0, unreadBytes: 0 }, nothing];
    const heard: WaitingInKernel[] = [];
    const started = Date.now();
    await untilNothingWaits(
      app,
      (w) => heard.push(w),
      async () => arriving.shift()!,
    );
    expect(heard).toEqual([{ unaccepted: 1, unreadConnections: 0, unreadBytes: 0 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * QUIET_MS - 20);

    // The same unread bytes at every look: a socket Node will not read. Not waited for forever.
    const paused = { unaccepted: 0, unreadConnections: 1, unreadBytes: 120 };
    let looks = 0;
    heard.length = 0;
    await untilNothingWaits(
      app,
      (w) => heard.push(w),
      async () => (looks++, paused),
    );
    expect(looks).toBe(2);
    expect(heard).toEqual([paused]);
  });
});

describe('shutdownTimings', () => {
  it('drains 5 s (what the proxy needs to see it), never more than half of the timeout', () => {
    expect(shutdownTimings(10)).toEqual({ drainMs: 5000, timeoutMs: 10_000 });
    expect(shutdownTimings(30)).toEqual({ drainMs: 5000, timeoutMs: 30_000 });
    expect(shutdownTimings(3)).toEqual({ drainMs: 1500, timeoutMs: 3000 });
  });
});
