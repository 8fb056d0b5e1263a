import { useEffect, useRef, useState } from 'react';
import { POD_REQUEST_TYPE } from '@gerai/contract/limits';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { showToast } from '@/shared/toast/toast-store';
import { LiveBanner } from '@/shared/ui/live-banner';
import { POD_LIVE_TYPES } from '../live-events';
import { useSentRequests } from '../stores/sent-requests';

const BANNER_MS = 15_000;

/** What the new-request banner shows and opens. */
export type NewRequestNotice = Pick<StreamEvent<'pod.requested'>['data'], 'shipmentNo' | 'deliveryType' | 'type' | 'requesterName'>;

/** The shipmentNo of the proof screen on display (scan and go, or the return POD), if any. */
function proofShipment(pathname: string): string | null {
  const m = /^\/order\/detail-scan-go\/[^/]+\/([^/]+)\/[^/]+\/?$/.exec(pathname) ?? /^\/retur\/pod\/([^/]+)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : null;
}

/**
 * The live side of POD, mounted once in the signed-in shell (on the session's
 * one SSE connection): a new request rings and shows a banner for those who
 * decide; a decision is announced to the crew that asked (requests sent from
 * this phone, or the order on screen). What the events change in the cache: `../live.ts`.
 */
export default function PodLiveUpdates({ canDecide }: { canDecide: boolean }) {
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
