import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
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

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// Hydrated in a transition: React then works in slices of a few milliseconds and lets the
// browser breathe between them (the page is already painted and readable), instead of one long
// task that holds a phone's main thread for a second.
if (serverState) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
