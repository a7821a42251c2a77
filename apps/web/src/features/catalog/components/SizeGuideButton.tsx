import { lazy, Suspense, useState } from 'react';
import { cx } from '@/ui/cx';
import { RulerIcon } from '@/ui/icons';

// The guide (its tables and the dialog's code) loads when she reaches for the button: most
// visits to a piece never open it, and the dialog's library is the product page's heaviest.
const loadGuide = () => import('./SizeGuideDialog');
const SizeGuideDialog = lazy(() => loadGuide().then((m) => ({ default: m.SizeGuideDialog })));

/** 'Guia de medidas' beside the sizes: opens the size guide (SizeGuideDialog.tsx). */
export function SizeGuideButton({ axis, className }: { axis: string | null; className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing animation.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  return (
    <>
      <button
        type="button"
        data-testid="size-guide-open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadGuide()}
        onFocus={() => void loadGuide()}
        onClick={() => setOpen(true)}
        className={cx(
          '-mr-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-gold-dark underline decoration-gold/50 underline-offset-4 hover:text-ink hover:decoration-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
          className,
        )}
      >
        <RulerIcon width={18} height={18} />
        Guia de medidas
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <SizeGuideDialog axis={axis} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
