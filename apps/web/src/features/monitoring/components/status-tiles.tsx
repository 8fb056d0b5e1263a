import { MONITORED_STATUSES, ORDER_STATUS, statusTile, type Monitoring, type MonitoringStatus, type MonitoringStatusId } from '@gerai/contract';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { statusLabel } from '@/shared/utils/order-ref';
import { formatDuration, minutesSince } from '../utils/duration';
import { TileAction, TileStoresPanel } from './tile-nav';

const text = monitoringText.statuses;
const CLOSED = [ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED] as const;

/**
 * How many of a status are late. The server counted at `generatedAt`; since then the oldest may have
 * passed its service level (the screen's clock ticks), which makes at least one late until the next read.
 */
export function lateNow(status: MonitoringStatus, slaMinutes: number | undefined, serverNow: number): number {
  if (slaMinutes === undefined || !status.oldestAt) return status.late;
  const pastSla = serverNow - Date.parse(status.oldestAt) > slaMinutes * 60_000;
  return Math.max(status.late, pastSla ? 1 : 0);
}

/** A text with a duration in it ("Tertua {age}"): the duration never breaks over two lines in a narrow tile. */
function AgeText({ template, age }: { template: string; age: string }) {
  const [before, after = ''] = template.split('{age}');
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{age}</span>
      {after}
    </>
  );
}

function MonitoredTile({ status, slaMinutes, serverNow }: { status: MonitoringStatus; slaMinutes: number | undefined; serverNow: number }) {
  const late = lateNow(status, slaMinutes, serverNow);
  const oldest = minutesSince(status.oldestAt, serverNow);
  const label = statusLabel(status.statusId);
  return (
    <TileAction
      tile={statusTile(status.statusId as MonitoringStatusId)}
      testId={`monitoring-status-${status.statusId}`}
      late={late > 0}
      className={cn('flex min-w-0 flex-col gap-0.5 rounded-2xl border px-1.5 py-2 shadow-sm active:bg-slate-50', late > 0 ? 'border-red-600 bg-red-50' : 'border-slate-200 bg-white')}
    >
      <span className="truncate text-xs font-semibold text-slate-600">{label}</span>
      <span
        className={cn('text-2xl font-bold tabular-nums', late > 0 ? 'text-red-700' : 'text-slate-900')}
        data-testid={`monitoring-status-${status.statusId}-count`}
      >
        {formatNumber(status.count)}
      </span>
      <span className={cn('text-xs', late > 0 ? 'font-semibold text-red-800' : 'text-slate-700')} data-testid={`monitoring-status-${status.statusId}-oldest`}>
        {oldest === null ? text.none : <AgeText template={text.oldest} age={formatDuration(oldest)} />}
      </span>
      {slaMinutes !== undefined ? (
        <span className="text-xs text-slate-600">
          <AgeText template={text.sla} age={formatDuration(slaMinutes)} />
        </span>
      ) : null}
      {late > 0 ? (
        <span
          className="mt-1 self-start rounded-lg bg-red-700 px-1 py-0.5 text-[11px] leading-tight font-semibold text-white"
          data-testid={`monitoring-status-${status.statusId}-late`}
        >
          {t(text.late, { count: formatNumber(late) })}
        </span>
      ) : null}
    </TileAction>
  );
}

/**
 * The statuses watched against a service level, large; completed and cancelled beside as counts. Each
 * opens its order list (in one store) or its stores (over several), whose panel shows under the tiles.
 */
export function StatusTiles({ data, serverNow, expanded }: { data: Monitoring; serverNow: number; expanded: string | null }) {
  const byStatus = new Map(data.totals.map((s) => [s.statusId, s]));
  const slaOf = (statusId: number) => data.sla.find((s) => s.statusId === statusId)?.minutes;
  const empty = (statusId: number): MonitoringStatus => ({ statusId, count: 0, late: 0, oldestAt: null });
  const open = [...MONITORED_STATUSES, ...CLOSED].find((s) => statusTile(s) === expanded);
  return (
    <section aria-label={text.title} className="flex flex-col gap-2" data-testid="monitoring-statuses">
      <div className="grid grid-cols-3 gap-1.5">
        {MONITORED_STATUSES.map((s) => (
          <MonitoredTile key={s} status={byStatus.get(s) ?? empty(s)} slaMinutes={slaOf(s)} serverNow={serverNow} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2">
        {CLOSED.map((s) => {
          const count = (byStatus.get(s) ?? empty(s)).count;
          return (
            <TileAction
              key={s}
              tile={statusTile(s)}
              testId={`monitoring-status-${s}`}
              className="flex min-h-11 items-center justify-between rounded-2xl border border-slate-200 bg-white px-3 py-2 shadow-sm active:bg-slate-50"
            >
              <span className="text-sm font-medium text-slate-600">{ORDER_STATUS_LABEL[s]}</span>
              <span className="text-lg font-bold text-slate-900 tabular-nums" data-testid={`monitoring-status-${s}-count`}>
                {formatNumber(count)}
              </span>
            </TileAction>
          );
        })}
      </div>
      {open !== undefined ? <TileStoresPanel tile={statusTile(open)} label={statusLabel(open)} /> : null}
    </section>
  );
}
