import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { POD_REQUEST_TYPE } from '@gerai/contract/limits';
import type { PodMyRequests, PodRequestList, PodRequestSummary } from '@gerai/contract';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { showToast } from '@/shared/toast/toast-store';
import { LiveBanner } from '@/shared/ui/live-banner';
import { POD_LIVE_TYPES, type PodLiveEvent } from '../live-events';
import { podKeys } from '../query-keys';
import { useSentRequests } from '../stores/sent-requests';

const BANNER_MS = 15_000;

/** What the new-request banner shows and opens. */
export type NewRequestNotice = Pick<StreamEvent<'pod.requested'>['data'], 'shipmentNo' | 'deliveryType' | 'type' | 'requesterName'>;

/** A decided request as a summary shows it (null: the event decides nothing). */
function decidedBy(event: PodLiveEvent): { id: number; patch: Partial<PodRequestSummary> } | null {
  if (event.type === 'pod.approved') return { id: event.data.requestId, patch: { status: 'approved', decidedByName: event.data.deciderName, rejectReason: null } };
  if (event.type === 'pod.rejected') return { id: event.data.requestId, patch: { status: 'rejected', decidedByName: event.data.deciderName, rejectReason: event.data.rejectReason } };
  if (event.type === 'pod.closed') {
    const { reason } = event.data;
    return { id: event.data.requestId, patch: { status: 'rejected', decidedByName: null, rejectReason: { id: 0, label: reason, text: reason, display: reason } } };
  }
  return null;
}

/**
 * Refreshes what a POD event touches: the queue, its badge, the order's requests and its detail.
 * A decision is also written into the cached requests at once (the order's, the queue's), so a
 * phone's saved copy says it even when the screen is not open to refetch, or the phone goes offline.
 */
export function applyPodEvent(queryClient: QueryClient, event: PodLiveEvent): void {
  const decided = decidedBy(event);
  if (decided) {
    const patch = (r: PodRequestSummary) => (r.id === decided.id ? { ...r, ...decided.patch } : r);
    queryClient.setQueriesData<PodMyRequests>({ queryKey: podKeys.orderRequests(event.data.shipmentNo) }, (old) => (old ? { ...old, items: old.items.map(patch) } : old));
    queryClient.setQueriesData<InfiniteData<PodRequestList>>({ queryKey: podKeys.lists() }, (old) =>
      old?.pages ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map(patch) })) } : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: podKeys.count() });
  void queryClient.invalidateQueries({ queryKey: podKeys.lists() });
  const { shipmentNo } = event.data;
  void queryClient.invalidateQueries({ queryKey: podKeys.orderRequests(shipmentNo) });
  void queryClient.invalidateQueries({ queryKey: [...podKeys.details(), shipmentNo] });
}

/** The shipmentNo of the proof screen on display (scan and go, or the return POD), if any. */
function proofShipment(pathname: string): string | null {
  const m = /^\/order\/detail-scan-go\/[^/]+\/([^/]+)\/[^/]+\/?$/.exec(pathname) ?? /^\/retur\/pod\/([^/]+)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : null;
}

/**
 * The live side of POD, mounted once in the signed-in shell (on the session's
 * one SSE connection): a new request rings and shows a banner for those who
 * decide; a decision is announced to the crew that asked (requests sent from
 * this phone, or the order on screen); every POD event refreshes what it touches.
 */
export default function PodLiveUpdates({ canDecide }: { canDecide: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  const canDecideRef = useRef(canDecide);
  const [notice, setNotice] = useState<NewRequestNotice | null>(null);

  useEffect(() => {
    pathRef.current = pathname;
    canDecideRef.current = canDecide;
  }, [pathname, canDecide]);

  useEvents(POD_LIVE_TYPES, (event) => {
    applyPodEvent(queryClient, event);
    const { shipmentNo } = event.data;

    if (event.type === 'pod.requested') {
      if (!canDecideRef.current) return;
      const { deliveryType, type, requesterName } = event.data;
      setNotice({ shipmentNo, deliveryType, type, requesterName });
      signal('new-order');
      return;
    }
    if (event.type !== 'pod.approved' && event.type !== 'pod.rejected') return;
    const sent = useSentRequests.getState();
    const mine = sent.shipmentNos.includes(shipmentNo) || proofShipment(pathRef.current) === shipmentNo;
    if (!mine) return;
    sent.remove(shipmentNo);
    const isReturn = event.data.type === POD_REQUEST_TYPE.RETURN;
    if (event.type === 'pod.approved') showToast(t(isReturn ? podText.live.returnApprovedToast : podText.live.approvedToast, { shipmentNo }), 'success');
    else showToast(t(isReturn ? podText.live.returnRejectedToast : podText.live.rejectedToast, { shipmentNo, reason: event.data.rejectReason.display }), 'error');
  });

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  // In the shell's banner stack (with the new-order and escalation banners), so none covers another.
  return (
    <LiveBanner
      tone="amber"
      icon="pin"
      testId="pod-request-banner"
      title={notice.type === POD_REQUEST_TYPE.RETURN ? podText.live.newReturnRequest : podText.live.newRequest}
      detail={t(podText.live.newRequestDetail, { shipmentNo: notice.shipmentNo, name: notice.requesterName })}
      hint={podText.live.open}
      onOpen={() => {
        setNotice(null);
        navigate(paths.pengajuanPodDetail(notice.shipmentNo, notice.deliveryType, notice.type));
      }}
      onDismiss={() => setNotice(null)}
      dismissLabel={podText.live.dismiss}
    />
  );
}
