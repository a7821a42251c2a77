import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { cx } from './cx';
import { useFocusReturn } from './focus-return';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read by screen readers when the drawer opens; visually hidden. */
  description?: string;
  children: ReactNode;
  className?: string;
  /** The edge it slides from: the menu from the left, the account and cart panels from the right. */
  side?: 'left' | 'right';
  /** Where focus goes on closing when what had it before is gone (see useFocusReturn). */
  returnFocusFallback?: () => HTMLElement | null;
}

/**
 * A panel sliding in from an edge (left by default), built on Radix Dialog: focus is trapped,
 * Escape and the backdrop close it, the page behind does not scroll; on closing, focus goes back
 * to what had it when the drawer opened.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  side = 'left',
  returnFocusFallback,
}: DrawerProps) {
  const focusReturn = useFocusReturn(returnFocusFallback);
  const contentRef = useRef<HTMLDivElement>(null);
  // A dialog opened over the drawer (the cart's removal question) owns Escape; in the moment
  // before Radix counts it as the top layer (see useFocusReturn) the drawer must not take the key
  // and close both at once.
  const onEscapeKeyDown = (event: KeyboardEvent) => {
    const openDialogs = document.querySelectorAll(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
    );
    if (Array.from(openDialogs).some((dialog) => dialog !== contentRef.current)) {
      event.preventDefault();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          ref={contentRef}
          {...focusReturn}
          onEscapeKeyDown={onEscapeKeyDown}
          className={cx(
            'fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-ivory shadow-lift outline-none',
            side === 'left'
              ? 'left-0 data-[state=closed]:animate-drawer-out-left data-[state=open]:animate-drawer-in-left'
              : 'right-0 data-[state=closed]:animate-drawer-out-right data-[state=open]:animate-drawer-in-right',
            className,
          )}
          // Without a description, say so explicitly (Radix otherwise points at a missing element).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-3">
            <Dialog.Title className="font-display text-xl font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-ink/5"
              aria-label="Fechar"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="sr-only">{description}</Dialog.Description>
          )}
          <div className="flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
