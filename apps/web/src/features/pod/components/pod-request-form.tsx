import { useState, type FormEvent } from 'react';
import { POD_REQUEST_TYPES, formatDistance, type PodRequestDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Button } from '@/shared/ui/button';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { useCreatePodRequest } from '../api/create-pod-request';
import { useRequestReasons } from '../api/get-request-reasons';
import { capturedAtOf, type LocationFix } from '@/shared/utils/location';
import { checkReasonChoice, type ReasonChoice, type ReasonChoiceErrors } from '@/shared/utils/reason-choice';
import { ReasonPicker } from '@/shared/ui/reason-picker';

const text = podText.request;

/**
 * "Ajukan POD": a reason from the list (or "Lainnya" with a text), sent
 * form-encoded with the crew's position. Errors go to the caller, which maps
 * them through the POD error catalogue.
 */
export function PodRequestForm({
  shipmentNo,
  deliveryType,
  requestMaxM,
  locate,
  onSent,
  onError,
  onCancel,
}: {
  shipmentNo: string;
  deliveryType: number;
  /** How far from the customer a request is accepted (the server's, app-config). */
  requestMaxM: number;
  /** The current fix, or a new one when there is none (null when it cannot be taken). */
  locate: () => Promise<LocationFix | null>;
  onSent: (request: PodRequestDetail) => void;
  onError: (error: ApiError) => void;
  onCancel: () => void;
}) {
  const reasons = useRequestReasons();
  const [choice, setChoice] = useState<ReasonChoice>({ reasonId: null, text: '' });
  const [errors, setErrors] = useState<ReasonChoiceErrors | null>(null);
  const [locating, setLocating] = useState(false);
  const create = useCreatePodRequest(shipmentNo, { onSuccess: (request) => onSent(request), onError: (error) => onError(error) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = checkReasonChoice(choice, reasons.data?.items ?? [], { reasonRequired: text.reasonRequired, textRequired: text.otherRequired });
    setErrors(problems);
    if (problems || choice.reasonId === null) return;
    setLocating(true);
    const fix = await locate();
    setLocating(false);
    if (!fix) return; // the screen's action bar says why, with a retry
    const reason = reasons.data?.items.find((r) => r.id === choice.reasonId);
    create.mutate({
      shipmentNo,
      deliveryType,
      type: POD_REQUEST_TYPES[0],
      reasonId: choice.reasonId,
      reasonText: reason?.requiresText || choice.text.trim() ? choice.text.trim() : undefined,
      lat: fix.lat,
      long: fix.long,
      accuracy: fix.accuracy,
      capturedAt: capturedAtOf(fix),
    });
  };

  let body;
  if (reasons.isPending) {
    body = (
      <SkeletonStack bars={['h-11 w-full', 'h-11 w-full', 'h-11 w-full']} className="gap-2" />
    );
  } else if (!reasons.data) {
    body = <ErrorState title={text.reasonsError} onRetry={() => void reasons.refetch()} retrying={reasons.isFetching} className="p-3" />;
  } else {
    body = (
      <ReasonPicker
        legend={text.reason}
        reasons={reasons.data.items}
        value={choice}
        onChange={(next) => {
          setChoice(next);
          if (errors) setErrors(null);
        }}
        errors={errors}
        textLabel={text.otherLabel}
        textPlaceholder={text.otherPlaceholder}
        disabled={create.isPending}
        testId="request-reason"
      />
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3 rounded-2xl border-2 border-brand-200 bg-white p-3 shadow-sm" data-testid="pod-request-form" aria-label={text.title}>
      <h2 className="text-lg font-bold text-slate-900">{text.title}</h2>
      <p className="text-sm text-slate-600">
        {text.intro} {t(text.maxDistance, { distance: formatDistance(requestMaxM) })}
      </p>
      {body}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={create.isPending || locating} disabled={!reasons.data} data-testid="pod-request-submit">
          {text.submit}
        </Button>
      </div>
    </form>
  );
}
