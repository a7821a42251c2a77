import * as Dialog from '@radix-ui/react-dialog';
import { ADDRESS_DELETE_CONFIRM } from '@semijoias/domain/messages';
import type { AddressProfile } from '@/lib/addresses';
import { Button } from '@/ui/Button';
import { AlertIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';

interface AddressDeleteDialogProps {
  /** The profile she asked to delete; null when the question is closed. */
  profile: AddressProfile | null;
  pending: boolean;
  onConfirm: (profile: AddressProfile) => void;
  onCancel: () => void;
  /** Where focus goes once the question closes (the card it came from may be gone). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * SPEC §8 'Tem certeza que deseja excluir este perfil de endereço?', in the look of ui/Modal.
 * Its own Radix dialog rather than Modal because Modal does not let the caller choose where focus
 * goes on close, and after a deletion the button that opened it no longer exists.
 */
export function AddressDeleteDialog({
  profile,
  pending,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: AddressDeleteDialogProps) {
  return (
    <Dialog.Root
      open={profile !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          data-testid="address-delete-confirm"
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-[71] w-[min(27rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-ivory p-6 text-center shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <div className="mb-3 flex justify-center">
            <AlertIcon width={28} height={28} className="text-rose" />
          </div>
          <Dialog.Title className="font-display text-xl font-semibold leading-snug text-ink">
            {ADDRESS_DELETE_CONFIRM}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {profile ? `Perfil “${profile.nome_perfil}”` : ''}
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              onClick={() => profile && onConfirm(profile)}
              disabled={pending}
            >
              {pending && <Spinner label="Excluindo" />}
              Excluir
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
