import { startTransition } from 'react';
import { appElement } from './app/boot';
import { replayEarlyTaps } from './lib/early-taps';
import { setFirstHydration } from './ui/hydrate-on-sight';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A public page arrives rendered by the server with the data it was rendered with (the
// `estado-inicial` block): it is hydrated. The cart, checkout and account pages arrive as the bare
// shell and are rendered here.
//
// The start is cut in tasks, each short enough not to hold up a tap for long on a slow phone: the
// app's code (this module's imports), React DOM's code (its own chunk, fetched with the entry:
// vite.config.ts preloads it), the query cache, then hydration (itself in slices). Evaluated as
// one module graph, the code alone was one task of ~50 ms on a fast computer, 200 ms on the phone
// Lighthouse emulates.
const serverRendered = document.getElementById('estado-inicial') !== null;

// Hydration attaches the components to the server's HTML where it is (the nodes are kept, not
// rebuilt; e2e/hydration.spec.ts checks it). It starts once the page's main picture is on the
// screen (the image the server preloads, lib/head-tags.ts): on a slow phone the picture is
// painted first instead of waiting behind the hydration's work, which makes the page respond a
// little later. Never more than MAIN_PICTURE_WAIT_MS: a picture that is slow to come does not
// keep the page from working.
const MAIN_PICTURE_WAIT_MS = 2500;

void start(root);

async function start(container: HTMLElement): Promise<void> {
  const reactDom = import('react-dom/client');
  if (serverRendered) await mainPicturePainted();
  const { createRoot, hydrateRoot } = await reactDom;
  await nextTask();
  const { app, serverRendered: hydrating } = appElement();
  await nextTask();
  // In a transition: React hydrates in slices of a few milliseconds, yielding to the browser
  // between them (a tap is answered at once), instead of one long task a slow phone would freeze
  // on.
  if (hydrating) {
    setFirstHydration(true);
    startTransition(() => void hydrateRoot(container, app));
    // A tap made before now is made again: React has the page (lib/early-taps.ts).
    replayEarlyTaps();
  } else createRoot(container).render(app);
  // Says the app has the page (the end-to-end tests wait for it after a page load).
  document.documentElement.setAttribute('data-app-pronto', '');
}

/** Resolves in a task of its own: the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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
