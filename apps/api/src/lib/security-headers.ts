/**
 * Security headers on every HTML answer: the web app's index.html (and its client-route
 * fallback), any static .html, and the sandbox payment page. JSON, scripts and styles keep the
 * headers every answer gets (nosniff, referrer policy, request id, CORP below); a policy only
 * means something on a document — or on what a browser may open as one (/media/, below).
 *
 * The Content-Security-Policy allows only what the store uses:
 * - scripts: its own files only ('self'); Vite's build has no inline script (checked in the
 *   test against the real build when present), so none needs allowing;
 * - styles: its own files, plus 'unsafe-inline' because the components' `style` attributes and
 *   Radix's scroll lock (a `<style>` it injects while a dialog is open) need it; styles cannot
 *   run code;
 * - images: its own (/media/) and IMAGE_BASE_URL's origin when images live on a CDN;
 * - frames: the OpenStreetMap embed in the footer (apps/web/src/lib/store-info.ts), loaded when
 *   the shopper opens the map; nobody may frame the store (`frame-ancestors 'none'`, and
 *   X-Frame-Options for browsers that predate it): no clickjacking on login or checkout;
 * - fetch/XHR: its own origin (ViaCEP and the payment provider are called by the server);
 * - forms: its own origin (the sandbox page's forms post to /sandbox/checkout/...; PUBLIC_URL's
 *   origin too, where the sandbox sends the browser back after a form).
 * PagBank's hosted checkout is reached by `window.location.assign(url)`: a top-level navigation,
 * which CSP does not govern (there is no `navigate-to` in browsers), so it needs no entry here.
 *
 * Answers under /media/ (the pictures, the share JPEGs, the owners' uploads, whatever route
 * serves them) get a policy of their own instead: `default-src 'none'; sandbox`. An SVG is a
 * document when opened by itself (a link to /media/x.svg): this keeps it from running script or
 * loading anything, while an <img> of it (which never runs script) shows the same.
 *
 * Cross-Origin-Resource-Policy: `same-origin` on every answer (pages, JSON, the app's files):
 * no other site may load them as a subresource. /media/ is `cross-origin`: its pictures are
 * public, and a CDN in front of them (IMAGE_BASE_URL) passes the header on, so `same-site` would
 * block the store's own pages from showing them whenever the CDN's host is another site (a
 * *.cloudfront.net or another domain). Link previews are unaffected either way: WhatsApp's and
 * Facebook's crawlers fetch og:image from their servers, and only browsers enforce CORP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const OPENSTREETMAP = 'https://www.openstreetmap.org';

export interface SecurityHeaderSettings {
  publicUrl: string;
  imageBaseUrl: string;
}

/** The origin of an absolute http(s) URL; undefined for a path like '/media/'. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(settings: SecurityHeaderSettings): string {
  const sources = (...list: (string | undefined)[]) =>
    [...new Set(list.filter((s): s is string => s !== undefined))].join(' ');
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", originOf(settings.imageBaseUrl))}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${OPENSTREETMAP}`,
    `form-action ${sources("'self'", originOf(settings.publicUrl))}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  return directives.join('; ');
}

/** The headers an HTML answer carries, computed once from the settings. */
export function securityHeaders(settings: SecurityHeaderSettings): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(settings),
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  // Only when the store is served over https: HSTS on a plain-http origin is ignored at best.
  if (settings.publicUrl.startsWith('https://')) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

/** What every answer under /media/ carries, whatever its type (an HTML file there included). */
export const MEDIA_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
};

const MEDIA_PREFIX = '/media/';

function isHtml(contentType: unknown): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return typeof value === 'string' && /^\s*text\/html\b/i.test(value);
}

/**
 * An answer under /media/, by the path asked for: the router matches the path as sent (no dot
 * segments resolved, `%2F` no slash), so every route under /media/ is asked for by this prefix.
 */
function isMedia(req: FastifyRequest): boolean {
  return req.url.startsWith(MEDIA_PREFIX);
}

/**
 * Adds the headers to every answer of `app` (a root onSend hook: every plugin has it): the
 * document headers to HTML, the media ones under /media/, CORP to all.
 */
export function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings) {
  const headers = securityHeaders(settings);
  app.addHook('onSend', async (req, reply, payload) => {
    if (isMedia(req)) {
      reply.headers(MEDIA_HEADERS);
    } else {
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (isHtml(reply.getHeader('content-type'))) reply.headers(headers);
    }
    return payload;
  });
}
