import { useEffect, useState } from 'react';
import { STORE_INFO } from '@/lib/store-info';
import { cx } from '@/ui/cx';
import { Line } from '@/ui/icon-set/line';

export const ROTATE_MS = 5000;
export const PAUSE_LABEL = 'Pausar avisos';
export const RESUME_LABEL = 'Retomar avisos';

/**
 * SPEC §1: two messages taking turns above the header (10% off on sign-up; free shipping from
 * R$ 600). Content that changes by itself must be possible to stop (WCAG 2.2.2): the button at
 * its end pauses and resumes it, and it waits while a pointer is over it or the keyboard's focus
 * is on its button. Her choice holds while she browses (the banner stays mounted across pages).
 * Every page loads it, within the home's JavaScript budget (e2e/server-rendering.spec.ts): kept
 * small on purpose.
 */
export function TopBanner() {
  const messages = STORE_INFO.bannerMessages;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  // A pointer over the banner or the keyboard's focus on its button (its one focusable part).
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (stopped || held) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [stopped, held, messages.length]);

  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <aside
      aria-label="Avisos da loja"
      className="relative bg-ink text-ivory"
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      {/* Both messages stay in the page for screen readers; only the visual one rotates. */}
      <ul className="relative mx-auto flex h-9 max-w-7xl items-center justify-center px-4 text-center text-xs font-medium tracking-[0.04em] max-[389px]:text-[11px] sm:uppercase sm:tracking-[0.16em]">
        {messages.map((message, i) => (
          <li
            key={message}
            className={cx(
              // Clear of the button: on a phone only on its side, so the longer message still
              // fits a 390 px screen; from sm on, on both sides, so it stays centred.
              'absolute right-7 left-0 truncate transition-opacity duration-500 sm:inset-x-7',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          >
            {message}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setStopped(!stopped)}
        aria-label={stopped ? RESUME_LABEL : PAUSE_LABEL}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full text-ivory/75 hover:text-ivory focus-visible:outline-2 focus-visible:outline-gold-light"
      >
        <Line className="size-4" strokeWidth="2.5">
          <path d={stopped ? 'M8 5v14l11-7z' : 'M9 5v14m6-14v14'} />
        </Line>
      </button>
    </aside>
  );
}
