import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthenticationError, isApiError } from '@/lib/api';
import { hasSession, onSessionChange } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';

/** Catalog data changes rarely: 5 minutes fresh, kept 30 minutes, no refetch on tab focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a network error or 5xx may.
        // An ended session is not retried either: the shopper is already on the way home.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof AuthenticationError) &&
          !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function AppProviders({
  queryClient: given,
  children,
}: {
  /** The client the page was rendered with (server) or hydrated into (browser). */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  // Account data is cached under ['session', ...]: when the session ends (logout, 401, another
  // tab) it must not outlive it.
  useEffect(
    () =>
      onSessionChange(() => {
        if (!hasSession()) queryClient.removeQueries({ queryKey: ['session'] });
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
