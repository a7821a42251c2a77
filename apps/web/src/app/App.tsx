import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setAuthFailureRedirect } from '@/lib/api';
import { AppProviders } from './providers';
import { createRouter } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(createRouter);
  // An ended session (SPEC §4) goes to '/' through the router, keeping the app loaded.
  useEffect(() => {
    setAuthFailureRedirect(() => {
      if (router.state.location.pathname !== '/') void router.navigate('/');
    });
  }, [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
