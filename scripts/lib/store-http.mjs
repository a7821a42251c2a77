// A shopper's and an owner's way through the built store over HTTP, for the scripts that drive it
// (the restore drill, the backup bench): JSON calls, sign-up with the verification link the store
// wrote to DATA_DIR/outbox, and an owner's second factor (RFC 6238 codes computed here).
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpfFor } from '../../bench/rehearsal/sale.mjs';

export const PASSWORD = 'Semijoia2024';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function check(condition, what) {
  if (!condition) throw new Error(what);
}

export function client(origin) {
  async function call(method, path, { token, body, headers = {} } = {}) {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !Buffer.isBuffer(body)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    let json = null;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      // not JSON (a picture, a backup)
    }
    return { status: res.status, json, bytes, headers: res.headers };
  }
  return call;
}

export function expectStatus(res, status, what) {
  check(
    res.status === status,
    `${what}: ${res.status} ${res.bytes.toString('utf8').slice(0, 300)}`,
  );
  return res.json;
}

/** The verification link the store wrote to DATA_DIR/outbox (no SMTP here). */
export async function verificationToken(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [];
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(outbox, file), 'utf8'));
      if (!message.to.includes(email)) continue;
      const link = message.links.find((l) => l.includes('/verificar-email'));
      if (link) return new URL(link).searchParams.get('token');
    }
    await sleep(100);
  }
  throw new Error(`restore-drill: no verification e-mail for ${email}`);
}

/**
 * The owner's second factor is set up only from the link e-mailed to her (issue 33): asks for it
 * and reads its token from DATA_DIR/outbox (the newest such link to her).
 */
export async function secondFactorSetupToken(call, dataDir, email, access) {
  const outbox = join(dataDir, 'outbox');
  const seen = () =>
    (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : []).sort();
  const before = new Set(seen());
  expectStatus(
    await call('POST', '/api/segundo-fator/link/', { token: access }),
    200,
    'second factor link',
  );
  for (let i = 0; i < 100; i++) {
    for (const file of seen().filter((f) => !before.has(f))) {
      const message = JSON.parse(readFileSync(join(outbox, file), 'utf8'));
      if (!message.to.includes(email)) continue;
      const link = message.links.find((l) => l.includes('segundo-fator=configurar'));
      if (link) return new URL(link).searchParams.get('token');
    }
    await sleep(100);
  }
  throw new Error(`no second-factor link for ${email}`);
}

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/[\s=-]/g, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits. */
export function totp(secret, step = Math.floor(Date.now() / 30_000)) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export async function verifiedAccount(
  call,
  dataDir,
  n,
  email,
  name = { firstName: 'Cliente', lastName: `Ensaio ${n}` },
) {
  const created = await call('POST', '/api/users/', {
    body: {
      ...name,
      email,
      cpf: cpfFor(900 + n),
      phone: `119876500${String(n).padStart(2, '0')}`,
      birthdate: '1990-05-17',
      password: PASSWORD,
    },
  });
  expectStatus(created, 201, `sign-up of ${email}`);
  const token = await verificationToken(dataDir, email);
  expectStatus(await call('POST', '/api/verify_email/', { body: { token } }), 200, 'verification');
  return expectStatus(
    await call('POST', '/api/token/', { body: { username: email, password: PASSWORD } }),
    200,
    `login of ${email}`,
  );
}

/** The owner's account with her authenticator set up: tokens that carry the second factor. */
export async function ownerWithSecondFactor(call, dataDir, email) {
  const pair = await verifiedAccount(call, dataDir, 0, email, {
    firstName: 'Ana',
    lastName: 'Dona',
  });
  const link = await secondFactorSetupToken(call, dataDir, email, pair.access);
  const setup = expectStatus(
    await call('POST', '/api/segundo-fator/configurar/', {
      token: pair.access,
      body: { token: link },
    }),
    200,
    'second factor setup',
  );
  const active = expectStatus(
    await call('POST', '/api/segundo-fator/ativar/', {
      token: pair.access,
      body: { codigo: totp(setup.segredo) },
    }),
    200,
    'second factor activation',
  );
  return { access: active.access, recovery: active.codigos_recuperacao };
}
