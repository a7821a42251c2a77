import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyOnSight } from './lazy-on-sight';

/** An IntersectionObserver the test drives: `enter()` says the part came near the screen. */
class FakeObserver {
  static current: FakeObserver | null = null;
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {}
  enter() {
    this.callback([{ isIntersecting: true }]);
  }
}

function Part({ text }: { text: string }) {
  return <p>{text}</p>;
}

beforeEach(() => {
  FakeObserver.current = null;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  document.getElementById('rodape')?.remove();
});

/** The server's HTML of the part, already in the page (as a server-rendered page has it). */
function serverHtmlOfThePart() {
  const anchor = document.createElement('footer');
  anchor.id = 'rodape';
  document.body.append(anchor);
}

describe('a part whose code loads when wanted', () => {
  it('on a server-rendered page, waits for the shopper’s first move', async () => {
    serverHtmlOfThePart();
    const load = vi.fn(() => Promise.resolve(Part));
    const Footer = lazyOnSight('rodape', load);
    render(<Footer text="Rodapé" />);
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointerdown'));
    expect(await screen.findByText('Rodapé')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a server-rendered page, loads as it comes near the screen', async () => {
    serverHtmlOfThePart();
    const load = vi.fn(() => Promise.resolve(Part));
    const Footer = lazyOnSight('rodape', load);
    render(<Footer text="Rodapé" />);
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();

    act(() => FakeObserver.current?.enter());
    expect(await screen.findByText('Rodapé')).toBeTruthy();
  });

  it('rendered by the browser (no server HTML of it), loads at once', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Footer = lazyOnSight('rodape', load);
    render(<Footer text="Rodapé" />);
    expect(await screen.findByText('Rodapé')).toBeTruthy();
    expect(FakeObserver.current).toBeNull();
  });
});
