import { useEffect, useState } from 'react';
import { STORE_INFO } from '@/lib/store-info';
import { cx } from '@/ui/cx';

const ROTATE_MS = 5000;

/** SPEC §1: two messages taking turns above the header (10% off on sign-up; free shipping from R$ 600). */
export function TopBanner() {
  const messages = STORE_INFO.bannerMessages;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, messages.length]);

  return (
    <aside
      aria-label="Avisos da loja"
      className="bg-ink text-ivory"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      {/* Both messages stay in the page for screen readers; only the visual one rotates. */}
      <ul className="relative mx-auto flex h-9 max-w-7xl items-center justify-center px-4 text-center text-xs font-medium tracking-[0.04em] sm:uppercase sm:tracking-[0.16em]">
        {messages.map((message, i) => (
          <li
            key={message}
            className={cx(
              'absolute inset-x-4 truncate transition-opacity duration-500',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          >
            {message}
          </li>
        ))}
      </ul>
    </aside>
  );
}
