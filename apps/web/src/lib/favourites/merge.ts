/**
 * At login a guest's favourites follow her into her account, like the cart (SPEC §4,
 * docs/favourites-contract.md): each device id is posted (oldest first, so the list keeps her order), then the posted ones
 * leave the device. Adding is idempotent on the server (200 when already there), so a merge cut
 * off and run again doubles nothing. A piece the store no longer has (404) or an id it refuses
 * (400) is dropped; anything else (no answer, 5xx, ended session) keeps the device list for the
 * next start or login.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../api';
import { hasSession, useIsLoggedIn } from '../session';
import { forgetGuestFavourites, readGuestFavourites } from './guest-favourites';
import { addFavourite, SERVER_FAVOURITES_KEY } from './server-favourites';

let running: Promise<void> | null = null;

/** Posts the device's favourites, if any, to the logged-in customer's list. Never throws. */
export function mergeGuestFavourites(queryClient: QueryClient): Promise<void> {
  running ??= run(queryClient).finally(() => {
    running = null;
  });
  return running;
}

async function run(queryClient: QueryClient): Promise<void> {
  if (!hasSession()) return;
  const ids = readGuestFavourites();
  if (ids.length === 0) return;
  const done: number[] = [];
  for (const id of [...ids].reverse()) {
    try {
      await addFavourite(id);
      done.push(id);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) done.push(id);
    }
  }
  try {
    forgetGuestFavourites(done);
  } catch {
    // Storage blocked: the next merge posts them again, which adds nothing.
  }
  await queryClient.invalidateQueries({ queryKey: SERVER_FAVOURITES_KEY });
}

/** Runs the merge whenever a session begins (the login drawer, another tab) and at start-up. */
export function useGuestFavouritesMerge(): void {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (loggedIn) void mergeGuestFavourites(queryClient);
  }, [loggedIn, queryClient]);
}
