import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { NotFoundView } from '@/ui/NotFoundView';

/**
 * Shown inside the shell when a page throws or its code fails to load (a deploy replaced the
 * chunk files while the tab was open: a reload fetches the new ones).
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <EmptyState
      as="h1"
      title="Algo deu errado"
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="primary" onClick={() => window.location.reload()}>
            Recarregar a página
          </Button>
          <ButtonLink to="/" variant="outline">
            Ir para o início
          </ButtonLink>
        </div>
      }
    >
      <p>Não conseguimos mostrar esta página agora. Recarregue para tentar de novo.</p>
    </EmptyState>
  );
}
