import { cn } from '../utils/cn';

/**
 * The number in a home tile's corner: what waits for this store (nothing shown at 0). The digits are
 * for the eye; `label` (the area's words with the count) is what a screen reader says.
 */
export function TileBadge({ count, label, testId, tone = 'red' }: { count: number; label: string; testId: string; tone?: 'red' | 'brand' }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white',
        tone === 'red' ? 'bg-red-600' : 'bg-brand-700',
      )}
      data-testid={testId}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
