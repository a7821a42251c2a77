import { maskCep } from '@semijoias/domain/cep';
import { ADDRESS_SET_DEFAULT_FAILED, addressDeleteError } from '@semijoias/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  ADDRESS_PROFILE_LIMIT_REACHED,
  addressProfilesQueryKey,
  MAX_ADDRESS_PROFILES,
  deleteAddressProfile,
  fetchAddressProfiles,
  setDefaultAddressProfile,
  type AddressProfile,
} from '@/lib/addresses';
import { toOutcome } from '@/lib/api';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { FormMessage } from '@/ui/Field';
import { PinIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { AddressDeleteDialog } from './AddressDeleteDialog';
import { AddressDialog } from './AddressDialog';

/**
 * SPEC §2 'Endereços de Entrega': a card per profile with its name, the 'Padrão' chip on the
 * default, edit and delete, 'Definir como Padrão' on the others, and 'Novo Endereço'. Every
 * change goes to the server and the list is read back from it.
 */
export function AddressesTab() {
  const queryClient = useQueryClient();
  const profiles = useQuery({ queryKey: addressProfilesQueryKey, queryFn: fetchAddressProfiles });
  const [dialog, setDialog] = useState<{ open: boolean; profile: AddressProfile | null }>({
    open: false,
    profile: null,
  });
  const [toDelete, setToDelete] = useState<AddressProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Focus goes back to the button that opened a dialog; when that button is gone (its card was
  // deleted, or the empty state's button after the first profile) it goes to 'Novo Endereço'.
  const opener = useRef<HTMLElement | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected
      ? opener.current
      : root.current?.querySelector<HTMLElement>('[data-new-address]');
    target?.focus();
  };
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: addressProfilesQueryKey });

  const remove = useMutation({
    mutationFn: (profile: AddressProfile) => deleteAddressProfile(profile.id),
    // The list is read back before the question closes, so focus lands on what is left.
    onSuccess: refresh,
    onError: (e) => setError(addressDeleteError(toOutcome(e))),
    onSettled: () => setToDelete(null),
  });

  const makeDefault = useMutation({
    mutationFn: (profile: AddressProfile) => setDefaultAddressProfile(profile.id),
    onSuccess: refresh,
    onError: () => setError(ADDRESS_SET_DEFAULT_FAILED),
  });

  const list = profiles.data ?? [];

  const openDialog = (profile: AddressProfile | null) => {
    if (profile === null && list.length >= MAX_ADDRESS_PROFILES) {
      setError(ADDRESS_PROFILE_LIMIT_REACHED);
      return;
    }
    setError(null);
    rememberOpener();
    setDialog({ open: true, profile });
  };

  return (
    <div ref={root} data-testid="addresses-tab">
      {profiles.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Carregando endereços" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState title="Nenhum endereço salvo" className="py-8 sm:py-12">
          <p>
            Cadastre seu primeiro perfil de endereço (ex: Casa, Trabalho) e finalize suas próximas
            compras mais rápido.
          </p>
          <Button
            data-new-address
            variant="primary"
            size="lg"
            className="mt-6"
            onClick={() => openDialog(null)}
          >
            Novo Endereço
          </Button>
        </EmptyState>
      ) : (
        <>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-soft">
              {list.length === 1 ? '1 endereço salvo' : `${list.length} endereços salvos`}
            </p>
            <Button data-new-address variant="primary" onClick={() => openDialog(null)}>
              Novo Endereço
            </Button>
          </div>
          <div className="mb-4">
            <FormMessage tone="error" testId="addresses-error">
              {error}
            </FormMessage>
          </div>
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((profile) => (
              <li key={profile.id}>
                <AddressCard
                  profile={profile}
                  busy={makeDefault.isPending && makeDefault.variables?.id === profile.id}
                  onEdit={() => openDialog(profile)}
                  onDelete={() => {
                    setError(null);
                    rememberOpener();
                    setToDelete(profile);
                  }}
                  onMakeDefault={() => {
                    setError(null);
                    makeDefault.mutate(profile);
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <AddressDialog
        open={dialog.open}
        profile={dialog.profile}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onCloseAutoFocus={restoreFocus}
      />

      <AddressDeleteDialog
        profile={toDelete}
        pending={remove.isPending}
        onConfirm={(profile) => remove.mutate(profile)}
        onCancel={() => setToDelete(null)}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}

function AddressCard({
  profile,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  profile: AddressProfile;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const complement = profile.complemento ? `, ${profile.complemento}` : '';
  const at = profile.email.lastIndexOf('@');
  const emailUser = at < 0 ? profile.email : profile.email.slice(0, at);
  const emailDomain = at < 0 ? undefined : profile.email.slice(at + 1);
  return (
    <article
      data-testid="address-card"
      aria-label={profile.nome_perfil}
      className="flex h-full flex-col rounded-2xl border border-line bg-white p-5 shadow-soft"
    >
      <header className="flex items-start justify-between gap-3">
        <h3 className="flex min-w-0 items-center gap-2 font-display text-xl font-semibold text-ink">
          <PinIcon width={18} height={18} className="shrink-0 text-gold-dark" />
          <span className="truncate">{profile.nome_perfil}</span>
        </h3>
        {profile.is_default && (
          <span
            data-testid="address-default-chip"
            className="shrink-0 rounded-full bg-ink px-3 py-1 text-xs font-medium tracking-wide text-ivory"
          >
            Padrão
          </span>
        )}
      </header>
      <div className="mt-3 space-y-0.5 text-sm leading-relaxed text-ink-soft">
        <p className="font-medium text-ink">{profile.nome_completo}</p>
        <p>
          {profile.endereco}, {profile.numero}
          {complement}
        </p>
        <p>
          {profile.bairro} · {profile.cidade} - {profile.estado}
        </p>
        <p>CEP {maskCep(profile.cep)}</p>
        <p className="text-muted">{profile.telefone}</p>
        {/* A narrow phone breaks a long address after the '@', not inside a word. */}
        <p className="text-muted [overflow-wrap:anywhere]">
          {emailUser}
          {emailDomain !== undefined && (
            <>
              @<wbr />
              {emailDomain}
            </>
          )}
        </p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Editar ${profile.nome_perfil}`}
        >
          Editar
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          className="text-rose hover:bg-rose-soft"
          aria-label={`Excluir ${profile.nome_perfil}`}
        >
          Excluir
        </Button>
        {!profile.is_default && (
          <Button variant="ghost" size="sm" onClick={onMakeDefault} disabled={busy}>
            {busy && <Spinner label="Salvando" />}
            Definir como Padrão
          </Button>
        )}
      </div>
    </article>
  );
}
