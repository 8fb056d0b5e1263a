import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BOOKING_EVENT_TYPES,
  CANCEL_EVENT_TYPES,
  ORDER_EVENT_TYPES,
  RETURN_EVENT_TYPES,
  type BookingEventType,
  type CancelEventType,
  type OrderDetail,
  type OrderEventType,
  type ReturnEventType,
} from '@gerai/contract';
import { useNavigate } from 'react-router';
import { useEvents, useStreamStatus, type StreamEvent } from '@/shared/events/event-stream';
import { installAudioUnlock, signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { LiveBanner } from '@/shared/ui/live-banner';
import { DockPortal } from '@/shared/ui/notice-dock';
import { orderKeys, orderMutationKey } from '../query-keys';
import { applyScannedEvent } from '../utils/order-detail';
import { channelLabel, orderDetailPath } from '../utils/order-status';

export type OrderEvent = StreamEvent<OrderEventType>;

/**
 * What the order screens listen to: the order events, and the cancellation, return and stock booking
 * events, which change what the order's detail shows (its request, its return, its bookings and
 * whether it may be packed, its actions).
 */
export const ORDER_LIVE_TYPES = [...ORDER_EVENT_TYPES, ...CANCEL_EVENT_TYPES, ...RETURN_EVENT_TYPES, ...BOOKING_EVENT_TYPES] as const;
export type OrderLiveEvent = StreamEvent<OrderEventType | CancelEventType | ReturnEventType | BookingEventType>;

/**
 * Events that change one order's detail only: its status, counts and lists stay as they are. A booking
 * event reaches both stores; at the store it is addressed to, it names an order that store does not
 * have, so refreshing that order's detail finds nothing to read.
 */
const DETAIL_ONLY: ReadonlySet<string> = new Set<string>(['order.notice', ...CANCEL_EVENT_TYPES.filter((t) => t !== 'cancel.approved'), ...RETURN_EVENT_TYPES, ...BOOKING_EVENT_TYPES]);

/** What the new-order banner shows and opens. */
export type NewOrderNotice = Pick<StreamEvent<'order.created'>['data'], 'shipmentNo' | 'statusId' | 'deliveryType' | 'appId'>;

const BANNER_MS = 15_000;
const COALESCE_MS = 250;

/**
 * Applies one order event to the cache. Lists and counts are refetched (only the
 * ones on screen; the others are marked stale). A scan patches the cached
 * detail from the event; for other events the detail is refetched unless this
 * phone is changing it right now: its own reply is newer.
 */
export function applyOrderEvent(queryClient: QueryClient, event: OrderLiveEvent): void {
  if (!DETAIL_ONLY.has(event.type)) {
    void queryClient.invalidateQueries({ queryKey: orderKeys.count() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  }
  const { shipmentNo } = event.data;
  if (event.type === 'order.scanned') {
    // A scan changes one line's picked count, which the event carries: patch instead of reading the order again.
    const cached = queryClient.getQueryData<OrderDetail>(orderKeys.detail(shipmentNo));
    const patched = cached ? applyScannedEvent(cached, event.data) : null;
    if (patched) {
      queryClient.setQueryData(orderKeys.detail(shipmentNo), patched);
      return;
    }
  }
  const busy = queryClient.isMutating({ mutationKey: orderMutationKey(shipmentNo) }) > 0;
  void queryClient.invalidateQueries({ queryKey: orderKeys.detail(shipmentNo), refetchType: busy ? 'none' : 'active' });
}

/**
 * The live side of orders, mounted once in the signed-in shell: one SSE
 * connection; a new order for the active store rings, vibrates and shows a
 * banner that opens it; every order event refreshes what it touches. `below`:
 * another area's banners (the escalation alert), in the same stack so none covers another.
 */
export function OrderLiveUpdates({ storeCode, below }: { storeCode: string | null; below?: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<NewOrderNotice | null>(null);
  const status = useStreamStatus((s) => s.status);
  const [showReconnecting, setShowReconnecting] = useState(false);

  useEffect(() => installAudioUnlock(), []);

  // Bursts (a crew scanning fast) are applied together, one per order.
  const pending = useRef<OrderLiveEvent[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );
  useEvents(ORDER_LIVE_TYPES, (event) => {
    const forActiveStore = !event.data.storeCode || event.data.storeCode === storeCode;
    if (!forActiveStore) return;
    if (event.type === 'order.created') {
      const { shipmentNo, statusId, deliveryType, appId } = event.data;
      setNotice({ shipmentNo, statusId, deliveryType, appId });
      signal('new-order');
    }
    pending.current.push(event);
    flushTimer.current ??= setTimeout(() => {
      flushTimer.current = null;
      // Every scan patches its own line, in the order they came (a later count of a line replaces an
      // earlier one); of the other events, one per order, one that moves the order (lists, counts)
      // winning over one that only changes its detail.
      const scans: OrderLiveEvent[] = [];
      const chosen = new Map<string, OrderLiveEvent>();
      for (const e of pending.current.splice(0)) {
        if (e.type === 'order.scanned') {
          scans.push(e);
          continue;
        }
        const held = chosen.get(e.data.shipmentNo);
        if (!held || (DETAIL_ONLY.has(held.type) && !DETAIL_ONLY.has(e.type))) chosen.set(e.data.shipmentNo, e);
      }
      for (const e of scans) applyOrderEvent(queryClient, e);
      for (const e of chosen.values()) applyOrderEvent(queryClient, e);
    }, COALESCE_MS);
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
