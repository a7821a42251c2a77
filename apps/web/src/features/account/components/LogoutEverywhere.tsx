import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { apiRequest, AuthenticationError } from '@/lib/api';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { AlertIcon, ShieldIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';

export const LOGOUT_EVERYWHERE = 'Sair de todos os aparelhos';
export const LOGOUT_EVERYWHERE_QUESTION = 'Sair de todos os aparelhos?';
export const LOGOUT_EVERYWHERE_EXPLAINED =
  'Sua conta será desconectada neste e em todos os outros celulares, computadores e navegadores ' +
  'em que você entrou. Para voltar, é só entrar de novo com seu e-mail e senha.';
export const LOGOUT_EVERYWHERE_FAILED =
  'Não foi possível sair de todos os aparelhos. Verifique sua conexão e tente novamente.';

/** POST api/logout/todos/ (docs/auth-contract.md): every session of hers ends on the server. */
function logoutEverywhere(): Promise<unknown> {
  return apiRequest('api/logout/todos/', { method: 'POST' });
}

interface LogoutEverywhereProps {
  /** The server ended her sessions: clear this browser's and go home. */
  onDone: () => void;
  className?: string;
  testId?: string;
}

/**
 * 'Sair de todos os aparelhos': a button and its confirmation. Unlike 'Sair da Conta' this one is
 * not best effort: her other devices stay signed in unless the server says they are out, so a
 * failure is said in the dialog and this browser's session is kept.
 */
export function LogoutEverywhere({ onDone, className, testId }: LogoutEverywhereProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setPending(true);
    setFailed(false);
    try {
      await logoutEverywhere();
    } catch (error) {
      setPending(false);
      // A 401 has already ended this browser's session and gone home (lib/api.ts).
      if (!(error instanceof AuthenticationError)) setFailed(true);
      return;
    }
    setOpen(false);
    onDone();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) setFailed(false);
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          data-testid={testId}
          className={cx(
            'min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-medium text-ink-soft hover:bg-ink/5 hover:text-ink',
            className,
          )}
        >
          <ShieldIcon width={20} height={20} className="text-gold-dark" /> {LOGOUT_EVERYWHERE}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          data-testid="logout-everywhere-confirm"
          className="fixed left-1/2 top-1/2 z-[71] w-[min(27rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-ivory p-6 text-center shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <div className="mb-3 flex justify-center">
            <AlertIcon width={28} height={28} className="text-rose" />
          </div>
          <Dialog.Title className="font-display text-xl font-semibold leading-snug text-ink">
            {LOGOUT_EVERYWHERE_QUESTION}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {LOGOUT_EVERYWHERE_EXPLAINED}
          </Dialog.Description>
          {failed && (
            <p role="alert" className="mt-3 text-sm font-medium text-rose">
              {LOGOUT_EVERYWHERE_FAILED}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Cancelar
            </Button>
            <Button variant="primary" onClick={() => void confirm()} disabled={pending}>
              {pending && <Spinner label="Saindo" />}
              Sair de todos
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
