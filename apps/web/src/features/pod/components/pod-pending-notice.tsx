import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Icon } from '@/shared/ui/icons';
import { usePodRequestCount } from '../api/get-pod-request-count';

/** Home, kepala toko and above: pending POD requests of the active store at the top, one tap to the queue. */
export default function PodPendingNotice({ storeCode }: { storeCode: string }) {
  const pending = usePodRequestCount({ storeCode }).data?.pending ?? 0;
  if (pending <= 0) return null;
  return (
    <Link
      to={paths.listPengajuanPod}
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950 shadow-sm active:bg-amber-100"
      data-testid="pod-pending-notice"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-500 text-white">
        <Icon name="pin" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t(podText.home.notice, { count: pending })}</span>
        <span className="block text-xs text-amber-900">{podText.home.noticeHint}</span>
      </span>
      <Icon name="chevronRight" className="size-5 shrink-0" />
    </Link>
  );
}
