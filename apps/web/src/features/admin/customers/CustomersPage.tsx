import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Clientes' (issue 12). */
export function CustomersPage() {
  return <AdminPageHeader title="Clientes" />;
}
