import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Goes to '/' `delayMs` after `when` turns true (SPEC §9 timings); cancelled on leaving. */
export function useRedirectHome(when: boolean, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => void navigate('/'), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, delayMs, navigate]);
}
