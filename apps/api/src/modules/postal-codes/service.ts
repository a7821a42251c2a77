/**
 * Postal-code lookups with their cache in `cep_lookups`: an address found is kept 30 days (CEPs
 * rarely change), "does not exist" one day (new CEPs appear), and a failure never (the next
 * shopper tries again). Expired entries are looked up again; when that lookup fails, a found
 * address already known is still served (stale beats 'Erro ao validar CEP' for a street that
 * was there last month), while a stale "not found" is not (it would wrongly refuse a new CEP).
 *
 * Each instance also keeps the rows it has read for a few minutes (never past their own
 * freshness): in a drop a thousand shoppers look up the same few CEPs, and one read of the table
 * each was a fifth of the call's cost (issue 32). The table stays what instances share.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { cepLookups } from '../../db/schema.js';
import {
  CepLookupFailure,
  type CepAddress,
  type PostalCodeLookup,
} from '../../integrations/postal-codes/viacep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const FOUND_TTL_MS = 30 * DAY_MS;
export const NOT_FOUND_TTL_MS = DAY_MS;
/** How long an instance trusts its own copy of a row before it reads the table again. */
export const KEPT_IN_MEMORY_MS = 10 * 60 * 1000;
/** The most rows an instance keeps (about 100 bytes each); the oldest kept goes first. */
const KEPT_MAX = 5000;

export type CepResult =
  { kind: 'found'; address: CepAddress } | { kind: 'not-found' } | { kind: 'failed' };

type Log = Pick<FastifyBaseLogger, 'warn'>;

export interface PostalCodeServiceOptions {
  db: Db;
  lookup: PostalCodeLookup;
  /** Injected by tests. */
  now?: () => number;
}

type CachedRow = typeof cepLookups.$inferSelect;

function fromRow(row: CachedRow): CepResult {
  if (!row.found) return { kind: 'not-found' };
  const { logradouro, bairro, cidade, estado } = row;
  return { kind: 'found', address: { logradouro, bairro, cidade, estado } };
}

export type PostalCodeService = ReturnType<typeof createPostalCodeService>;

export function createPostalCodeService({ db, lookup, now = Date.now }: PostalCodeServiceOptions) {
  function isFresh(row: CachedRow): boolean {
    const ttl = row.found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    return now() - row.fetchedAt.getTime() < ttl;
  }

  /** This instance's copies of fresh rows, in the order they were kept. */
  const kept = new Map<string, { row: CachedRow; until: number }>();

  function keptRow(cep: string): CachedRow | undefined {
    const copy = kept.get(cep);
    if (!copy) return undefined;
    if (now() < copy.until && isFresh(copy.row)) return copy.row;
    kept.delete(cep);
    return undefined;
  }

  function keep(row: CachedRow): void {
    if (!isFresh(row)) return;
    kept.delete(row.cep);
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.set(row.cep, { row, until: now() + KEPT_IN_MEMORY_MS });
  }

  /** One call to ViaCEP at a time per CEP: shoppers asking for it meanwhile share its answer. */
  const inFlight = new Map<string, Promise<CepResult>>();

  async function remember(cep: string, address: CepAddress | null): Promise<void> {
    const values = {
      found: address !== null,
      logradouro: address?.logradouro ?? '',
      bairro: address?.bairro ?? '',
      cidade: address?.cidade ?? '',
      estado: address?.estado ?? '',
      fetchedAt: new Date(now()),
    };
    await db
      .insert(cepLookups)
      .values({ cep, ...values })
      .onConflictDoUpdate({ target: cepLookups.cep, set: values });
    keep({ cep, ...values });
  }

  return {
    /**
     * `cep` is 8 digits. Never throws for an outside failure: that is `{kind: 'failed'}`.
     * `beforeLookup` runs only when ViaCEP is about to be called (the per-address limit: what
     * is known already costs nobody anything); its throw ends the call.
     */
    async find(cep: string, log: Log, beforeLookup?: () => Promise<void>): Promise<CepResult> {
      const copy = keptRow(cep);
      if (copy) return fromRow(copy);
      const [cached] = await db.select().from(cepLookups).where(eq(cepLookups.cep, cep));
      if (cached && isFresh(cached)) {
        keep(cached);
        return fromRow(cached);
      }
      // Someone is asking ViaCEP for it right now: her answer is that one, and costs her nothing
      // (a crowd behind one address typing the same new CEP makes one call, counted once).
      const pending = inFlight.get(cep);
      if (pending) {
        const shared = await pending.catch(() => undefined);
        if (shared) return shared;
        // The first asker was refused (her limit): this one asks on her own.
      }
      const asked = (async () => {
        await beforeLookup?.();
        return askViaCep(cep, cached, log);
      })();
      if (!pending) {
        inFlight.set(cep, asked);
        void asked
          .catch(() => undefined)
          .finally(() => {
            if (inFlight.get(cep) === asked) inFlight.delete(cep);
          });
      }
      try {
        return await asked;
      } catch (err) {
        // Over her limit: an address known from before still beats a refusal.
        if (cached?.found) return fromRow(cached);
        throw err;
      }
    },

    /**
     * Forgets this instance's copies: the next lookups read the table. For tests that change
     * `cep_lookups` behind the store's back (emptied, or a row aged).
     */
    forgetKept(): void {
      kept.clear();
    },
  };

  async function askViaCep(
    cep: string,
    cached: CachedRow | undefined,
    log: Log,
  ): Promise<CepResult> {
    let answer;
    try {
      answer = await lookup.lookup(cep);
    } catch (err) {
      if (!(err instanceof CepLookupFailure)) throw err;
      const staleAddress = cached?.found === true;
      log.warn(
        { cep, reason: err.reason, servedStale: staleAddress },
        'consulta de CEP ao ViaCEP falhou',
      );
      return staleAddress ? fromRow(cached) : { kind: 'failed' };
    }
    await remember(cep, answer.found ? answer.address : null);
    return answer.found ? { kind: 'found', address: answer.address } : { kind: 'not-found' };
  }
}
