import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl text-base font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-70 no-underline';

/** Padding lives here, not in callers' classes: conflicting utilities do not override reliably. */
export type ButtonSize = 'md' | 'sm';
const sizes: Record<ButtonSize, string> = { md: 'px-5 py-2.5', sm: 'px-3 py-2' };

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-strong',
  secondary: 'border border-line-strong bg-surface text-ink hover:bg-accent-soft',
  ghost: 'text-accent-strong hover:bg-accent-soft',
  danger: 'bg-danger text-white hover:bg-danger-strong',
};

export function buttonClass(variant: ButtonVariant = 'primary', className?: string, size: ButtonSize = 'md') {
  return cn(base, sizes[size], variants[variant], className);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows progress and blocks double submits. */
  loading?: boolean;
  /** Read instead of the label while loading, e.g. "Wird gesendet …". */
  loadingLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className, size)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, className, size)} {...rest} />;
}
