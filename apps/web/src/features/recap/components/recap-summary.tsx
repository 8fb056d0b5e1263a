import type { Recap } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { Skeleton } from '@/shared/ui/skeleton';
import { formatNumber } from '@/shared/utils/format';
import { formatMinutes } from '../utils/format';

const text = recapText.summary;
const TILES = ['orders', 'completed', 'cancelled', 'open', 'returns', 'podExceptions'] as const;

/** The range's figures at a glance: six tiles and the completion time (median, P90). */
export function RecapSummary({ recap }: { recap: Recap }) {
  const { completion } = recap;
  return (
    <section aria-label={text.label} className="flex flex-col gap-2" data-testid="recap-summary">
      <dl className="grid grid-cols-3 gap-2">
        {TILES.map((key) => (
          <div key={key} className="flex flex-col rounded-2xl bg-white px-2 py-2.5 print:border print:border-slate-300" data-testid={`recap-total-${key}`}>
            <dt className="text-xs leading-4 text-slate-600">{text[key]}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`recap-total-${key}-value`}>
              {formatNumber(recap.totals[key])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="rounded-2xl bg-white px-3 py-2.5 text-sm font-medium text-slate-800" data-testid="recap-completion">
        {completion.completed > 0
          ? t(text.completion, { median: formatMinutes(completion.medianMinutes), p90: formatMinutes(completion.p90Minutes) })
          : text.completionNone}
      </p>
    </section>
  );
}

/** The recap's shape while it loads: tiles, a chart, a table. */
export function RecapSkeleton() {
  return (
    <div role="status" aria-label={recapText.updating} className="flex flex-col gap-3" data-testid="recap-skeleton">
      <div className="grid grid-cols-3 gap-2">
        {TILES.map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-10" />
      <Skeleton className="h-64" />
      <Skeleton className="h-40" />
    </div>
  );
}
