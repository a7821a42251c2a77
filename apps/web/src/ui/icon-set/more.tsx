import { Line, type IconProps } from './line';

// Icons of the pages, drawers and dialogs (cart, checkout, account, back office).

export const ChevronLeftIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Line>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M9 6l6 6-6 6" />
  </Line>
);

export const TruckIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17.5" cy="17.5" r="1.8" />
  </Line>
);

export const ShieldIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M12 3l7 3v5c0 4.5-3 8.2-7 10-4-1.8-7-5.5-7-10V6z" />
    <path d="M9 12l2 2 4-4" />
  </Line>
);

export const ChatIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Line>
);

export const SparkleIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
    <path d="M19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z" />
  </Line>
);

export const StarIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 20 20"
    width="16"
    height="16"
    fill="currentColor"
    aria-hidden="true"
    focusable="false"
    {...p}
  >
    <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
  </svg>
);

export const EyeIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Line>
);

export const EyeOffIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M4 4l16 16" />
    <path d="M10.6 6a9.6 9.6 0 0 1 1.4-.1c6 0 9.5 6.1 9.5 6.1a16.6 16.6 0 0 1-3 3.6M6.6 7.4A16 16 0 0 0 2.5 12s3.5 6.5 9.5 6.5a9 9 0 0 0 4.4-1.1" />
    <path d="M9.9 10a3 3 0 0 0 4.1 4.2" />
  </Line>
);

/** The size guide's button ('Guia de medidas'). */
export const RulerIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M3 15.5 15.5 3 21 8.5 8.5 21z" />
    <path d="m7 11.5 1.8 1.8M10 8.5l1.8 1.8M13 5.5l1.8 1.8M5.5 14.5 8 17" />
  </Line>
);

export const CheckIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Line>
);

export const AlertIcon = (p: IconProps) => (
  <Line {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.3v.2" />
  </Line>
);

export const LogoutIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M14 4h4.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14" />
    <path d="M10 8l-4 4 4 4M6 12h10" />
  </Line>
);

export const ReceiptIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </Line>
);

/** PIX's diamond (the checkout's 'Como você quer pagar?'). */
export function PixIcon(props: IconProps) {
  return (
    <Line {...props}>
      <path d="M12 3 21 12 12 21 3 12Z" />
      <path d="M12 8.5 15.5 12 12 15.5 8.5 12Z" />
    </Line>
  );
}

/** A payment card. */
export function CardIcon(props: IconProps) {
  return (
    <Line {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 14.5h3.5" />
    </Line>
  );
}

export const FilterIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </Line>
);
