import { useOnlineStatus } from '../hooks/use-online-status';
import { id } from '../i18n/id';
import { Icon } from './icons';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-40 flex items-center gap-2 bg-slate-800 px-4 py-2 text-sm text-white">
      <Icon name="wifiOff" className="size-5 shrink-0" />
      <span>{id.errors.offline}</span>
    </div>
  );
}
