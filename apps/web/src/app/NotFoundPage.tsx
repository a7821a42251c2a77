import { useDocumentTitle } from '@/lib/hooks';
import { NotFoundView } from '@/ui/NotFoundView';

export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return <NotFoundView />;
}
