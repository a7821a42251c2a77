import {
  compareSizes,
  formatPriceParam,
  LISTING_PARAMS,
  parsePriceParam,
  platingLabel,
  PLATINGS,
  type ListingFilters,
  type PlatingCode,
} from '@semijoias/domain/listing';
import {
  LISTING_OFFERS_TITLE,
  LISTING_PLATING_TITLE,
  LISTING_PRICE_APPLY,
  LISTING_PRICE_MAX_LABEL,
  LISTING_PRICE_MIN_LABEL,
  LISTING_PRICE_TITLE,
  LISTING_PROMO_LABEL,
  LISTING_SIZE_TITLE,
} from '@semijoias/domain/messages';
import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '@/ui/cx';
import type { ListingFacets } from '../api/listing-facets';
import { LISTING_PAGE_PARAMS, PAGE_PARAM, SEARCH_PARAM } from './listing-url';

/** A price of the facets ("49.90") as the field's hint: whole reais, rounded outwards. */
function reais(decimal: string | null, round: (n: number) => number): string {
  return decimal === null ? '' : String(round(Number(decimal)));
}

/** What she typed in a price field, in centavos; null when empty or not a price. */
function typedPrice(text: string): number | null {
  return text.trim() === '' ? null : parsePriceParam(text.replace(/^R\$\s*/i, ''));
}

const typedFromCents = (cents: number | null) =>
  cents === null ? '' : formatPriceParam(cents).replace('.', ',');

const countText = (n: number) => <span className="ml-auto text-xs text-muted">{n}</span>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-line py-5 first:pt-0 last:border-b-0">
      <legend className="mb-3 float-left w-full text-xs font-semibold uppercase tracking-[0.14em] text-ink-soft">
        {title}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

/**
 * The filters of a listing (the desktop's sidebar, the phone's sheet): 'Em promoção', the price
 * range, the platings and the sizes its pieces have, each choice applied at once (`onChange`).
 * `facets` says what exists in the listing without filters; a value chosen that is not there
 * any more (an old link) still shows, so it can be taken off.
 */
