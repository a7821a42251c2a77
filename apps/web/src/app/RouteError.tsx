import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';

/**
 * Shown inside the shell when a page throws or its code fails to load (a deploy replaced the
 * chunk files while the tab was open: a reload fetches the new ones).
 */
export function RouteError() {
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

interface PageErrorBoundaryProps {
  /** A new value (the next page) clears the error: moving on leaves the broken page behind. */
  resetKey: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  failed: boolean;
  key: string;
}

/** Catches what a page throws and shows RouteError in its place. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A página falhou', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
