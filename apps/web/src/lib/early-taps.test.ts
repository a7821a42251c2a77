import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps } from './early-taps';

const GLOBAL = '__semijoiasToquesAntesDoApp';
const win = window as unknown as Record<string, unknown>;

afterEach(() => {
  delete win[GLOBAL];
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('replayEarlyTaps', () => {
  it('taps again the last button tapped before the app, once, and stops the keeping', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button id="menu">Menu</button><button id="entre">Entre</button>';
    const menu = document.getElementById('menu') as HTMLButtonElement;
    const entre = document.getElementById('entre') as HTMLButtonElement;
    const clicks: string[] = [];
    menu.addEventListener('click', () => clicks.push('menu'));
    entre.addEventListener('click', () => clicks.push('entre'));
    const take = vi.fn(() => [menu, entre]);
    win[GLOBAL] = take;
    replayEarlyTaps();
    vi.runAllTimers();
    expect(take).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual(['entre']);
  });

  it('leaves a button gone from the page or disabled, and a page without the start script', () => {
    vi.useFakeTimers();
    const gone = document.createElement('button');
    const clicked = vi.fn();
    gone.addEventListener('click', clicked);
    win[GLOBAL] = () => [gone];
    replayEarlyTaps();
    document.body.innerHTML = '<button id="off" disabled>Off</button>';
    const off = document.getElementById('off') as HTMLButtonElement;
    off.addEventListener('click', clicked);
    win[GLOBAL] = () => [off];
    replayEarlyTaps();
    delete win[GLOBAL];
    expect(() => replayEarlyTaps()).not.toThrow();
    vi.runAllTimers();
    expect(clicked).not.toHaveBeenCalled();
  });
});
