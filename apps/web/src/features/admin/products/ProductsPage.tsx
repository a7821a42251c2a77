import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Produtos' (issue 12). */
export function ProductsPage() {
  return <AdminPageHeader title="Produtos" />;
}
