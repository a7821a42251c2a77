import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Cupons' (issue 12). */
export function CouponsPage() {
  return <AdminPageHeader title="Cupons" />;
}
