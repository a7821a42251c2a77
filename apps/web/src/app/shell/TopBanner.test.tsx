/**
 * The banner above the header (SPEC §1): its two messages take turns every 5 s, and a shopper can
 * stop them (WCAG 2.2.2): with its button, or by keeping the pointer or the keyboard's focus on it.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORE_INFO } from '@/lib/store-info';
import { PAUSE_LABEL, RESUME_LABEL, ROTATE_MS, TopBanner } from './TopBanner';

const [FIRST, SECOND] = STORE_INFO.bannerMessages;

/** The message a sighted shopper sees now (the other one is faded out). */
function shown(): string {
  const visible = screen
    .getAllByRole('listitem')
    .filter((item) => item.className.includes('opacity-100'));
  expect(visible).toHaveLength(1);
  return visible[0]!.textContent ?? '';
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the top banner', () => {
  it('shows one message, then the other every 5 s; both are in the page for screen readers', async () => {
    render(<TopBanner />);
    const banner = screen.getByRole('complementary', { name: 'Avisos da loja' });
    expect(banner.textContent).toContain(FIRST);
    expect(banner.textContent).toContain(SECOND);
    expect(shown()).toBe(FIRST);
    await wait(ROTATE_MS);
    expect(shown()).toBe(SECOND);
    await wait(ROTATE_MS);
    expect(shown()).toBe(FIRST);
  });

  it('stops on "Pausar avisos" and goes on from there on "Retomar avisos"', async () => {
    render(<TopBanner />);
    await wait(ROTATE_MS);
    // A click leaves the focus on the button in a browser, which holds the banner too: each click
    // is followed by the blur of moving on, so what is tested is the button's choice alone.
    fireEvent.click(screen.getByRole('button', { name: PAUSE_LABEL }));
    fireEvent.blur(screen.getByRole('button', { name: RESUME_LABEL }));
    await wait(ROTATE_MS * 3);
    expect(shown()).toBe(SECOND);

    fireEvent.click(screen.getByRole('button', { name: RESUME_LABEL }));
    fireEvent.blur(screen.getByRole('button', { name: PAUSE_LABEL }));
    await wait(ROTATE_MS);
    expect(shown()).toBe(FIRST);
  });

  it('waits while the keyboard focus or the pointer is on it', async () => {
    render(<TopBanner />);
    const banner = screen.getByRole('complementary', { name: 'Avisos da loja' });
    const button = screen.getByRole('button', { name: PAUSE_LABEL });

    fireEvent.focus(button);
    await wait(ROTATE_MS * 3);
    expect(shown()).toBe(FIRST);
    fireEvent.blur(button);
    await wait(ROTATE_MS);
    expect(shown()).toBe(SECOND);

    fireEvent.pointerEnter(banner);
    await wait(ROTATE_MS * 3);
    expect(shown()).toBe(SECOND);
    fireEvent.pointerLeave(banner);
    await wait(ROTATE_MS);
    expect(shown()).toBe(FIRST);
  });
});
