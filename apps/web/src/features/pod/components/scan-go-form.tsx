import { useId } from 'react';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
// zod/mini: the same validation at a fraction of classic zod's size.
import * as z from 'zod/mini';
import { id, podText, t } from '@/shared/i18n/id';
import { Button } from '@/shared/ui/button';
import { Stepper } from '@/shared/ui/stepper';
import { cn } from '@/shared/utils/cn';
import { POD_PLASTIC_MAX, POD_RECEIVER_RELATIONS, POD_RELATION_OTHER, RECEIVER_NAME_MIN, RELATION_OTHER_MIN, TEXT_MAX, type ReceiverRelation } from '../utils/pod-limits';

const text = podText.scanGo;

/** The receiver part of the POD payload, as the crew fills it in. */
export const scanGoFormSchema = z
  .object({
    receiverName: z.string().check(z.trim(), z.minLength(RECEIVER_NAME_MIN, text.receiverRequired), z.maxLength(TEXT_MAX)),
    receiverRelation: z.string().check(z.refine((v) => (POD_RECEIVER_RELATIONS as readonly string[]).includes(v), text.relationRequired)),
    receiverOther: z.string().check(z.trim(), z.maxLength(TEXT_MAX)),
    plasticQty: z.number().check(z.int(), z.minimum(0), z.maximum(POD_PLASTIC_MAX)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.receiverRelation === POD_RELATION_OTHER && v.receiverOther.length < RELATION_OTHER_MIN) {
        ctx.issues.push({ code: 'custom', path: ['receiverOther'], message: text.relationOtherRequired, input: v.receiverOther });
      }
    }),
  );
export type ScanGoFormValues = z.input<typeof scanGoFormSchema>;

/** What the form hands over: valid values, the relation narrowed. */
export interface ScanGoReceiver {
  receiverName: string;
  receiverRelation: ReceiverRelation;
  receiverOther?: string;
  plasticQty: number;
}

export type SetScanGoFieldError = UseFormSetError<ScanGoFormValues>;

const inputClass =
  'min-h-12 w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0';
const tone = (invalid: boolean) => (invalid ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200');

/**
 * Receiver name, relation ("Lainnya" needs the relation written out) and the
 * plastic bags handed over (0–20). The location is taken by the screen.
 */
export function ScanGoForm({
  customerName,
  onValid,
  submitting,
  disabled = false,
}: {
  customerName: string;
  onValid: (receiver: ScanGoReceiver, setError: SetScanGoFieldError) => void;
  submitting: boolean;
  disabled?: boolean;
}) {
  const uid = useId();
  const form = useForm<ScanGoFormValues>({
    resolver: zodResolver(scanGoFormSchema),
    defaultValues: { receiverName: '', receiverRelation: '', receiverOther: '', plasticQty: 0 },
  });
  const { errors } = form.formState;
  const relation = form.watch('receiverRelation');
  const name = form.watch('receiverName');

  const submit = form.handleSubmit((v) => {
    const receiverRelation = v.receiverRelation as ReceiverRelation;
    onValid(
      {
        receiverName: v.receiverName,
        receiverRelation,
        receiverOther: receiverRelation === POD_RELATION_OTHER ? v.receiverOther : undefined,
        plasticQty: v.plasticQty,
      },
      form.setError,
    );
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scan-go-form">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-name`} className="text-sm font-medium text-slate-700">
          {text.receiverName}
        </label>
        <input
          id={`${uid}-name`}
          data-testid="receiver-name"
          autoComplete="off"
          autoCapitalize="words"
          placeholder={text.receiverPlaceholder}
          maxLength={TEXT_MAX}
          aria-invalid={errors.receiverName ? true : undefined}
          aria-describedby={errors.receiverName ? `${uid}-name-error` : undefined}
          className={cn(inputClass, tone(Boolean(errors.receiverName)))}
          {...form.register('receiverName')}
        />
        {errors.receiverName ? (
          <p id={`${uid}-name-error`} role="alert" className="text-sm text-red-700">
            {errors.receiverName.message}
          </p>
        ) : null}
        {!name.trim() && customerName ? (
          <button
            type="button"
            onClick={() => form.setValue('receiverName', customerName, { shouldValidate: form.formState.isSubmitted })}
            className="min-h-9 self-start rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700"
          >
            {t(text.useCustomerName, { name: customerName })}
          </button>
        ) : null}
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-relation`} className="text-sm font-medium text-slate-700">
          {text.relation}
        </label>
        <select
          id={`${uid}-relation`}
          data-testid="receiver-relation"
          aria-invalid={errors.receiverRelation ? true : undefined}
          aria-describedby={errors.receiverRelation ? `${uid}-relation-error` : undefined}
          className={cn(inputClass, tone(Boolean(errors.receiverRelation)), !relation && 'text-slate-400')}
          {...form.register('receiverRelation')}
        >
          <option value="" disabled>
            {text.relationPlaceholder}
          </option>
          {POD_RECEIVER_RELATIONS.map((r) => (
            <option key={r} value={r} className="text-slate-900">
              {podText.relations[r] ?? r}
            </option>
          ))}
        </select>
        {errors.receiverRelation ? (
          <p id={`${uid}-relation-error`} role="alert" className="text-sm text-red-700">
            {errors.receiverRelation.message}
          </p>
        ) : null}
      </div>

      {relation === POD_RELATION_OTHER ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-other`} className="text-sm font-medium text-slate-700">
            {text.relationOther}
          </label>
          <input
            id={`${uid}-other`}
            data-testid="receiver-other"
            autoComplete="off"
            maxLength={TEXT_MAX}
            placeholder={text.relationOtherPlaceholder}
            aria-invalid={errors.receiverOther ? true : undefined}
            aria-describedby={errors.receiverOther ? `${uid}-other-error` : undefined}
            className={cn(inputClass, tone(Boolean(errors.receiverOther)))}
            {...form.register('receiverOther')}
          />
          {errors.receiverOther ? (
            <p id={`${uid}-other-error`} role="alert" className="text-sm text-red-700">
              {errors.receiverOther.message}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-medium text-slate-700">{text.plastic}</p>
        <Controller
          control={form.control}
          name="plasticQty"
          render={({ field }) => (
            <Stepper
              value={field.value}
              onChange={field.onChange}
              min={0}
              max={POD_PLASTIC_MAX}
              label={text.plastic}
              decreaseLabel={id.common.decrease}
              increaseLabel={id.common.increase}
              testId="plastic"
            />
          )}
        />
        <p className="w-full text-xs text-slate-500">{t(text.plasticHint, { max: POD_PLASTIC_MAX })}</p>
      </div>

      <Button type="submit" block loading={submitting} disabled={disabled} data-testid="scan-go-submit">
        {text.submit}
      </Button>
    </form>
  );
}
