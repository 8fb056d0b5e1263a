import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POD_REQUEST_TYPE } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { showToast } from '@/shared/toast/toast-store';
import type { LocationFix } from '@/shared/utils/location';
import { useOrderPodRequests } from '../api/get-order-pod-requests';
import { usePodLimits } from '../hooks/use-pod-limits';
import { podKeys } from '../query-keys';
import { useSentRequests } from '../stores/sent-requests';
import { podErrorMeaning } from '../refusals';
import { PodRequestForm } from './pod-request-form';
import { PodRequestState } from './pod-request-state';

export interface ReturnPodRequestProps {
  shipmentNo: string;
  deliveryType: number;
  /** How often the return POD was refused for where the crew is (outside the radius, no customer point): each new refusal offers the request. */
  offer: number;
  /** The fix to send with: the current one when recent, else a new one (null when none can be taken). */
  locate: () => Promise<LocationFix | null>;
}

/**
 * The return POD's way on outside the radius (the return POD screen's slot, composed in the app's
 * route): the return's latest POD request (waiting, rejected with the reason and "Ajukan lagi",
 * live through the shell's POD events) and, once the collection was refused for where the crew
 * is, the same request form as scan and go, of type 'retur'. Its refusals show next to its button.
 */
export function ReturnPodRequest({ shipmentNo, deliveryType, offer, locate }: ReturnPodRequestProps) {
  const queryClient = useQueryClient();
  const addSent = useSentRequests((s) => s.add);
  const requests = useOrderPodRequests(shipmentNo, POD_REQUEST_TYPE.RETURN);
  const { limits } = usePodLimits();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const latest = requests.data?.items[0] ?? null;
  const pending = latest?.status === 'pending';

  // A new refusal for the position opens the form (once per refusal), unless a request already waits.
  const offered = useRef(0);
  useEffect(() => {
    if (offer > offered.current && !pending) {
      offered.current = offer;
      setOpen(true);
    }
  }, [offer, pending]);
  useEffect(() => {
    if (open) formRef.current?.scrollIntoView?.({ block: 'start' });
  }, [open]);

  const sent = (queued: boolean) => {
    signal('success');
    addSent(shipmentNo);
    setOpen(false);
    setRefusal(null);
    showToast(t(queued ? podText.request.queued : podText.request.returnSent, { shipmentNo }), queued ? 'info' : 'success');
  };

  const onError = (error: ApiError) => {
    signal('error');
    const meaning = podErrorMeaning(error);
    if (meaning.kind === 'duplicate') void queryClient.invalidateQueries({ queryKey: podKeys.orderRequests(shipmentNo) });
    setRefusal([meaning.title, meaning.message, error.details?.[0]?.message].filter(Boolean).join(' '));
  };

  return (
    <>
      {latest && latest.status !== 'approved' ? (
        <PodRequestState
          request={latest}
          onRequestAgain={open ? undefined : () => setOpen(true)}
          words={{ rejectedTitle: podText.state.returnRejectedTitle, rejectedHint: podText.state.returnRejectedHint }}
        />
      ) : null}
      {open && !pending && limits ? (
        <div ref={formRef} className="scroll-mt-16">
          <PodRequestForm
            shipmentNo={shipmentNo}
            deliveryType={deliveryType}
            type={POD_REQUEST_TYPE.RETURN}
            requestMaxM={limits.requestMaxM}
            locate={locate}
            refusal={refusal}
            onCancel={() => {
              setOpen(false);
              setRefusal(null);
            }}
            onError={onError}
            onQueued={() => sent(true)}
            onSent={() => sent(false)}
          />
        </div>
      ) : null}
    </>
  );
}
