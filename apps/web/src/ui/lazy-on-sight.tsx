import { lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A part of a server-rendered page that lies below the fold (the footer, the home's lower
 * sections), whose code is downloaded only when it is wanted (near the screen, the shopper's
 * first move, or once the page has loaded and the network is quiet). Until then React keeps the
 * server's HTML of it as it is (a dehydrated Suspense boundary: its links work, nothing moves)
 * and hydrates the rest of the page; the first download and hydration are lighter by its code.
 *
 * `anchorId` is the id of the part's own root element, as the server rendered it. When the page
 * was not rendered by the server (a navigation inside the app), there is nothing to wait for and
 * the code loads at once. On the server it loads at once too: the whole page is rendered.
 *
 * The wrapper is memoized and should be given stable props: an update that reached a boundary
 * still waiting for its code would make React throw the server's HTML away and render it anew.
 */
export function lazyOnSight<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Part = lazy(() =>
    whenWanted(anchorId)
      .then(load)
      .then((part) => ({ default: part })),
  );
  function OnSight(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return memo(OnSight);
}

/** How far below the screen a part starts loading: a fast scroll still finds it ready. */
const NEAR_SCREEN_MARGIN = '600px 0px';
/** After the page has loaded, how long the network is left to the page's own needs. */
const IDLE_AFTER_LOAD_MS = 3000;
/**
 * The shopper's first move: any of these loads every part still waiting. So does the app's first
 * navigation where the browser tells of it (the Navigation API's 'navigate' event, for pushState
 * and replaceState too): a navigation the app makes by itself (a '?login=true' taken out of the
 * address) then waits for no scroll.
 */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** The Navigation API where the browser has it (Chromium, Firefox, Safari 26). */
interface NavigationEvents {
  addEventListener(type: 'navigate', listener: () => void): void;
  removeEventListener(type: 'navigate', listener: () => void): void;
}

/**
 * Resolves when the part is wanted: near the screen, at the shopper's first interaction (a
 * navigation would otherwise wait for it: the router's context reaches the part, and React
 * hydrates a waiting boundary before it commits a transition), or a few seconds after the page
 * has loaded, whichever comes first.
 */
export function whenWanted(anchorId: string, margin = NEAR_SCREEN_MARGIN): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') {
    return Promise.resolve();
  }
  const anchor = document.getElementById(anchorId);
  if (!anchor) return Promise.resolve();
  const navigation = (window as { navigation?: NavigationEvents }).navigation;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: margin },
    );
    const afterLoad = () => {
      timer = setTimeout(done, IDLE_AFTER_LOAD_MS);
    };
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('load', afterLoad);
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, done, true);
      navigation?.removeEventListener('navigate', done);
      resolve();
    }
    observer.observe(anchor);
    navigation?.addEventListener('navigate', done);
    for (const type of FIRST_INTERACTION) {
      window.addEventListener(type, done, { capture: true, passive: true });
    }
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
