/**
 * What the browser starts the app with (main.tsx): a query cache holding the data the server
 * rendered the page with, when it did, and the app's element.
 */
import { hydrate } from '@tanstack/react-query';
import { readServerState } from '@/lib/server-state';
import { App } from './App';
import { createQueryClient } from './providers';

/** The app, with the data the server rendered the page with when there is any. */
export function appElement(): { app: React.JSX.Element; serverRendered: boolean } {
  const queryClient = createQueryClient();
  const serverState = readServerState();
  if (serverState) hydrate(queryClient, serverState);
  return { app: <App queryClient={queryClient} />, serverRendered: serverState !== null };
}
