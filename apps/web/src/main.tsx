import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
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
// rebuilt; e2e/hydration.spec.ts checks it). It starts once the page's main picture is on the
// screen (the image the server preloads, lib/head-tags.ts): on a slow phone the picture is
// painted first instead of waiting behind the hydration's work, which makes the page respond a
// little later. Never more than MAIN_PICTURE_WAIT_MS: a picture that is slow to come does not
// keep the page from working.
const MAIN_PICTURE_WAIT_MS = 2500;
const app = <App queryClient={queryClient} />;
// In a transition: React hydrates in slices of a few milliseconds, yielding to the browser between
// them (a tap is answered at once), instead of one long task a slow phone would freeze on.
if (serverState) {
  void mainPicturePainted().then(() => startTransition(() => void hydrateRoot(root, app)));
} else createRoot(root).render(app);

function mainPicturePainted(): Promise<void> {
  const href = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href;
  const picture = href
    ? [...document.images].find((image) => image.src === href && image.loading !== 'lazy')
    : undefined;
  // Loaded and decoded (decoding="async" may leave a loaded picture off the next frame).
  const loaded = picture
    ? Promise.race([
        picture.decode().catch(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, MAIN_PICTURE_WAIT_MS)),
      ])
    : Promise.resolve();
  // After the next paint, in a task of its own.
  return loaded.then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}
