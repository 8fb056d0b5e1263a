import type { ReactNode } from 'react';
import { cn } from '../utils/cn';

const CONTROL =
  'min-h-12 w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0';

/**
 * What ties an input (or select) to its FormField: its id, the invalid state and
 * the error it is described by, and the look of either state. Spread it on the control.
 */
export function fieldControl(id: string, error: string | null | undefined, className?: string | false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: cn(CONTROL, error ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200', className),
  } as const;
}

/** A form's labelled control with its error under it (role=alert) and, after it, anything that helps fill it in. */
export function FormField({
  htmlFor,
  label,
  error,
  errorTestId,
  children,
  after,
}: {
  htmlFor: string;
  label: string;
  error: string | null | undefined;
  errorTestId?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-red-700" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** A one-tap suggestion under a field ("Isi: <nama pelanggan>"), a full 44 px touch target. */
export function FieldSuggestion({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className="min-h-11 self-start rounded-full bg-slate-100 px-3 text-sm text-slate-700">
      {children}
    </button>
  );
}
