/**
 * Which pages the server may keep for every visitor, and for how long (entry-server.tsx): the
 * home is kept and its featured pieces drawn again every minute; a category is kept until its
 * catalog changes; the cart's and the account's pages are never shared.
 */
import { describe, expect, it } from 'vitest';
import { HOME_FEATURED_RENEW_SECONDS } from '@semijoias/domain/catalog';
import { sharedPageKey, sharedPageMaxAgeMs } from '@/entry-server';

const ORIGIN = 'https://loja.exemplo.com.br';

describe('pages kept for everyone', () => {
  it('the home: one page for every visitor, its random draw renewed every minute', () => {
    expect(sharedPageKey('/', ORIGIN)).toBe('/');
    expect(sharedPageMaxAgeMs('/', ORIGIN)).toBe(HOME_FEATURED_RENEW_SECONDS * 1000);
    // The drop's link from Instagram finds the same page; a parameter nobody knows does not.
    expect(sharedPageKey('/?utm_source=instagram&utm_campaign=drop&igshid=abc', ORIGIN)).toBe('/');
    expect(sharedPageKey('/aneis?fbclid=x&pagina=2', ORIGIN)).toBe('/aneis?pagina=2');
    expect(sharedPageKey('/?cupom=X', ORIGIN)).toBeNull();
  });

  it('a category: kept until the catalog changes, with no age', () => {
    expect(sharedPageKey('/aneis?pagina=2', ORIGIN)).toBe('/aneis?pagina=2');
    expect(sharedPageMaxAgeMs('/aneis', ORIGIN)).toBeUndefined();
  });

  it('pages of her own are never shared', () => {
    for (const path of ['/carrinho', '/checkout', '/minha-conta']) {
      expect(sharedPageKey(path, ORIGIN)).toBeNull();
    }
  });
});
