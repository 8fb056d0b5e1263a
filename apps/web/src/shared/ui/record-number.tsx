import type { ReactNode } from 'react';
import { cn } from '@/shared/utils/cn';

/**
 * The number a record is known by (a shipment, a MAT, a booking) at the top of its card: mono, bold,
 * broken anywhere rather than pushing the card wider at 360 px, with its status chips (`children`)
 * beside it. `small` where the number is not the screen's subject (a summary before a step).
 */
export function RecordNumber({ value, testId, small = false, wrap = false, children }: { value: string; testId: string; small?: boolean; wrap?: boolean; children?: ReactNode }) {
  return (
    <div className={cn('flex items-center gap-2', wrap && 'flex-wrap')}>
      <p className={cn('min-w-0 flex-1 font-mono font-bold break-all text-slate-900', !small && 'text-lg')} data-testid={testId}>
        {value}
      </p>
      {children}
    </div>
  );
}
