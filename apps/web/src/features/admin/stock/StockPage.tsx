import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Estoque' (issue 12). */
export function StockPage() {
  return <AdminPageHeader title="Estoque" />;
}
