import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Pedidos' (issue 12). */
export function OrdersPage() {
  return <AdminPageHeader title="Pedidos" />;
}
