/**
 * A server-rendered page is whole in its HTML: the shopper sees it before any JavaScript runs.
 * So its code is asked for only after the first paint. Until then the phone's network carries the
 * document, its pictures and nothing else, and the paint waits for no script's evaluation (issue
 * 31: on Lighthouse's slow 4G, ~130 KB of modules requested with the document sat on the path of
 * the largest paint, ~0.8 s of it).
 *
 * The page names its modules on one small classic script, served from here with a hashed name
 * (cached for a year, like Vite's assets). Deferred, it runs when the document is parsed; it waits
 * for the next frame to be painted, then adds the modulepreloads and the app's entry, exactly the
 * tags Vite would have written. A hidden tab (opened in the background) paints nothing: it starts
 * at once. The CSP keeps `script-src 'self'`: nothing inline.
 */
import { createHash } from 'node:crypto';

/**
 * The function the start script leaves on `window`: it stops keeping taps and answers those made
 * before the app took the page (the web app's lib/early-taps.ts calls it).
 */
export const EARLY_TAPS_GLOBAL = '__semijoiasToquesAntesDoApp';

/** ES5 on purpose: it runs before anything else, on any browser that opens the page. */
export const START_SCRIPT = `(function () {
  // A tap on a button before the app is there would be lost (a button does nothing without its
  // code): each is kept, and the app taps the last one again once it has the page
  // (apps/web/src/lib/early-taps.ts). Links and a form's own submit work without the code.
  var taps = [];
  function keep(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button') : null;
    if (!button || button.disabled || button.type === 'reset') return;
    if (button.type === 'submit' && button.form) return;
    taps.push(button);
  }
  document.addEventListener('click', keep, true);
  window.${EARLY_TAPS_GLOBAL} = function () {
    document.removeEventListener('click', keep, true);
    return taps;
  };
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  document.addEventListener('visibilitychange', start);
})();
`;

export const START_SCRIPT_PATH = `/assets/start-${createHash('sha256')
  .update(START_SCRIPT)
  .digest('hex')
  .slice(0, 10)}.js`;

export interface AppModules {
  /** The build's entry (`<script type="module" src>`), null when the template has none. */
  entry: string | null;
  /** The entry's own modulepreloads, in the build's order. */
  preloads: string[];
  /** The template without those tags. */
  template: string;
}

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** Takes the app's module tags out of the built template (they are written by {@link startTag}). */
export function takeAppModules(template: string): AppModules {
  let entry: string | null = null;
  const preloads: string[] = [];
  const stripped = template
    .replace(MODULE_SCRIPT, (_tag, src: string) => {
      entry ??= src;
      return '';
    })
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  return { entry, preloads, template: stripped };
}

/** The one tag that starts the app after the first paint: the entry, then every preload. */
export function startTag(entry: string, preloads: readonly string[]): string {
  const unique = [...new Set(preloads)].join(' ');
  return `<script defer src="${START_SCRIPT_PATH}" data-entry="${entry}" data-preload="${unique}"></script>`;
}
