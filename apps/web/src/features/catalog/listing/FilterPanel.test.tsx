/**
 * The filters' panel: what the listing offers, with its counts; each choice goes out at once;
 * the price range on 'Aplicar', turned when typed the wrong way round.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { NO_LISTING_FILTERS, type ListingFilters } from '@semijoias/domain/listing';
import type { ListingFacets } from '../api/listing-facets';
import { FilterPanel } from './FilterPanel';

const facets: ListingFacets = {
  total: 58,
  banhos: [
    { codigo: 'dourado', nome: 'Dourado', quantidade: 26 },
    { codigo: 'rose', nome: 'Rosé', quantidade: 6 },
  ],
  tamanhos: [
    { nome: '14', quantidade: 20 },
    { nome: '16', quantidade: 21 },
  ],
  preco_min: '49.90',
  preco_max: '179.90',
  promocao: 9,
};

function show(filters: ListingFilters = NO_LISTING_FILTERS, at = '/aneis?ordem=menor-preco') {
  const onChange = vi.fn<(next: ListingFilters) => void>();
  render(
    <MemoryRouter initialEntries={[at]}>
      <FilterPanel facets={facets} filters={filters} onChange={onChange} idPrefix="t" />
    </MemoryRouter>,
  );
  return onChange;
}

describe('FilterPanel', () => {
  it('offers only what the listing has, with counts', () => {
    show();
    expect(screen.getByRole('checkbox', { name: /^Dourado\s*26$/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^Rosé\s*6$/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Ródio/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^Em promoção\s*9$/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Tamanho/ }).map((b) => b.textContent)).toEqual([
      '14',
      '16',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('De (R$)').placeholder).toBe('49');
    expect(screen.getByLabelText<HTMLInputElement>('Até (R$)').placeholder).toBe('180');
  });

  it('a choice goes out at once; one chosen shows even when the listing has it no more', () => {
    const onChange = show({ ...NO_LISTING_FILTERS, sizes: ['26'], platings: ['rodio'] });
    expect(
      screen.getByRole('button', { name: 'Tamanho 26 (0)' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Ródio/ }).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Dourado/ }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ platings: ['rodio', 'dourado'] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tamanho 26 (0)' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ sizes: [] }));
  });

  it("the price range on 'Aplicar', as typed, turned when the wrong way round", () => {
    const onChange = show();
    fireEvent.change(screen.getByLabelText('De (R$)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Até (R$)'), { target: { value: '49,90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ priceMinCents: 4990, priceMaxCents: 15000 }),
    );
  });

  it("without JavaScript the range's form keeps the address's other choices", () => {
    show(NO_LISTING_FILTERS, '/busca?q=anel&ordem=menor-preco&preco_min=10&pagina=3');
    const form = screen.getByTestId('price-range');
    const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [
      i.name,
      i.value,
    ]);
    expect(hidden).toEqual([
      ['q', 'anel'],
      ['ordem', 'menor-preco'],
    ]);
  });
});
