/**
 * A customer's delivery address profiles (docs/addresses-contract.md). Every change runs in one
 * transaction that first locks her `users` row, so her profile changes take turns: "exactly one
 * default while she has any" holds however many tabs save at once. The partial unique index
 * (one default per user) and the unique (user, lower(name)) index are the last line of defence.
 *
 * The user id always comes from the token, never from the request.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MAX_ADDRESS_PROFILES, type NormalizedAddressProfile } from '@semijoias/domain/address';
import {
  ADDRESS_PROFILE_LIMIT_REACHED,
  ADDRESS_PROFILE_NAME_TAKEN,
  ADDRESS_PROFILE_NOT_FOUND,
} from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { addressProfiles, users, type AddressProfileRow } from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';

function nameTaken(): ConflictError {
  return new ConflictError(
    ADDRESS_PROFILE_NAME_TAKEN,
    { nome_perfil: [ADDRESS_PROFILE_NAME_TAKEN] },
    { success: false, message: ADDRESS_PROFILE_NAME_TAKEN },
  );
}

function notFound(): NotFoundError {
  return new NotFoundError(ADDRESS_PROFILE_NOT_FOUND, undefined, {
    success: false,
    message: ADDRESS_PROFILE_NOT_FOUND,
  });
}

/** The profile's columns from the validated, normalized body (is_default is decided apart). */
function columns(value: NormalizedAddressProfile) {
  return {
    nomePerfil: value.nome_perfil,
    nomeCompleto: value.nome_completo,
    email: value.email,
    cpf: value.cpf,
    telefone: value.telefone,
    cep: value.cep,
    endereco: value.endereco,
    numero: value.numero,
    complemento: value.complemento,
    bairro: value.bairro,
    cidade: value.cidade,
    estado: value.estado,
  };
}

/** Runs `work` in a transaction holding the customer's row lock; a duplicate name is a 409. */
async function asCustomer<T>(db: Db, userId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return work(tx);
    });
  } catch (err) {
    if (uniqueViolation(err)?.includes('nome_perfil')) throw nameTaken();
    throw err;
  }
}

async function clearDefault(tx: Db, userId: number): Promise<void> {
  await tx
    .update(addressProfiles)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(addressProfiles.userId, userId), eq(addressProfiles.isDefault, true)));
}

async function findOwn(tx: Db, userId: number, id: number): Promise<AddressProfileRow> {
  const [row] = await tx
    .select()
    .from(addressProfiles)
    .where(and(eq(addressProfiles.userId, userId), eq(addressProfiles.id, id)));
  if (!row) throw notFound();
  return row;
}

export function createAddressService(db: Db) {
  return {
    /** Her profiles, the default first, then oldest first. */
    list(userId: number): Promise<AddressProfileRow[]> {
      return db
        .select()
        .from(addressProfiles)
        .where(eq(addressProfiles.userId, userId))
        .orderBy(
          desc(addressProfiles.isDefault),
          asc(addressProfiles.createdAt),
          asc(addressProfiles.id),
        );
    },

    /** Her first profile becomes the default whatever the body says; `is_default` moves it. */
    create(userId: number, value: NormalizedAddressProfile): Promise<AddressProfileRow> {
      return asCustomer(db, userId, async (tx) => {
        const [stats] = await tx
          .select({
            total: sql<number>`count(*)::int`,
            defaults: sql<number>`count(*) filter (where ${addressProfiles.isDefault})::int`,
          })
          .from(addressProfiles)
          .where(eq(addressProfiles.userId, userId));
        if ((stats?.total ?? 0) >= MAX_ADDRESS_PROFILES) {
          throw new ValidationError(ADDRESS_PROFILE_LIMIT_REACHED, undefined, {
            success: false,
            message: ADDRESS_PROFILE_LIMIT_REACHED,
          });
        }
        const isDefault = (stats?.defaults ?? 0) === 0 || value.is_default;
        if (isDefault) await clearDefault(tx, userId);
        const [row] = await tx
          .insert(addressProfiles)
          .values({ userId, ...columns(value), isDefault })
          .returning();
        return row!;
      });
    },

    /**
     * Replaces the profile's fields. `is_default: true` makes it the default; `false` on the
     * current default keeps it (she would otherwise be left without one: she picks another).
     */
    update(
      userId: number,
      id: number,
      value: NormalizedAddressProfile,
    ): Promise<AddressProfileRow> {
      return asCustomer(db, userId, async (tx) => {
        const current = await findOwn(tx, userId, id);
        const isDefault = current.isDefault || value.is_default;
        if (isDefault && !current.isDefault) await clearDefault(tx, userId);
        const [row] = await tx
          .update(addressProfiles)
          .set({ ...columns(value), isDefault, updatedAt: sql`now()` })
          .where(and(eq(addressProfiles.userId, userId), eq(addressProfiles.id, id)))
          .returning();
        return row!;
      });
    },

    /** Deleting the default promotes her oldest remaining profile. */
    remove(userId: number, id: number): Promise<void> {
      return asCustomer(db, userId, async (tx) => {
        const [gone] = await tx
          .delete(addressProfiles)
          .where(and(eq(addressProfiles.userId, userId), eq(addressProfiles.id, id)))
          .returning({ isDefault: addressProfiles.isDefault });
        if (!gone) throw notFound();
        if (!gone.isDefault) return;
        const [next] = await tx
          .select({ id: addressProfiles.id })
          .from(addressProfiles)
          .where(eq(addressProfiles.userId, userId))
          .orderBy(asc(addressProfiles.createdAt), asc(addressProfiles.id))
          .limit(1);
        if (next) {
          await tx
            .update(addressProfiles)
            .set({ isDefault: true, updatedAt: sql`now()` })
            .where(eq(addressProfiles.id, next.id));
        }
      });
    },

    setDefault(userId: number, id: number): Promise<void> {
      return asCustomer(db, userId, async (tx) => {
        const current = await findOwn(tx, userId, id);
        if (current.isDefault) return;
        await clearDefault(tx, userId);
        await tx
          .update(addressProfiles)
          .set({ isDefault: true, updatedAt: sql`now()` })
          .where(eq(addressProfiles.id, id));
      });
    },
  };
}
