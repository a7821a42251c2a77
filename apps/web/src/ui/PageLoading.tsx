import { Spinner } from './Spinner';

/** While a page's code arrives (first visit only: navigations keep the current page meanwhile). */
export function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label="Carregando página" />
    </div>
  );
}
