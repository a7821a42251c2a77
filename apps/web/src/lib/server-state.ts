/**
 * The query cache a server-rendered page was rendered with travels inside the page as
 * `<script type="application/json" id="estado-inicial">` (a data block: no inline script for the
 * Content-Security-Policy to allow), so the browser hydrates the very same data without asking
 * for it again.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api';

export const SERVER_STATE_ID = 'estado-inicial';

/** JSON that cannot end the script element nor break a line in old parsers. */
export function serializeServerState(state: DehydratedState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface SerializedApiError {
  status?: unknown;
  data?: unknown;
  message?: unknown;
  timedOut?: unknown;
}

/**
 * The page's state when the server rendered it, or null (a client-side page). A failed query
 * (a product not found) arrives as plain JSON: it becomes an ApiError again, so the page shows
 * in the browser exactly what the server showed.
 */
export function readServerState(): DehydratedState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    const state = JSON.parse(script.textContent) as DehydratedState;
    for (const query of state.queries) {
      const error = query.state.error as SerializedApiError | null;
      if (error && typeof error === 'object' && typeof error.status === 'number') {
        query.state.error = new ApiError(
          error.status,
          error.data ?? null,
          typeof error.message === 'string' ? error.message : `HTTP ${error.status}`,
          error.timedOut === true,
        );
      }
    }
    return state;
  } catch {
    return null;
  }
}
