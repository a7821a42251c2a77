import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { useTestApp } from '../../test/helpers.js';
import { uniqueViolation } from './db-errors.js';

const ctx = useTestApp();

const row = (email: string, cpf: string) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  cpf,
  phone: '11987654321',
  birthdate: '1990-01-01',
  passwordHash: 'x',
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('uniqueViolation (through Drizzle, on this driver)', () => {
  it('names the constraint of a duplicate e-mail or CPF, and ignores other errors', async () => {
    const db = ctx.database.db;
    await db.insert(users).values(row('unica@x.com', '52998224725'));
    const email = await failure(() => db.insert(users).values(row('unica@x.com', '11144477735')));
    expect(uniqueViolation(email)).toBe('users_email_unique');
    const cpf = await failure(() => db.insert(users).values(row('outra@x.com', '52998224725')));
    expect(uniqueViolation(cpf)).toBe('users_cpf_unique');
    // A check constraint (upper-case e-mail) is not a duplicate.
    const check = await failure(() => db.insert(users).values(row('A@x.com', '39053344705')));
    expect(uniqueViolation(check)).toBeUndefined();
    expect(uniqueViolation(new Error('x'))).toBeUndefined();
  });
});
