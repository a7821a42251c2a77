/**
 * What the browser starts the app with (main.tsx): a query cache holding the data the server
 * rendered the page with, when it did, and the app's element.
 */
import { hydrate } from '@tanstack/react-query';
import { PRODUCT_DETAIL_KEY } from '@/features/catalog/api/get-product';
import { readServerState } from '@/lib/server-state';
import { App } from './App';
import { createQueryClient } from './providers';

/** The app, with the data the server rendered the page with when there is any. */
export function appElement(): { app: React.JSX.Element; serverRendered: boolean } {
  const queryClient = createQueryClient();
  const serverState = readServerState();
  if (serverState) {
    hydrate(queryClient, serverState);
    // The server keeps a page until a piece on it changes band ('Esgotado', 'Últimas unidades',
    // 'Em estoque': docs/catalog-cache.md), so its data may carry a piece's exact stock from
    // before the last sales: the product page asks it again once it is live (one kept answer).
    void queryClient.invalidateQueries({ queryKey: PRODUCT_DETAIL_KEY, refetchType: 'none' });
  }
  return { app: <App queryClient={queryClient} />, serverRendered: serverState !== null };
}
