import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cx } from './cx';
import { useFocusReturn } from './focus-return';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The buttons, side by side (stacked on narrow phones). */
  actions: ReactNode;
  /** 'alertdialog' for a question that needs an answer (the removal confirmation). */
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  testId?: string;
  /** Where focus goes on closing when what had it before is gone (see useFocusReturn). */
  returnFocusFallback?: () => HTMLElement | null;
}

/**
 * A small centred dialog over the page (Radix Dialog: focus trapped, Escape and the backdrop close
 * it; on closing, focus goes back to what had it when it opened). Used for the cart's removal
 * question, the add-to-cart confirmation and the coupon's result.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  actions,
  role = 'dialog',
  icon,
  testId,
  returnFocusFallback,
}: ModalProps) {
  const focusReturn = useFocusReturn(returnFocusFallback);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role={role}
          data-testid={testId}
          {...focusReturn}
          className="fixed left-1/2 top-1/2 z-[71] w-[min(27rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-ivory p-6 text-center shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon && <div className="mb-3 flex justify-center">{icon}</div>}
          <Dialog.Title className="font-display text-xl font-semibold leading-snug text-ink">
            {title}
          </Dialog.Title>
          {description && (
            <Dialog.Description className="mt-2 text-sm text-ink-soft">
              {description}
            </Dialog.Description>
          )}
          <div className={cx('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center')}>
            {actions}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
