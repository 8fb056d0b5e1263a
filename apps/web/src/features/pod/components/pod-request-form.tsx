import { useRef, useState, type FormEvent } from 'react';
import { POD_REQUEST_TYPE, formatDistance, type PodRequestDetail, type PodRequestType } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { useReasonChoice } from '@/shared/hooks/use-reason-choice';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Button } from '@/shared/ui/button';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { useCreatePodRequest } from '../api/create-pod-request';
import { useRequestReasons } from '../api/get-request-reasons';
import { capturedAtOf, type LocationFix } from '@/shared/utils/location';
import { checkReasonChoice } from '@/shared/utils/reason-choice';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { revealField, SubmitAlert } from '@/shared/ui/submit-alert';

const text = podText.request;

/**
 * "Ajukan POD": a reason from the list (or "Lainnya" with a text), sent
 * form-encoded with the crew's position. `type` says what it is for: the
 * order's delivery (scan and go) or a return's goods (the return POD). Errors
 * go to the caller, which maps them through the POD error catalogue; a reason
 * missing, or the caller's `refusal`, shows next to "Kirim Pengajuan".
 */
export function PodRequestForm({
  shipmentNo,
  deliveryType,
  type = POD_REQUEST_TYPE.ORDER,
  requestMaxM,
  locate,
  onSent,
  onQueued,
  onError,
  onCancel,
  refusal = null,
}: {
  shipmentNo: string;
  deliveryType: number;
  type?: PodRequestType;
  /** How far from the customer a request is accepted (the server's, app-config). */
  requestMaxM: number;
  /** The current fix, or a new one when there is none (null when it cannot be taken). */
  locate: () => Promise<LocationFix | null>;
  onSent: (request: PodRequestDetail) => void;
  /** Offline: the request waits on the phone (outbox) and goes when the connection is back. */
  onQueued?: () => void;
  onError: (error: ApiError) => void;
  onCancel: () => void;
  /** Why the last send was refused, when the caller shows it here (next to the button). */
  refusal?: string | null;
}) {
  const reasons = useRequestReasons();
  const { choice, errors, setErrors, change: changeChoice } = useReasonChoice();
  const [locating, setLocating] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const create = useCreatePodRequest(shipmentNo, { onSuccess: (request) => onSent(request), onQueued: () => onQueued?.(), onError: (error) => onError(error) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const problems = checkReasonChoice(choice, reasons.data?.items ?? [], { reasonRequired: text.reasonRequired, textRequired: text.otherRequired });
    setErrors(problems);
    if (problems || choice.reasonId === null) {
      revealField(problems?.text ? pickerRef.current?.querySelector('textarea') : pickerRef.current);
      return;
    }
    setLocating(true);
    const fix = await locate();
    setLocating(false);
    if (!fix) return; // the screen's action bar says why, with a retry
    const reason = reasons.data?.items.find((r) => r.id === choice.reasonId);
    create.mutate({
      shipmentNo,
      deliveryType,
      type,
      reasonId: choice.reasonId,
      reasonText: reason?.requiresText || choice.text.trim() ? choice.text.trim() : undefined,
      lat: fix.lat,
      long: fix.long,
      accuracy: fix.accuracy,
      capturedAt: capturedAtOf(fix),
    });
  };

  const isReturn = type === POD_REQUEST_TYPE.RETURN;
  const problem = errors?.reason ?? errors?.text ?? refusal;
  let body;
  if (reasons.isPending) {
    body = (
      <SkeletonStack bars={['h-11 w-full', 'h-11 w-full', 'h-11 w-full']} className="gap-2" />
    );
  } else if (!reasons.data) {
    body = <ErrorState title={text.reasonsError} onRetry={() => void reasons.refetch()} retrying={reasons.isFetching} className="p-3" />;
  } else {
    body = (
      <div ref={pickerRef}>
        <ReasonPicker
          legend={text.reason}
          reasons={reasons.data.items}
          value={choice}
          onChange={changeChoice}
          errors={errors}
          textLabel={text.otherLabel}
          textPlaceholder={text.otherPlaceholder}
          disabled={create.isPending}
          testId="request-reason"
        />
      </div>
    );
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border-2 border-brand-200 bg-white p-3 shadow-sm"
      data-testid="pod-request-form"
      data-type={type}
      aria-label={isReturn ? text.returnTitle : text.title}
    >
      <h2 className="text-lg font-bold text-slate-900">{isReturn ? text.returnTitle : text.title}</h2>
      <p className="text-sm text-slate-600">
        {isReturn ? text.returnIntro : text.intro} {t(text.maxDistance, { distance: formatDistance(requestMaxM) })}
      </p>
      {body}
      <SubmitAlert message={problem} testId="pod-request-alert" />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={(create.isPending && !create.queued) || locating} disabled={!reasons.data || create.queued} data-testid="pod-request-submit">
          {text.submit}
        </Button>
      </div>
    </form>
  );
}