export function FilterPanel({
  facets,
  filters,
  onChange,
  idPrefix,
}: {
  facets: ListingFacets | undefined;
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
  /** Distinct ids for the sidebar and the sheet, both in the page at once. */
  idPrefix: string;
}) {
  const platingCounts = new Map(facets?.banhos.map((b) => [b.codigo, b.quantidade]) ?? []);
  const platings = PLATINGS.filter(
    (p) => platingCounts.has(p.code) || filters.platings.includes(p.code),
  );
  const sizeCounts = new Map(facets?.tamanhos.map((t) => [t.nome, t.quantidade]) ?? []);
  const sizes = [...new Set([...sizeCounts.keys(), ...filters.sizes])].sort(compareSizes);
  const promoCount = facets?.promocao ?? 0;

  const togglePlating = (code: PlatingCode) =>
    onChange({
      ...filters,
      platings: filters.platings.includes(code)
        ? filters.platings.filter((c) => c !== code)
        : [...filters.platings, code],
    });
  const toggleSize = (size: string) =>
    onChange({
      ...filters,
      sizes: filters.sizes.includes(size)
        ? filters.sizes.filter((s) => s !== size)
        : [...filters.sizes, size],
    });

  return (
    <div className="text-sm">
      {(promoCount > 0 || filters.promo) && (
        <Section title={LISTING_OFFERS_TITLE}>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="h-5 w-5 accent-gold-dark"
              checked={filters.promo}
              onChange={() => onChange({ ...filters, promo: !filters.promo })}
            />
            <span className="text-ink">{LISTING_PROMO_LABEL}</span>
            {countText(promoCount)}
          </label>
        </Section>
      )}
      <Section title={LISTING_PRICE_TITLE}>
        <PriceRange
          key={`${filters.priceMinCents}-${filters.priceMaxCents}`}
          facets={facets}
          filters={filters}
          onChange={onChange}
          idPrefix={idPrefix}
        />
      </Section>
      {platings.length > 0 && (
        <Section title={LISTING_PLATING_TITLE}>
          <ul className="space-y-0.5">
            {platings.map((p) => (
              <li key={p.code}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-gold-dark"
                    checked={filters.platings.includes(p.code)}
                    onChange={() => togglePlating(p.code)}
                  />
                  <span className="text-ink">{platingLabel(p.code)}</span>
                  {countText(platingCounts.get(p.code) ?? 0)}
                </label>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {sizes.length > 0 && (
        <Section title={LISTING_SIZE_TITLE}>
          <ul className="flex flex-wrap gap-2">
            {sizes.map((size) => {
              const on = filters.sizes.includes(size);
              return (
                <li key={size}>
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-label={`Tamanho ${size} (${sizeCounts.get(size) ?? 0})`}
                    onClick={() => toggleSize(size)}
                    className={cx(
                      'inline-flex h-11 min-w-11 items-center justify-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
                      on
                        ? 'border-ink bg-ink text-ivory'
                        : 'border-line bg-white text-ink hover:border-gold-dark',
                    )}
                  >
                    {size}
                  </button>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
    </div>
  );
}

/**
 * Two fields and 'Aplicar': a range is typed whole before the listing changes. Uncontrolled (read
 * on submit): what she types before the page is hydrated stays typed.
 */
function PriceRange({
  facets,
  filters,
  onChange,
  idPrefix,
}: {
  facets: ListingFacets | undefined;
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
  idPrefix: string;
}) {
  // Before the page is hydrated (or without JavaScript) the form goes as a plain GET: the
  // address's other choices ride along, hidden. Only the listing's own (its search's words, its
  // sort and filters): a campaign's tag in the address is not one, and the server renders the
  // page it keeps without it.
  const [params] = useSearchParams();
  const kept = [...params].filter(
    ([name]) =>
      (name === SEARCH_PARAM || LISTING_PAGE_PARAMS.includes(name)) &&
      name !== LISTING_PARAMS.priceMin &&
      name !== LISTING_PARAMS.priceMax &&
      name !== PAGE_PARAM,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let low = typedPrice(String(form.get(LISTING_PARAMS.priceMin) ?? ''));
    let high = typedPrice(String(form.get(LISTING_PARAMS.priceMax) ?? ''));
    if (low !== null && high !== null && low > high) [low, high] = [high, low];
    onChange({ ...filters, priceMinCents: low, priceMaxCents: high });
  };
  return (
    <form method="get" onSubmit={submit} className="flex items-end gap-2" data-testid="price-range">
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <PriceField
        id={`${idPrefix}-preco-min`}
        label={LISTING_PRICE_MIN_LABEL}
        name={LISTING_PARAMS.priceMin}
        cents={filters.priceMinCents}
        placeholder={reais(facets?.preco_min ?? null, Math.floor)}
      />
      <PriceField
        id={`${idPrefix}-preco-max`}
        label={LISTING_PRICE_MAX_LABEL}
        name={LISTING_PARAMS.priceMax}
        cents={filters.priceMaxCents}
        placeholder={reais(facets?.preco_max ?? null, Math.ceil)}
      />
      <button
        type="submit"
        className="inline-flex h-11 shrink-0 items-center rounded-full border border-ink/25 px-4 text-sm font-medium text-ink hover:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
      >
        {LISTING_PRICE_APPLY}
      </button>
    </form>
  );
}

/** One end of the range, in reais as she types them ('49,90'); uncontrolled, read on submit. */
function PriceField({
  id,
  label,
  name,
  cents,
  placeholder,
}: {
  id: string;
  label: string;
  name: string;
  cents: number | null;
  placeholder: string;
}) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-muted">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className="block h-11 w-full rounded-xl border border-line bg-white px-3 text-[1rem] text-ink outline-none placeholder:text-muted/70 focus:border-gold-dark focus:ring-2 focus:ring-gold/40"
        name={name}
        defaultValue={typedFromCents(cents)}
        placeholder={placeholder}
      />
    </div>
  );
}
