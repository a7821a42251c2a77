import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Line icons, 24 px grid, stroke = currentColor. Decorative: the control carries the label. */
export function Line({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
