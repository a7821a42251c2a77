import * as Dialog from '@radix-ui/react-dialog';
import type { ListingFilters } from '@semijoias/domain/listing';
import {
  LISTING_CLEAR_FILTERS,
  LISTING_FILTERS_TITLE,
  LISTING_SHOW_RESULTS,
  listingShowResultsText,
} from '@semijoias/domain/messages';
import { CloseIcon } from '@/ui/icons';
import { useFocusReturn } from '@/ui/focus-return';
import type { ListingFacets } from '../api/listing-facets';
import { FilterPanel } from './FilterPanel';

/**
 * The phone's filters: a sheet from the bottom (Radix Dialog: focus kept inside, Escape and the
 * backdrop close it, focus back on 'Filtrar'). Each choice applies at once, so the listing behind
 * and the count on 'Ver n produtos' follow her; that button closes the sheet.
 */
export function FilterSheet({
  open,
  onOpenChange,
  facets,
  filters,
  onChange,
  onClear,
  total,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  facets: ListingFacets | undefined;
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
  onClear: () => void;
  /** The filtered listing's count; undefined while it loads. */
  total: number | undefined;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          {...focusReturn}
          aria-describedby={undefined}
          data-testid="filter-sheet"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl bg-ivory shadow-lift outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-2">
            <Dialog.Title className="font-display text-xl font-semibold">
              {LISTING_FILTERS_TITLE}
            </Dialog.Title>
            <Dialog.Close
              className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-ink/5"
              aria-label="Fechar"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <FilterPanel facets={facets} filters={filters} onChange={onChange} idPrefix="folha" />
          </div>
          <div className="flex gap-3 border-t border-line px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <button
              type="button"
              onClick={onClear}
              className="inline-flex min-h-12 flex-1 items-center justify-center rounded-full border border-ink/25 px-4 text-sm font-medium text-ink hover:border-ink"
            >
              {LISTING_CLEAR_FILTERS}
            </button>
            <Dialog.Close className="inline-flex min-h-12 flex-[1.4] items-center justify-center rounded-full bg-ink px-4 text-sm font-medium text-ivory hover:bg-ink-soft">
              {total === undefined ? LISTING_SHOW_RESULTS : listingShowResultsText(total)}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
