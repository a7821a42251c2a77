import { EmptyState } from '@/ui/EmptyState';

/** SPEC §2 "Addresses tab" (the profiles come with issue 8's API). */
export function AddressesTab() {
  return (
    <EmptyState title="Nenhum endereço salvo" className="py-8 sm:py-12">
      <p>
        Cadastre seu primeiro perfil de endereço (ex: Casa, Trabalho) e finalize suas próximas
        compras mais rápido. O endereço que você usar na sua primeira compra também fica salvo aqui.
      </p>
    </EmptyState>
  );
}
