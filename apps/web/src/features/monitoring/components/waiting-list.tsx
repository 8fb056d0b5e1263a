import { WAITING_KINDS, type MonitoringWaiting } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { formatDuration, minutesSince } from '../utils/duration';
import { TileAction, TileStoresPanel } from './tile-nav';

const text = monitoringText.waiting;

/**
 * "Menunggu tindakan": one row per kind of work waiting on someone, with its count and its oldest. A row
 * counts what its list shows and opens it (in one store), or its stores (over several).
 */
export function WaitingList({ waiting, serverNow, expanded }: { waiting: readonly MonitoringWaiting[]; serverNow: number; expanded: string | null }) {
  const byKind = new Map(waiting.map((w) => [w.kind, w]));
  return (
    <Card title={text.title} testId="monitoring-waiting">
      <ul className="-mx-1 flex flex-col divide-y divide-slate-100">
        {WAITING_KINDS.map((kind) => {
          const row = byKind.get(kind) ?? { kind, count: 0, oldestAt: null };
          const oldest = minutesSince(row.oldestAt, serverNow);
          const label = text.kinds[kind];
          return (
            <li key={kind} className="py-0.5">
              <TileAction
                tile={kind}
                testId={`monitoring-waiting-${kind}`}
                className="flex min-h-12 w-full items-center gap-3 rounded-xl px-1 py-1.5 active:bg-slate-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-500">{row.count > 0 && oldest !== null ? t(text.oldest, { age: formatDuration(oldest) }) : text.none}</span>
                </span>
                <span
                  data-testid={`monitoring-waiting-${kind}-count`}
                  className={cn('inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-sm font-bold tabular-nums', row.count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-500')}
                >
                  {formatNumber(row.count)}
                </span>
                <Icon name="chevronRight" className={cn('size-5 shrink-0 text-slate-400', expanded === kind && 'rotate-90')} />
              </TileAction>
              {expanded === kind ? <TileStoresPanel tile={kind} label={label} /> : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
