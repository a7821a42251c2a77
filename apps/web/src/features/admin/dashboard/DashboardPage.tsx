import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Painel' (issue 12). */
export function DashboardPage() {
  return <AdminPageHeader title="Painel" />;
}
