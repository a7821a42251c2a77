/**
 * The shelves this instance found sold out, kept until the database says their stock changed.
 *
 * A drop sells out in seconds and then hundreds of shoppers still press 'Finalizar': each refusal
 * read the piece, its sizes and its stock from the database (three queries), 2,500 of the drop's
 * 6,500, while the pool's 10 connections were the queue every call waited in (issue 32). A shelf
 * read at 0 twice in two seconds is remembered with the words it was refused in, and forgotten
 * the moment the change feed says its piece's stock left 'Esgotado' ('shown:<ids>'), speaks of
 * the whole catalog, or stops listening: an owner's restock or a cancellation's give-back is
 * heard as soon as it is committed, on every instance. Only refusals come from here: an order is
 * always taken by the stock's guard.
 */
import type { ChangeFeed } from '../catalog/index.js';
import type { Shelf } from './shelf.js';

export interface SoldOutShelves {
  /** The words a line of this shelf was refused in, while it is known to be sold out. */
  refusal(shelf: Shelf): string | undefined;
  /** Where the feed stands now: pass it to {@link remember} after the read that found 0. */
  readonly version: number;
  /**
   * A shelf read at 0 since `version` (nothing is kept when a change came meanwhile): kept the
   * second time within {@link REPEAT_WINDOW_MS}.
   */
  remember(shelf: Shelf, version: number, refusal: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Shelves kept at most; past it the memory starts again. */
const SHELVES_KEPT = 10_000;
/**
 * A shelf is kept once found at 0 twice within this window: a crowd pressing 'Finalizar', not one
 * shopper. A single refusal is read from the database, so a piece restocked right after it sells
 * at once, before the change feed has even said so.
 */
const REPEAT_WINDOW_MS = 2_000;

const keyOf = (shelf: Shelf) => `${shelf.productId}:${shelf.variationId ?? ''}`;

export function rememberSoldOut(feed: ChangeFeed): SoldOutShelves {
  /** shelf key -> the refusal's words; by product, to forget a piece's shelves at once. */
  const kept = new Map<number, Map<string, string>>();
  /** shelf key -> when it was first found at 0, waiting for a second time. */
  const once = new Map<string, number>();
  let size = 0;
  let listening = false;
  // Bumped on every change heard: a read that began before one is not kept.
  let version = 0;

  function forgetAll(): void {
    version++;
    kept.clear();
    once.clear();
    size = 0;
  }

  function forgetProducts(ids: readonly number[]): void {
    version++;
    for (const id of ids) {
      size -= kept.get(id)?.size ?? 0;
      kept.delete(id);
    }
    const gone = new Set(ids.map(String));
    for (const key of once.keys()) if (gone.has(key.slice(0, key.indexOf(':')))) once.delete(key);
  }

  return {
    refusal(shelf) {
      return listening ? kept.get(shelf.productId)?.get(keyOf(shelf)) : undefined;
    },
    get version() {
      return version;
    },
    remember(shelf, since, refusal) {
      if (!listening || since !== version) return;
      const key = keyOf(shelf);
      const now = Date.now();
      const first = once.get(key);
      if (first === undefined || now - first > REPEAT_WINDOW_MS) {
        if (once.size >= SHELVES_KEPT) once.clear();
        once.set(key, now);
        return;
      }
      once.delete(key);
      if (size >= SHELVES_KEPT) forgetAll();
      let shelves = kept.get(shelf.productId);
      if (!shelves) kept.set(shelf.productId, (shelves = new Map()));
      if (!shelves.has(key)) size++;
      shelves.set(key, refusal);
    },
    async start() {
      await feed.start({
        changed(change) {
          switch (change.kind) {
            // A shelf at 0 sells again only by leaving 'Esgotado': the trigger names its piece
            // in 'shown:<ids>' (migration 0034). Its 'stock:<ids>' also comes for every sale
            // and every payment's sales count, which leave a sold-out shelf as it is.
            case 'shown':
              if (change.products === null) forgetAll();
              else forgetProducts(change.products);
              return;
            case 'catalog':
              forgetAll();
              return;
            case 'stock':
            case 'session':
            case 'cart':
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
  };
}
