import { cn } from '@/shared/utils/cn';

/** A thin bar: resolved units of ordered units. Named (`label`), as every progressbar must be for a screen reader to say what progresses. */
export function ProgressBar({ value, max, complete, label, className }: { value: number; max: number; complete?: boolean; label: string; className?: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-label={label}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-300', complete ? 'bg-emerald-600' : 'bg-brand-600')} style={{ width: `${pct}%` }} />
    </div>
  );
}
