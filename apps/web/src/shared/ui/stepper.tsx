import { useId } from 'react';
import { cn } from '../utils/cn';
import { Icon } from './icons';

export const clampQuantity = (value: number, min: number, max: number) =>
  Math.min(Math.max(Number.isFinite(value) ? Math.trunc(value) : min, min), Math.max(min, max));

/**
 * − [n] + for quantities: never below `min` (0 by default) nor above `max`; the
 * number can also be typed. 44 px touch targets.
 */
export function Stepper({
  value,
  onChange,
  min = 0,
  max,
  label,
  decreaseLabel,
  increaseLabel,
  disabled = false,
  testId,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  disabled?: boolean;
  testId?: string;
  className?: string;
}) {
  const inputId = useId();
  const set = (next: number) => onChange(clampQuantity(next, min, max));
  const button =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-800 active:bg-slate-100 disabled:opacity-40';
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid={testId}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <button type="button" className={button} onClick={() => set(value - 1)} disabled={disabled || value <= min} aria-label={decreaseLabel} data-testid={testId ? `${testId}-decrease` : undefined}>
        <Icon name="minus" />
      </button>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(e) => set(e.target.value === '' ? min : Number(e.target.value))}
        onFocus={(e) => e.target.select()}
        className="min-h-11 w-16 rounded-xl border border-slate-300 bg-white text-center text-lg font-semibold tabular-nums text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-200"
        data-testid={testId ? `${testId}-value` : undefined}
      />
      <button type="button" className={button} onClick={() => set(value + 1)} disabled={disabled || value >= max} aria-label={increaseLabel} data-testid={testId ? `${testId}-increase` : undefined}>
        <Icon name="plus" />
      </button>
    </div>
  );
}
