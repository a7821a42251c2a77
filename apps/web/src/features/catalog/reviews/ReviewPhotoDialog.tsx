import * as Dialog from '@radix-ui/react-dialog';
import { useFocusReturn } from '@/ui/focus-return';
import { CloseIcon } from '@/ui/icons';
import type { ReviewPhoto } from '../api/get-product-reviews';
import { REVIEW_PHOTO_CLOSE } from './texts';

/**
 * A review's photo, larger, over the page (ReviewItem.tsx opens it from its thumbnail). A Radix
 * dialog as the store's others: focus kept inside, Escape and the backdrop close it, focus goes
 * back to the thumbnail. The photo keeps its proportions inside the screen.
 */
export function ReviewPhotoDialog({
  photo,
  label,
  open,
  onOpenChange,
}: {
  photo: ReviewPhoto;
  /** Its name: 'Foto 1 de 2 da avaliação de Ana'. */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/70 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid="review-photo"
          aria-describedby={undefined}
          {...focusReturn}
          className="fixed left-1/2 top-1/2 z-[71] flex max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-3xl bg-ivory shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between gap-4 px-5 py-3">
            <Dialog.Title className="text-sm font-medium text-ink-soft">{label}</Dialog.Title>
            <Dialog.Close
              aria-label={REVIEW_PHOTO_CLOSE}
              className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
            >
              <CloseIcon width={20} height={20} />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center bg-cream">
            <img
              src={photo.url}
              alt={label}
              width={photo.largura || undefined}
              height={photo.altura || undefined}
              decoding="async"
              className="max-h-[calc(100dvh-6rem)] w-auto max-w-full object-contain"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
