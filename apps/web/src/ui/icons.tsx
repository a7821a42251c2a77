import { Line, type IconProps } from './icon-set/line';

/**
 * The store's icons. This module holds the ones every page's header shows (it is part of every
 * first download); the others live in icon-set/ by use and are re-exported here, so a page's
 * code only carries the icons it shows (a bundler places a whole module where it is first used).
 */
export type { IconProps };
export * from './icon-set/social';
export * from './icon-set/more';

export const MenuIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Line>
);

export const CloseIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Line>
);

export const SearchIcon = (p: IconProps) => (
  <Line {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4 4" />
  </Line>
);

export const BagIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M5 8h14l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Line>
);

export const UserIcon = (p: IconProps) => (
  <Line {...p}>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 20c.8-3.5 3.6-5.5 7-5.5s6.2 2 7 5.5" />
  </Line>
);
