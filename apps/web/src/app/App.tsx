import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { setAuthFailureRedirect } from '@/lib/api';
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
