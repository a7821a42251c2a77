import { ButtonLink } from './Button';
import { EmptyState } from './EmptyState';

/** 'Página não encontrada': unknown routes, and /produto opened without a product. */
export function NotFoundView() {
  return (
    <EmptyState
      as="h1"
      title="Página não encontrada"
      action={
        <ButtonLink to="/" variant="primary" size="lg">
          Voltar para a página inicial
        </ButtonLink>
      }
    >
      <p>
        O endereço que você abriu não existe ou mudou de lugar. Que tal continuar explorando nossas
        joias?
      </p>
    </EmptyState>
  );
}
