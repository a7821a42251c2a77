/**
 * Where the auth tokens live (SPEC §3 "Auth tokens: stored locally in the browser"; §6 "logged in
 * means an access token in browser storage"). Signing in, refresh and logout are built on these
 * functions; everything else only asks "is there a session?".
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

function announce(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Stores the pair answered by api/token/ or api/token/refresh/ (the refresh is rotated). */
export function storeTokens(access: string, refresh: string | null | undefined): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, access);
    if (refresh) window.localStorage.setItem(REFRESH_TOKEN_KEY, refresh);
  } catch {
    // Storage blocked: the session lives as long as nothing else; the shopper stays a guest.
  }
  announce();
}

/**
 * Ends the session on this device: both tokens go, and listeners (the query cache of
 * account data) drop what belonged to the account. The guest cart is not session data.
 */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  announce();
}

/** Subscribes to session changes in this tab and the others; returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  return subscribe(listener);
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
