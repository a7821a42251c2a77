import { createContext, useContext } from 'react';

/**
 * The store's public origin ('https://duasirmassemijoias.com.br'), for the absolute links a
 * message carries (the piece's link in 'Comprar pelo WhatsApp'). The server's render is given
 * it (entry-server.tsx: the origin it was asked for); in the browser it is the page's own.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  const fromServer = useContext(SiteOriginContext);
  return fromServer ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
