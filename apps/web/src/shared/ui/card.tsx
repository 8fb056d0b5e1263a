import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { id } from '../i18n/id';
import { cn } from '../utils/cn';
import { formatAge, formatDateTime } from '../utils/format';
import { Icon } from './icons';
import { Skeleton } from './skeleton';

const SURFACE = 'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm';

/** A titled block of a screen (order header, POD positions…); `actions` sit beside the title. */
export function Card({
  title,
  actions,
  children,
  className,
  testId,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section aria-label={title} className={cn(SURFACE, className)} data-testid={testId}>
      {title || actions ? (
        <div className="flex items-center gap-2">
          {title ? <h2 className="flex-1 font-semibold text-slate-900">{title}</h2> : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * One item of a list that opens its detail: the whole card is the link (a large touch target).
 * Its accessible name is its visible text, nothing put over it (WCAG 2.5.3): a voice user says
 * what they see, a screen reader reads what is shown.
 */
export function LinkCard({ to, testId, className, children }: { to: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} data-testid={testId} className={cn(SURFACE, 'active:bg-slate-50', className)}>
      {children}
    </Link>
  );
}

/** The placeholder of a list card while its page loads: one bar per class list (rows of bars: an array). */
export function CardSkeleton({ rows }: { rows: ReadonlyArray<string | readonly string[]> }) {
  return (
    <div className={cn(SURFACE, 'shadow-none')}>
      {rows.map((row, i) =>
        typeof row === 'string' ? (
          <Skeleton key={i} className={row} />
        ) : (
          <div key={i} className="flex justify-between gap-2">
            {row.map((bar, j) => (
              <Skeleton key={j} className={bar} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}

/** A label and its value in a card's grid of facts (a `<dl>`): the `<div>` that groups a `<dt>` with its `<dd>`. */
export function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** How long ago a card's item arrived ("5 menit lalu"), the exact time as its title. `now` ticks for the whole list. */
export function CardAge({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-500">
      <Icon name="clock" className="size-3.5 self-center" />
      {formatAge(at, id.age, now)}
    </time>
  );
}
