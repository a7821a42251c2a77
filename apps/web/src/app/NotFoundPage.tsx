import { usePageHead } from '@/lib/page-head';
import { NotFoundView } from '@/ui/NotFoundView';

export function NotFoundPage() {
  usePageHead({ title: 'Página não encontrada', noindex: true, status: 404 });
  return <NotFoundView />;
}
