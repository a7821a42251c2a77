/**
 * Where the auth tokens live (SPEC §3 "Auth tokens: stored locally in the browser"; §6 "logged in
 * means an access token in browser storage"). The login issue adds signing in, refresh and
 * logout on top of these functions; everything else only asks "is there a session?".
 */
import { useSyncExternalStore } from 'react';

export const ACCESS_TOKEN_KEY = 'access';
export const REFRESH_TOKEN_KEY = 'refresh';
/** Fired on this window when the tokens change here ('storage' covers the other tabs). */
export const SESSION_EVENT = 'session-changed';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Private mode or blocked storage: behave as a guest.
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function hasSession(): boolean {
  return Boolean(getAccessToken());
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
}

/** True while an access token is stored; re-renders when it appears or goes away. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, hasSession, () => false);
}
