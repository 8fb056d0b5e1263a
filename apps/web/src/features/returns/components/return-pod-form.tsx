import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { POD_RELATION_OTHER, POD_TEXT, type LatLng, type PodReceiverRelation, type ReturnDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useEvents } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { useDeviceLocation } from '@/shared/hooks/use-device-location';
import { useFixForSending } from '@/shared/hooks/use-fix-for-sending';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { errorToModal } from '@/shared/modal/error-to-modal';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { FormField, fieldControl } from '@/shared/ui/form-field';
import { isTooLong, lineLimit, tooLongMessage } from '@/shared/ui/text-area-field';
import { Icon } from '@/shared/ui/icons';
import { ReceiverRelationSelect, receiverNameAfter } from '@/shared/ui/receiver-fields';
import { capturedAtOf, type LocationFix } from '@/shared/utils/location';
import { revealField, SubmitAlert } from '@/shared/ui/submit-alert';
import { useCollectReturn, type CollectReturnInput } from '../api/collect-return';
import { LocationCard, LocationStatus } from '@/shared/ui/location-card';
import { methodOf } from '../utils/method';
import { refusalOf, sayRefusal, type Refusal } from '@/shared/api/refusal';
import { RETURN_REFUSALS } from '../refusals';
import { ReturnPodCustomer } from './return-pod-customer';

const text = returnsText.pod;

/** The return POD's own words around the shared location card ("Kirim POD Retur"). */
const locationWords = {
  notSent: returnsText.pod.notSent,
  locationOnSend: returnsText.pod.locationOnSend,
  noLocation: returnsText.pod.locationOnSend,
  noCustomerPoint: returnsText.pod.noCustomerPoint,
};


/** Refusals for where the crew is: the way on is a POD request to the kepala toko. */
const REQUEST_CODES = new Set(['POD_OUTSIDE_AREA', 'POD_CUSTOMER_LOCATION_MISSING']);
/** The request reuses a position this recent; an older one is taken again. */
const FIX_MAX_AGE_MS = 2 * 60_000;

/** What the return POD screen hands its request slot (the POD area's request, composed in the app's route). */
export interface ReturnPodRequestSlot {
  shipmentNo: string;
  deliveryType: number;
  /** How often the collection was refused for where the crew is; each new refusal offers the request. */
  offer: number;
  locate: () => Promise<LocationFix | null>;
}

const customerPoint = (r: ReturnDetail): LatLng | null =>
  r.customerLatitude !== null && r.customerLongitude !== null ? { lat: r.customerLatitude, lng: r.customerLongitude } : null;

interface ReceiverErrors {
  receiverName?: string;
  receiverRelation?: string;
  receiverOther?: string;
}

