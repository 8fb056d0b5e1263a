import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifyNativePending } from '../bridge/native-bridge';
import { outboxText } from '../i18n/outbox';
import { useOnlineStatus } from '../hooks/use-online-status';
import { t } from '../i18n/id';
import { useModalStore } from '../modal/modal-store';
import { Icon } from '../ui/icons';
import { DockPortal } from '../ui/notice-dock';
import { cn } from '../utils/cn';
import { formatTime } from '../utils/format';
import { usePendingActions } from './outbox-context';

/** When what the screen shows was last read from the server: the newest data of the queries on screen. */
function lastRead(queryClient: ReturnType<typeof useQueryClient>): number | null {
  let newest = 0;
  for (const q of queryClient.getQueryCache().getAll()) if (q.getObserversCount() > 0) newest = Math.max(newest, q.state.dataUpdatedAt);
  return newest || null;
}

/**
 * The connection and the crew's actions not yet on the server, in one small pill in the notice
 * dock under the screen's title bar: "Offline · data 10.42", "3 menunggu", "1 ditolak". It has its
 * place there, so it never lies over a control; tapping it opens the list. It also tells a native
 * host how many actions wait.
 */
export function ConnectionStatus() {
  const online = useOnlineStatus();
  const actions = usePendingActions();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const refused = actions.filter((a) => a.state === 'refused').length;
  // A native host keeps the webview alive while actions wait.
  useEffect(() => notifyNativePending(actions.length), [actions.length]);
  if (online && actions.length === 0) return null;

  const readAt = online ? null : lastRead(queryClient);
  const label = refused
    ? t(outboxText.refused, { n: refused })
    : !online
      ? readAt
        ? t(outboxText.offlineSince, { time: formatTime(readAt) })
        : outboxText.offline
      : t(outboxText.pending, { n: actions.length });
  const count = !online && actions.length && !refused ? ` · ${t(outboxText.pending, { n: actions.length })}` : '';

  return (
    <DockPortal area="status">
      <button
        type="button"
        data-testid="connection-status"
        data-state={refused ? 'refused' : online ? 'pending' : 'offline'}
        aria-label={`${label}${count}. ${outboxText.statusLabel}`}
        onClick={() => openModal({ type: 'pending-actions', title: outboxText.title, actionsType: 'close-modal' })}
        className={cn(
          'inline-flex min-h-11 items-center gap-1.5 self-start rounded-full px-3 text-xs font-semibold shadow-sm',
          refused ? 'bg-red-700 text-white' : online ? 'bg-brand-700 text-white' : 'bg-slate-800 text-white',
        )}
      >
        <Icon name={online ? 'cloudUp' : 'wifiOff'} className="size-4 shrink-0" />
        <span>
          {label}
          {count}
        </span>
      </button>
    </DockPortal>
  );
}
