import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { setAuthFailureRedirect } from '@/lib/api';
import { setFirstHydration } from '@/ui/hydrate-on-sight';
import { AppProviders } from './providers';
import { routes } from './router';

/** The pages of SPEC §2, wherever the router is (the browser's, or the server's StaticRouter). */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);
  // The first page the app moves to leaves the server's page: a part rendered from then on
  // renders at once (ui/hydrate-on-sight.tsx).
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) setFirstHydration(false);
  }, [location.key]);
  // An ended session (SPEC §4) goes to '/' through the router, keeping the app loaded.
  useEffect(() => {
    setAuthFailureRedirect(() => {
      if (pathname.current !== '/') void navigate('/');
    });
  }, [navigate]);
  return useRoutes(routes);
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
