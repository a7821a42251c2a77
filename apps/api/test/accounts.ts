/**
 * Account fixtures for API tests: valid sign-up payloads (a fresh e-mail and CPF each), and
 * helpers that register, verify and log in through the real calls.
 */
import type { RegistrationPayload } from '@semijoias/domain/registration';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import type { MailMessage } from '../src/integrations/mail/mailer.js';

let serial = 0;

/** A valid CPF (check digits computed) from a 9-digit base. */
export function makeCpf(base: number): string {
  const digits = String(base % 1_000_000_000)
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (new Set(digits).size === 1) digits[0] = (digits[0]! + 1) % 10;
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export const GOOD_PASSWORD = 'Semijoia2024';

export function maskedCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

export type SignUp = RegistrationPayload;

export function signUpPayload(overrides: Partial<SignUp> = {}): SignUp {
  serial += 1;
  const n = process.pid * 1000 + serial + Math.floor(Math.random() * 1000) * 1_000_000;
  return {
    firstName: 'Ana',
    lastName: 'Souza',
    email: `ana.${n}@exemplo.com.br`,
    phone: '(11) 98765-4321',
    cpf: maskedCpf(makeCpf(n)),
    birthdate: '1990-05-17',
    password: GOOD_PASSWORD,
    ...overrides,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call of the API with her bearer `token` (or none, undefined), a JSON body when `payload` is
 * given, and any other `headers`. Answers the call, whatever its status.
 */
export function apiCall(
  app: FastifyInstance,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** POST `payload` to `url`, with her bearer when `token` is given. */
export function post(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return apiCall(app, token, 'POST', url, payload);
}

/**
 * The token in the newest message's link to `to` (verification or reset), among messages
 * delivered: `tokenFromMail(await sentMail(app, mailer), email)`.
 */
export function tokenFromMail(sent: MailMessage[], to: string): string {
  const message = [...sent].reverse().find((m) => m.to === to.toLowerCase());
  expect(message, `no e-mail to ${to}`).toBeDefined();
  const link = message!.links[0]!;
  const url = new URL(link);
  return url.searchParams.get('token') ?? decodeURIComponent(url.pathname.split('/').pop()!);
}

export async function register(app: FastifyInstance, overrides: Partial<SignUp> = {}) {
  const payload = signUpPayload(overrides);
  const res = await post(app, '/api/users/', payload);
  expect(res.statusCode, res.body).toBe(201);
  return payload;
}

/**
 * Registers and marks the e-mail verified straight in the database, as opening the link does
 * while the address is in the app's ADMIN_EMAILS (users.owner_email: an owner when listed).
 */
export async function verifiedUser(
  app: FastifyInstance,
  database: Database,
  overrides: Partial<SignUp> = {},
) {
  const payload = await register(app, overrides);
  await database.db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, ownerEmail: sql`email` })
    .where(eq(users.email, payload.email.toLowerCase()));
  return payload;
}

export async function login(app: FastifyInstance, email: string, password = GOOD_PASSWORD) {
  const res = await post(app, '/api/token/', { username: email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access: string; refresh: string };
}

export async function userCount(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

/** The id of the account with this e-mail (written as she typed it or not). */
export async function userIdOf(database: Database, email: string): Promise<number> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  expect(row, `no account ${email}`).toBeDefined();
  return row!.id;
}

/** Registers and verifies a customer (verifiedUser); answers her id. */
export async function verifiedUserId(
  app: FastifyInstance,
  database: Database,
  overrides: Partial<SignUp> = {},
): Promise<number> {
  return userIdOf(database, (await verifiedUser(app, database, overrides)).email);
}

export interface LoggedInCustomer {
  token: string;
  userId: number;
  /** Her e-mail as the store keeps it (lower case). */
  email: string;
}

/**
 * A verified customer logged in: her access token, her user id and her e-mail. `overrides` change
 * her sign-up (`aceita_marketing: true`: she agreed to the store's marketing e-mail).
 */
export async function loggedInCustomer(
  app: FastifyInstance,
  database: Database,
  overrides: Partial<SignUp> = {},
): Promise<LoggedInCustomer> {
  const user = await verifiedUser(app, database, overrides);
  const { access } = await login(app, user.email);
  const email = user.email.toLowerCase();
  return { token: access, userId: await userIdOf(database, email), email };
}

/**
 * The one-click unsubscribe (RFC 8058) as a mail provider makes it: a form POST of
 * `List-Unsubscribe=One-Click` to the message's List-Unsubscribe URL (its path and query), with no
 * login. Answers the call.
 */
export function oneClickUnsubscribe(app: FastifyInstance, url: string | URL) {
  const { pathname, search } = new URL(url);
  return app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}
