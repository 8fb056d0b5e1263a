import { id } from '../i18n/id';
import { cn } from '../utils/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} />;
}

/** Placeholder while a lazy page's code loads. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4 p-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** A block that is loading: one bar per class list, in a column, announced as "Memuat…". */
export function SkeletonStack({ bars, testId, className }: { bars: readonly string[]; testId?: string; className?: string }) {
  return (
    <div role="status" aria-label={id.common.loading} className={cn('flex flex-col gap-3', className)} data-testid={testId}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
