/**
 * Security headers on every HTML answer (issue 9): the web app's index.html (and its client-route
 * fallback), any static .html, and the sandbox payment page. JSON, images, scripts and styles
 * keep the headers every answer gets (nosniff, referrer policy, request id); a policy only means
 * something on a document.
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
 */
import type { FastifyInstance } from 'fastify';

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

function isHtml(contentType: unknown): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return typeof value === 'string' && /^\s*text\/html\b/i.test(value);
}

/** Adds the headers to every HTML answer of `app` (a root onSend hook: every plugin has it). */
export function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings) {
  const headers = securityHeaders(settings);
  app.addHook('onSend', async (_req, reply, payload) => {
    if (isHtml(reply.getHeader('content-type'))) reply.headers(headers);
    return payload;
  });
}
