import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'gold' | 'outline' | 'ghost' | 'light';
export type ButtonSize = 'md' | 'lg' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium tracking-wide transition-colors duration-150 select-none disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink text-ivory hover:bg-ink-soft',
  gold: 'bg-gold-dark text-white hover:bg-ink-soft',
  outline: 'border border-ink/25 text-ink hover:border-ink hover:bg-ink/[0.03]',
  ghost: 'text-ink hover:bg-ink/5',
  light: 'bg-ivory text-ink hover:bg-white',
};

// Every size keeps the 44 px minimum tap target.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-4 text-sm',
  md: 'min-h-11 px-6 text-sm',
  lg: 'min-h-12 px-8 text-[0.95rem]',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cx(base, variants[variant], sizes[size], extra);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(
        variant,
        size,
        typeof className === 'string' ? className : undefined,
      )}
      {...rest}
    />
  );
}
