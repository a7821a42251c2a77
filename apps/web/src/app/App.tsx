import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setAuthFailureRedirect } from '@/lib/api';
import { AppProviders } from './providers';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  // An ended session (SPEC §4) goes to '/' through the router, keeping the app loaded.
  useEffect(() => {
    setAuthFailureRedirect(() => {
      if (router.state.location.pathname !== '/') void router.navigate('/');
    });
  }, [router]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
