import type { ReactNode } from 'react';
import { CardAge, CardSkeleton, LinkCard } from './card';

/**
 * One request of a queue (a cancellation, a POD request, a return): shipment and status, customer
 * and age, reason, then the area's facts; tap to open it. One card, so the queues look alike.
 */
export function RequestCard({
  to,
  testId,
  shipmentNo,
  status,
  customer,
  at,
  now,
  reason,
  reasonTestId,
  facts,
  children,
}: {
  to: string;
  testId: string;
  shipmentNo: string;
  /** The area's status chip. */
  status: ReactNode;
  customer: ReactNode;
  /** When it was asked for (ISO 8601). */
  at: string;
  now: number;
  reason: ReactNode;
  reasonTestId?: string;
  /** The small facts row (who asked, items, distance…). */
  facts: ReactNode;
  /** Anything under the facts (a rejection's reason). */
  children?: ReactNode;
}) {
  return (
    <LinkCard to={to} testId={testId} className="gap-1.5">
      {/* The number is what the crew match against the parcel: never cut; a long status goes under it. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="grow whitespace-nowrap font-mono font-semibold text-slate-900">{shipmentNo}</p>
        {status}
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800">{customer}</p>
        <CardAge at={at} now={now} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-700" data-testid={reasonTestId}>
        {reason}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">{facts}</div>
      {children}
    </LinkCard>
  );
}

export function RequestCardSkeleton() {
  return <CardSkeleton rows={['h-5 w-2/3', 'h-4 w-1/2', 'h-4 w-full']} />;
}
