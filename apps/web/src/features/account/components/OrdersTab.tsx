import { ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';

/** SPEC §2 "Orders tab" (the orders come with issue 8's API). */
export function OrdersTab() {
  return (
    <EmptyState title="Você ainda não fez pedidos" className="py-8 sm:py-12">
      <p>Quando você comprar, seus pedidos aparecem aqui com o status do pagamento.</p>
      <ButtonLink to="/" variant="primary" size="lg" className="mt-6">
        Começar a Comprar
      </ButtonLink>
    </EmptyState>
  );
}
