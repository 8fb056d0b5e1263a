import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useEvents, useStreamStatus, type StreamEvent } from '@/shared/events/event-stream';
import { installAudioUnlock, signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { LiveBanner } from '@/shared/ui/live-banner';
import { DockPortal } from '@/shared/ui/notice-dock';
import { channelLabel, orderDetailPath } from '../utils/order-status';

/** What the new-order banner shows and opens. */
export type NewOrderNotice = Pick<StreamEvent<'order.created'>['data'], 'shipmentNo' | 'statusId' | 'deliveryType' | 'appId'>;

const BANNER_MS = 15_000;
const NEW_ORDER = ['order.created'] as const;

/**
 * The orders' notices in the signed-in shell: a new order for the active store rings, vibrates and
 * shows a banner that opens it; a stream that stays away says "Menghubungkan ulang". `below`: another
 * area's banners (the escalation alert), in the same stack so none covers another. What an order
 * event changes in the cache is declared in `../live.ts` and applied by the shell's one subscriber.
 */
export function OrderLiveUpdates({ storeCode, below }: { storeCode: string | null; below?: ReactNode }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<NewOrderNotice | null>(null);
  const status = useStreamStatus((s) => s.status);
  const [showReconnecting, setShowReconnecting] = useState(false);

  useEffect(() => installAudioUnlock(), []);

  useEvents(NEW_ORDER, (event) => {
    // A supervisor hears several stores: only the active one's orders ring.
    if (event.data.storeCode && event.data.storeCode !== storeCode) return;
    const { shipmentNo, statusId, deliveryType, appId } = event.data;
    setNotice({ shipmentNo, statusId, deliveryType, appId });
    signal('new-order');
  });

  // The banner goes away by itself.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // "Menghubungkan ulang" only when it lasts: a blip is not worth a flicker.
  useEffect(() => {
    if (status !== 'reconnecting') {
      setShowReconnecting(false);
      return;
    }
    const timer = setTimeout(() => setShowReconnecting(true), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    // In the notice dock under the screen's title bar: a banner pushes the screen down, never lies over it.
    <DockPortal area="live">
      {notice ? (
        <LiveBanner
          tone="emerald"
          icon="orders"
          testId="new-order-banner"
          title={id.live.newOrder}
          detail={t(id.live.newOrderDetail, { shipmentNo: notice.shipmentNo, channel: channelLabel(notice.appId) })}
          hint={id.live.open}
          onOpen={() => {
            setNotice(null);
            navigate(orderDetailPath({ statusId: notice.statusId, shipmentNo: notice.shipmentNo, deliveryType: notice.deliveryType }));
          }}
          onDismiss={() => setNotice(null)}
          dismissLabel={id.live.dismiss}
        />
      ) : null}
      {below}
      {showReconnecting ? (
        <p role="status" data-testid="live-reconnecting" className="inline-flex items-center self-center gap-2 rounded-full bg-slate-800/90 px-3 py-1 text-xs text-white shadow">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-400" />
          {id.live.reconnecting}
        </p>
      ) : null}
    </DockPortal>
  );
}
