/**
 * Her cart's lines kept in memory between her calls (issue 32: an authenticated cart read ran a
 * query per call, 0.04 of the bare route). They change only when her cart does, or a piece in it
 * (its price, name, picture, visibility, stock), and the database says both on the change feed
 * (migrations 0013, 0015) to every instance: `cart:<user ids>`, a change of the catalog, or
 * `stock:<product ids>`. So the lines are kept while the feed listens and forgotten the moment it
 * speaks of them, or stops listening. Her own write through this instance forgets them first
 * (the cart service), so the answer to a write is always read from the database.
 *
 * Her cart's CEP is kept the same way (migration 0033 says `cart:<id>` when it changes): each
 * freight quote remembers the CEP she quoted, and only a CEP other than the one this instance
 * last wrote for her is written (issue 32: one UPDATE per logged-in quote before).
 */
import type { ChangeFeed } from '../catalog/index.js';

/** What is kept of a line: anything naming its product (the service's CartLineRecord). */
interface Line {
  productId: number;
}

export interface KeptCartLines {
  /** Her lines: kept ones, or `load`'s (kept when nothing changed meanwhile). */
  read<L extends Line>(userId: number, load: () => Promise<L[]>): Promise<L[]>;
  /** Forgets her lines now (before her own write's answer is read). */
  forget(userId: number): void;
  /**
   * Writes her cart's CEP with `write` unless it is the one kept, and keeps it when nothing was
   * heard of her cart meanwhile.
   */
  rememberCep(userId: number, cep: string, write: () => Promise<void>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Carts kept (for tests and logs). */
  readonly size: number;
}

/** Carts kept at most; past it the memory starts again. */
const CARTS_KEPT = 20_000;

export function keepCartLines(feed: ChangeFeed): KeptCartLines {
  const kept = new Map<number, { lines: Line[]; products: ReadonlySet<number> }>();
  const ceps = new Map<number, string>();
  let listening = false;
  // Bumped on every change heard: a read that began before one is not kept.
  let version = 0;

  function forgetAll(): void {
    version++;
    kept.clear();
    ceps.clear();
  }

  function forgetProducts(ids: readonly number[]): void {
    version++;
    for (const [userId, cart] of kept) {
      if (ids.some((id) => cart.products.has(id))) kept.delete(userId);
    }
  }

  return {
    async read(userId, load) {
      const hit = listening ? kept.get(userId) : undefined;
      // Kept by the same load (one service's lines): the type it was read with.
      if (hit) return hit.lines as never;
      const startedAt = version;
      const lines = await load();
      if (listening && version === startedAt) {
        if (kept.size >= CARTS_KEPT) kept.clear();
        kept.set(userId, { lines, products: new Set(lines.map((l) => l.productId)) });
      }
      return lines;
    },

    forget(userId) {
      version++;
      kept.delete(userId);
    },

    async rememberCep(userId, cep, write) {
      if (listening && ceps.get(userId) === cep) return;
      const startedAt = version;
      await write();
      if (listening && version === startedAt) {
        if (ceps.size >= CARTS_KEPT) ceps.clear();
        ceps.set(userId, cep);
      }
    },

    async start() {
      await feed.start({
        changed(change) {
          switch (change.kind) {
            case 'cart':
              if (change.users === null) forgetAll();
              else {
                version++;
                for (const id of change.users) {
                  kept.delete(id);
                  ceps.delete(id);
                }
              }
              return;
            case 'stock':
              if (change.products === null) forgetAll();
              else forgetProducts(change.products);
              return;
            case 'catalog':
              forgetAll();
              return;
            // A change of band comes after its 'stock', heard above.
            case 'shown':
            case 'session':
              return;
          }
        },
        listening(on) {
          listening = on;
          forgetAll();
        },
      });
    },

    async stop() {
      listening = false;
      forgetAll();
      await feed.stop();
    },

    get size() {
      return kept.size;
    },
  };
}
