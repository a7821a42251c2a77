/**
 * A dialog for an order action that asks something first (the Correios code, the reason to
 * cancel): a form, its field error and its two buttons. Radix Dialog: focus trapped, Escape and
 * the backdrop close it. The shared Modal has no room for a form, hence this one.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/ui/Button';

export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onConfirm();
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid={testId}
          className="fixed left-1/2 top-1/2 z-[71] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-ivory p-6 shadow-lift outline-none"
        >
          <Dialog.Title className="font-display text-2xl font-semibold text-ink">
            {title}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
            {description}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-5 space-y-5">
            {children}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Voltar</Button>
              </Dialog.Close>
              <Button
                type="submit"
                variant="primary"
                disabled={busy}
                className={danger ? 'bg-rose hover:bg-rose/90' : undefined}
              >
                {busy ? 'Salvando...' : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
