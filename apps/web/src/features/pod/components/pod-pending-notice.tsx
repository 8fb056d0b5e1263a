import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Icon } from '@/shared/ui/icons';
import { Skeleton } from '@/shared/ui/skeleton';
import { cn } from '@/shared/utils/cn';
import { usePodRequestCount } from '../api/get-pod-request-count';

/**
 * Home, kepala toko and above: the active store's POD requests waiting for a decision, one
 * tap to the queue. Always shown for them, calm when none wait, so a count that arrives late
 * never pushes the order tiles under a finger. It fills the place home keeps for it.
 */
export default function PodPendingNotice({ storeCode }: { storeCode: string }) {
  const count = usePodRequestCount({ storeCode });
  if (count.isPending) return <Skeleton className="h-full w-full rounded-2xl" />;
  const pending = count.data?.pending ?? 0;
  const waiting = pending > 0;
  return (
    <Link
      to={`${paths.listPengajuanPod}?storeCode=${encodeURIComponent(storeCode)}`}
      className={cn(
        'flex h-full items-center gap-3 rounded-2xl border px-3 shadow-sm',
        waiting ? 'border-amber-300 bg-amber-50 text-amber-950 active:bg-amber-100' : 'border-slate-200 bg-white text-slate-800 active:bg-slate-100',
      )}
      data-testid="pod-pending-notice"
      data-waiting={waiting}
    >
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', waiting ? 'bg-amber-500 text-white' : 'bg-slate-100 text-slate-500')}>
        <Icon name="pin" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{waiting ? t(podText.home.notice, { count: pending }) : podText.home.noneWaiting}</span>
        <span className={cn('block truncate text-xs', waiting ? 'text-amber-900' : 'text-slate-500')}>{waiting ? podText.home.noticeHint : podText.home.noneHint}</span>
      </span>
      <Icon name="chevronRight" className="size-5 shrink-0" />
    </Link>
  );
}
