import type { ReactNode } from 'react';
import { ButtonLink } from './Button';
import { EmptyState } from './EmptyState';

interface NotFoundViewProps {
  title?: string;
  children?: ReactNode;
}

/**
 * 'Página não encontrada' for unknown routes and /produto opened without a product; pages with a
 * more precise miss (an unknown product) pass their own title and text.
 */
export function NotFoundView({
  title = 'Página não encontrada',
  children = 'O endereço que você abriu não existe ou mudou de lugar. Que tal continuar explorando nossas joias?',
}: NotFoundViewProps) {
  return (
    <EmptyState
      as="h1"
      title={title}
      action={
        <ButtonLink to="/" variant="primary" size="lg">
          Voltar para a página inicial
        </ButtonLink>
      }
    >
      <p>{children}</p>
    </EmptyState>
  );
}
