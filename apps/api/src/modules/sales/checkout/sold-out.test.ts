// A drop's refusals once the piece is sold out (modules/stock/sold-out.ts): the first shoppers
// told 'não tem estoque suficiente' are told so from the database, the next ones from memory in
// the same words, without a query; the owners' restock is heard at once and sells again.
import { describe, expect, it } from 'vitest';
import { call, setProduct, stockOf } from '../../../../test/checkout.js';
import { countQueries, useTestApp } from '../../../../test/helpers.js';

const ctx = useTestApp();
/** A piece sold without sizes, in the seeded catalog. */
const PIECE = 33;

const pay = () =>
  call(ctx.app, '/api/pay/', { produtos: [{ id: PIECE, quantidade: 1 }], cep: '01310100' });

describe('a sold-out piece at the checkout', () => {
  it('is refused from memory once a crowd found it at 0, in the same words, until its stock changes', async () => {
    await setProduct(ctx.database, PIECE, { stock: 1 });
    expect((await pay()).statusCode).toBe(201);

    const first = await pay();
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toMatch(/não tem estoque suficiente/);

    // Found at 0 again (a crowd, not one shopper), and then answered without the database. The
    // sale's own notification may still come in between and empty the memory: ask again.
    const deadline = Date.now() + 2_000;
    let fromMemory = false;
    while (!fromMemory && Date.now() < deadline) {
      const queries = countQueries(ctx.database);
      try {
        const again = await pay();
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual(first.json());
        fromMemory = queries.mock.calls.length === 0;
      } finally {
        queries.mockRestore();
      }
    }
    expect(fromMemory).toBe(true);

    // The owners restock it: every instance hears it on the change feed and sells it again.
    await setProduct(ctx.database, PIECE, { stock: 2 });
    const restocked = Date.now() + 2_000;
    let sold = await pay();
    while (sold.statusCode === 409 && Date.now() < restocked) {
      await new Promise((r) => setTimeout(r, 20));
      sold = await pay();
    }
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await stockOf(ctx.database, PIECE)).toBe(1);
  });
});
