/**
 * A card's reviews (issue 36): its stars and how many, small, under the price, for a piece with
 * reviews; the same line left empty for a piece without, so a row of cards keeps one height.
 */
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductSummary } from '@/lib/product';
import { installFakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { ProductCard } from './ProductCard';
import { ToastProvider } from './toast';

const ring: ProductSummary = {
  id: 5,
  name: 'Anel Aurora',
  price: '89.90',
  image: null,
  category: 'Anel',
  novo: false,
  promocao: false,
};

function show(product: ProductSummary) {
  return render(
    <ToastProvider>
      <ProductCard product={product} />
    </ToastProvider>,
    { wrapper: providers() },
  );
}
const ratingLine = () => screen.getByTestId('product-card-rating');

beforeEach(() => {
  installFakeApi({ 'GET /api/loja/': { body: {} } });
});

describe("a card's reviews", () => {
  it('shows the stars and how many under the price', () => {
    show({ ...ring, avaliacao_media: 4.7, avaliacoes_total: 12 });
    const line = ratingLine();
    expect(within(line).getByRole('img').getAttribute('aria-label')).toBe('Nota 4,7 de 5');
    expect(line.textContent).toBe('(12)12 avaliações');
    // Under the price, inside the card's bottom block.
    const price = screen.getByText('R$ 89,90');
    expect(price.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).not.toBe(0);
    // The gold fills 4,7 of the 5 stars.
    expect(line.querySelector<HTMLElement>('[style]')?.style.width).toBe('94%');
  });

  it('says one review in the singular', () => {
    show({ ...ring, avaliacao_media: 5, avaliacoes_total: 1 });
    const line = ratingLine();
    expect(within(line).getByRole('img').getAttribute('aria-label')).toBe('Nota 5,0 de 5');
    expect(line.textContent).toBe('(1)1 avaliação');
  });

  it('keeps the line, empty, for a piece without reviews or an answer without them', () => {
    for (const product of [{ ...ring, avaliacao_media: null, avaliacoes_total: 0 }, ring]) {
      const { unmount } = show(product);
      const line = ratingLine();
      expect(line.textContent).toBe('');
      expect(line.className).toContain('h-4');
      expect(within(line).queryByRole('img')).toBeNull();
      unmount();
    }
  });
});