/** The collection form: the customer and goods, who received them, the position, and the send. */
export function ReturnPodForm({
  detail: r,
  radiusM,
  maxAccuracyM,
  requestPanel,
}: {
  detail: ReturnDetail;
  radiusM: number;
  maxAccuracyM: number;
  requestPanel?: (slot: ReturnPodRequestSlot) => ReactNode;
}) {
  const { shipmentNo } = r;
  const uid = useId();
  const navigate = useNavigate();
  const openModal = useModalStore((s) => s.openModal);
  const customer = customerPoint(r);
  const { state: location, locate } = useDeviceLocation(maxAccuracyM);
  const [receiverName, setReceiverName] = useState('');
  const [relation, setRelation] = useState<PodReceiverRelation | ''>('');
  const [other, setOther] = useState('');
  const [errors, setErrors] = useState<ReceiverErrors>({});
  const nameField = lineLimit(`${uid}-name`, receiverName, POD_TEXT.nameMax, errors.receiverName, 'receiver-name');
  const otherField = lineLimit(`${uid}-other`, other, POD_TEXT.nameMax, errors.receiverOther, 'receiver-other');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { takingFix, failedOnSend, isSending, takeFixToSend } = useFixForSending(location, () => locate(location.status !== 'idle'));
  const refusalRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const relationRef = useRef<HTMLSelectElement>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  // Each refusal for where the crew is offers the POD request once more.
  const [offer, setOffer] = useState(0);
  const [blocked, setBlocked] = useState<string | null>(null);

  const collect = useCollectReturn(shipmentNo, {
    onSuccess: (d) => {
      signal('success');
      showToast(t(text.sent, { shipmentNo }), 'success');
      navigate(paths.returDetail(shipmentNo, methodOf(d.deliveryType)), { replace: true });
    },
    onQueued: () => {
      signal('success');
      showToast(text.queued, 'info');
    },
    onError: (error: ApiError) => {
      signal('error');
      // Refusals about the position itself (RETURN_REFUSALS: on the form): beside the form, which keeps its input.
      if (sayRefusal(RETURN_REFUSALS, error).show === 'form') {
        // The form keeps its input: walk closer, take the position again, send again, or ask the kepala toko.
        const refused = refusalOf(error);
        setRefusal(refused);
        const canRequest = Boolean(requestPanel) && REQUEST_CODES.has(error.code);
        setBlocked(refused.code === 'POD_OUTSIDE_AREA' ? `${text.outsideTitle}: ${text.outside422}${canRequest ? ` ${text.outsideRequest}` : ''}` : refused.message);
        if (canRequest) setOffer((n) => n + 1);
        else requestAnimationFrame(() => refusalRef.current?.scrollIntoView?.({ block: 'center' }));
        return;
      }
      openModal(errorToModal(error, 'close-modal-retur'));
    },
  });

  const check = (): ReceiverErrors => {
    const next: ReceiverErrors = {};
    if (receiverName.trim().length < POD_TEXT.receiverNameMin) next.receiverName = text.receiverRequired;
    else if (isTooLong(receiverName, POD_TEXT.nameMax)) next.receiverName = tooLongMessage(receiverName, POD_TEXT.nameMax)!;
    if (!relation) next.receiverRelation = text.relationRequired;
    else if (relation === POD_RELATION_OTHER && other.trim().length < POD_TEXT.relationOtherMin) next.receiverOther = text.relationOtherRequired;
    else if (relation === POD_RELATION_OTHER && isTooLong(other, POD_TEXT.nameMax)) next.receiverOther = tooLongMessage(other, POD_TEXT.nameMax)!;
    return next;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (isSending() || collect.isPending) return;
    const problems = check();
    setErrors(problems);
    const first = problems.receiverName ?? problems.receiverRelation ?? problems.receiverOther;
    setBlocked(first ?? null);
    if (first) {
      signal('error');
      // The field to fix comes into view with the focus; the reason also shows next to the button.
      revealField(problems.receiverName ? nameRef.current : problems.receiverRelation ? relationRef.current : otherRef.current);
      return;
    }
    const fix = await takeFixToSend();
    if (!fix) return;
    setRefusal(null);
    const input: CollectReturnInput = {
      lat: fix.lat,
      long: fix.long,
      accuracy: fix.accuracy,
      capturedAt: capturedAtOf(fix),
      receiverName: receiverName.trim(),
      receiverRelation: relation as PodReceiverRelation,
      ...(relation === POD_RELATION_OTHER ? { receiverOther: other.trim() } : {}),
    };
    collect.mutate(input);
  };

  /** The request's position: the one on screen when recent, else a new one. */
  const currentFix = useCallback(async (): Promise<LocationFix | null> => {
    if (location.status === 'ready' && Date.now() - location.fix.at < FIX_MAX_AGE_MS) return location.fix;
    return locate(location.status !== 'idle');
  }, [location, locate]);

  // Collected through an approved POD request (the kepala toko's phone): this screen moves on.
  useEvents(['return.collected'], (event) => {
    if (event.data.shipmentNo !== shipmentNo || collect.isPending || collect.isSuccess) return;
    signal('success');
    showToast(t(text.collectedLive, { shipmentNo }), 'success');
    navigate(paths.returDetail(shipmentNo, methodOf(r.deliveryType)), { replace: true });
  });

  const retry = failedOnSend && location.status === 'error';

  return (
    <>
      {/* Its own form: never inside the return POD's. */}
      {requestPanel?.({ shipmentNo, deliveryType: r.deliveryType, offer, locate: currentFix })}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" data-testid="return-pod-form">
        <ReturnPodCustomer detail={r} customer={customer} />

        <section aria-label={text.formTitle} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="return-pod-receiver">
          <FormField
            htmlFor={`${uid}-name`}
            label={text.receiverName}
            error={nameField.error}
            after={receiverNameAfter({ counter: nameField.counter, typed: receiverName, customerName: r.customerName, label: t(text.useCustomerName, { name: r.customerName }), onUse: setReceiverName })}
          >
            <input
              ref={nameRef}
              {...fieldControl(`${uid}-name`, nameField.error)}
              value={receiverName}
              onChange={(e) => {
                setReceiverName(e.target.value);
                setBlocked(null);
              }}
              autoComplete="off"
              autoCapitalize="words"
              placeholder={text.receiverPlaceholder}
              data-testid="receiver-name"
            />
          </FormField>
          <FormField htmlFor={`${uid}-relation`} label={text.relation} error={errors.receiverRelation}>
            <ReceiverRelationSelect
              ref={relationRef}
              {...fieldControl(`${uid}-relation`, errors.receiverRelation, !relation && 'text-slate-400')}
              value={relation}
              onChange={(e) => {
                setRelation(e.target.value as PodReceiverRelation);
                setBlocked(null);
              }}
              data-testid="receiver-relation"
              placeholder={text.relationPlaceholder}
            />
          </FormField>
          {relation === POD_RELATION_OTHER ? (
            <FormField htmlFor={`${uid}-other`} label={text.relationOther} error={otherField.error} after={otherField.counter}>
              <input
                ref={otherRef}
                {...fieldControl(`${uid}-other`, otherField.error)}
                value={other}
                onChange={(e) => {
                  setOther(e.target.value);
                  setBlocked(null);
                }}
                autoComplete="off"
                placeholder={text.relationOtherPlaceholder}
                data-testid="receiver-other"
              />
            </FormField>
          ) : null}
        </section>

        {refusal ? (
          <div ref={refusalRef} role="alert" className="flex items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="return-pod-refusal" data-code={refusal.code}>
            <Icon name="alert" className="mt-0.5 size-5 shrink-0" />
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p className="font-bold">{refusal.code === 'POD_OUTSIDE_AREA' ? text.outsideTitle : refusal.message}</p>
              {refusal.code === 'POD_OUTSIDE_AREA' ? <p>{text.outside422}</p> : null}
              {refusal.details.map((d) => (
                <p key={d}>{d}</p>
              ))}
            </div>
          </div>
        ) : null}

        <LocationCard location={location} onLocate={() => void locate(location.status !== 'idle')} customer={customer} radiusM={radiusM} disabled={collect.isPending || takingFix} words={locationWords} />
        {/* Room for the action bar over the end of the screen, with a reason shown in it too. */}
        <div aria-hidden="true" className={blocked ? 'h-44' : 'h-28'} />

        <ActionBar>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <SubmitAlert message={blocked} testId="return-pod-blocked" />
            <LocationStatus location={location} customer={customer} radiusM={radiusM} failedOnSend={failedOnSend} words={locationWords} />
            <Button
              type="submit"
              block
              loading={takingFix || (collect.isPending && !collect.queued)}
              disabled={collect.queued}
              data-testid="return-pod-submit"
              data-phase={takingFix ? 'locating' : collect.isPending ? 'sending' : 'idle'}
            >
              {takingFix ? text.locating : retry ? id.common.retry : text.submit}
            </Button>
          </div>
        </ActionBar>
      </form>
    </>
  );
}
