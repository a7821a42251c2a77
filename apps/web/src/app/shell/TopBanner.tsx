import { useEffect, useState } from 'react';
import { STORE_INFO } from '@/lib/store-info';
import { cx } from '@/ui/cx';

export const ROTATE_MS = 5000;
export const PAUSE_LABEL = 'Pausar avisos';
export const RESUME_LABEL = 'Retomar avisos';

/**
 * SPEC §1: two messages taking turns above the header (10% off on sign-up; free shipping from
 * R$ 600). Content that changes by itself must be possible to stop (WCAG 2.2.2): the button at
 * its end pauses and resumes it, and it waits while a pointer is over it or the keyboard's focus
 * is in it. Its choice holds while she browses (the banner stays mounted across pages).
 */
export function TopBanner() {
  const messages = STORE_INFO.bannerMessages;
  const [index, setIndex] = useState(0);
  const [pausedByHer, setPausedByHer] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const waiting = pausedByHer || hovered || focused;

  useEffect(() => {
    if (waiting) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [waiting, messages.length]);

  return (
    <aside
      aria-label="Avisos da loja"
      className="bg-ink text-ivory"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="relative mx-auto h-9 max-w-7xl px-2 sm:px-4">
        {/* Both messages stay in the page for screen readers; only the visual one rotates. */}
        <ul className="relative flex h-full items-center justify-center text-center text-xs font-medium tracking-[0.04em] sm:uppercase sm:tracking-[0.16em]">
          {messages.map((message, i) => (
            <li
              key={message}
              className={cx(
                // Clear of the button: on a phone only on its side, so the longer message still
                // fits a 390 px screen; from sm on, on both sides, so it stays centred.
                'absolute right-8 left-0 truncate transition-opacity duration-500 sm:inset-x-8',
                i === index ? 'opacity-100' : 'opacity-0',
              )}
            >
              {message}
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => setPausedByHer((paused) => !paused)}
          aria-label={pausedByHer ? RESUME_LABEL : PAUSE_LABEL}
          title={pausedByHer ? RESUME_LABEL : PAUSE_LABEL}
          className="absolute top-1/2 right-1 grid size-7 sm:right-2 -translate-y-1/2 place-items-center rounded-full text-ivory/75 transition-colors hover:bg-ivory/10 hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-light"
        >
          <svg viewBox="0 0 12 12" aria-hidden="true" className="size-3 fill-current">
            {pausedByHer ? (
              <path d="M3 1.5v9l7.5-4.5z" />
            ) : (
              <>
                <rect x="2.5" y="1.5" width="2.5" height="9" rx="0.5" />
                <rect x="7" y="1.5" width="2.5" height="9" rx="0.5" />
              </>
            )}
          </svg>
        </button>
      </div>
    </aside>
  );
}
