import { Link, type LinkProps } from 'react-router';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../utils/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 disabled:bg-brand-300',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:opacity-50',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100 active:bg-slate-200 disabled:opacity-50',
  danger: 'border border-red-600 bg-white text-red-700 hover:bg-red-50 active:bg-red-100 disabled:opacity-50',
};

// Touch targets stay at least 44 px high (min-h-11).
const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
  block?: boolean;
  icon?: ReactNode;
}

export function Button({ variant = 'primary', loading = false, block = false, icon, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(BASE, VARIANTS[variant], block && 'w-full', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
}

export function ButtonLink({ variant = 'primary', block = false, className, ...rest }: LinkProps & { variant?: Variant; block?: boolean }) {
  return <Link className={cn(BASE, VARIANTS[variant], block && 'w-full', className)} {...rest} />;
}
