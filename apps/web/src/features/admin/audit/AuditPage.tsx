import { AdminPageHeader } from '../ui/AdminPageHeader';

/** /admin section 'Auditoria' (issue 12). */
export function AuditPage() {
  return <AdminPageHeader title="Auditoria" />;
}
