import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/providers';
import { readServerState } from './lib/server-state';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A public page arrives rendered by the server with the data it was rendered with: hydrate it.
// The cart, checkout and account pages arrive as the bare shell and are rendered here.
const queryClient = createQueryClient();
const serverState = readServerState();
if (serverState) hydrate(queryClient, serverState);

// Hydration attaches the components to the server's HTML where it is (the nodes are kept, not
// rebuilt; e2e/server-rendering.spec.ts checks it). It starts right after the next paint: the
// server's page, its main picture included, reaches a slow phone's screen first instead of
// waiting behind the hydration's work (which makes the page respond a frame later).
const app = <App queryClient={queryClient} />;
if (serverState) requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app), 0));
else createRoot(root).render(app);
