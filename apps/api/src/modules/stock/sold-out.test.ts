// The shelves found sold out (sold-out.ts): kept while the feed listens, forgotten the moment it
// names their piece, and never kept from a read that a change overtook.
import { describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../catalog/index.js';
import { rememberSoldOut, type SoldOutShelves } from './sold-out.js';

function fakeFeed() {
  const feed = {} as ChangeFeed & { handlers?: Parameters<ChangeFeed['start']>[0] };
  feed.start = async (h) => {
    feed.handlers = h;
    h.listening(true);
  };
  feed.stop = async () => feed.handlers?.listening(false);
  return feed;
}

const ring = { productId: 7, variationId: null };
const size = { productId: 9, variationId: 3 };
const otherSize = { productId: 9, variationId: 4 };
const WORDS = 'O produto Anel não tem estoque suficiente.';

/** Found at 0 twice, as a crowd's refusals are: the second one keeps it. */
function twice(soldOut: SoldOutShelves, shelf: typeof ring | typeof size, words = WORDS) {
  soldOut.remember(shelf, soldOut.version, words);
  soldOut.remember(shelf, soldOut.version, words);
}

async function started() {
  const feed = fakeFeed();
  const soldOut = rememberSoldOut(feed);
  await soldOut.start();
  return { feed, soldOut, heard: feed.handlers! };
}

describe('the shelves found sold out', () => {
  it('are refused in the words they were refused in, each shelf on its own', async () => {
    const { soldOut } = await started();
    twice(soldOut, ring);
    twice(soldOut, size, 'outras palavras');
    expect(soldOut.refusal(ring)).toBe(WORDS);
    expect(soldOut.refusal(size)).toBe('outras palavras');
    expect(soldOut.refusal(otherSize)).toBeUndefined();
    expect(soldOut.refusal({ productId: 8, variationId: null })).toBeUndefined();
  });

  it("are forgotten when their piece's stock leaves 'Esgotado', and kept for another piece's", async () => {
    const { soldOut, heard } = await started();
    twice(soldOut, ring);
    twice(soldOut, size);
    heard.changed({ kind: 'shown', products: [9] });
    expect(soldOut.refusal(size)).toBeUndefined();
    expect(soldOut.refusal(ring)).toBe(WORDS);
    // A stock change within its band (another size's sale, a payment's sales count) leaves a
    // shelf at 0 as it is; a cart is not stock.
    heard.changed({ kind: 'stock', products: [7] });
    heard.changed({ kind: 'stock', products: null });
    heard.changed({ kind: 'cart', users: null });
    expect(soldOut.refusal(ring)).toBe(WORDS);
    heard.changed({ kind: 'shown', products: [7] });
    expect(soldOut.refusal(ring)).toBeUndefined();
  });

  it('are all forgotten on a change not naming its pieces, and while the feed does not listen', async () => {
    const { soldOut, heard } = await started();
    for (const change of [
      { kind: 'shown', products: null } as const,
      { kind: 'catalog' } as const,
    ]) {
      twice(soldOut, ring);
      heard.changed(change);
      expect(soldOut.refusal(ring)).toBeUndefined();
    }
    twice(soldOut, ring);
    heard.listening(false);
    expect(soldOut.refusal(ring)).toBeUndefined();
    // Not listening, nothing is kept: a restock would go unheard.
    twice(soldOut, ring);
    expect(soldOut.refusal(ring)).toBeUndefined();
  });

  it('keeps nothing from a read that began before a change was heard', async () => {
    const { soldOut, heard } = await started();
    soldOut.remember(ring, soldOut.version, WORDS);
    const readBegan = soldOut.version;
    // The owners restock the piece while its second 0 is on its way back.
    heard.changed({ kind: 'shown', products: [1] });
    soldOut.remember(ring, readBegan, WORDS);
    expect(soldOut.refusal(ring)).toBeUndefined();
  });

  it('keeps a shelf only when found at 0 twice within two seconds: one refusal is read again', async () => {
    const { soldOut } = await started();
    soldOut.remember(ring, soldOut.version, WORDS);
    expect(soldOut.refusal(ring)).toBeUndefined();
    soldOut.remember(ring, soldOut.version, WORDS);
    expect(soldOut.refusal(ring)).toBe(WORDS);

    const later = Date.now() + 60_000;
    const clock = vi.spyOn(Date, 'now');
    try {
      soldOut.remember(size, soldOut.version, WORDS);
      clock.mockReturnValue(later);
      soldOut.remember(size, soldOut.version, WORDS);
      expect(soldOut.refusal(size)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });
});
