import { useId, type ReactNode } from 'react';
import { POD_PLASTIC_MAX, POD_RECEIVER_RELATIONS, POD_RELATION_OTHER, POD_TEXT, type PodReceiverRelation } from '@gerai/contract';
import { Controller, useForm, type FieldErrors, type Resolver, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { FormField, fieldControl } from '@/shared/ui/form-field';
import { ReceiverRelationSelect, receiverNameAfter } from '@/shared/ui/receiver-fields';
import { lineLimit, tooLongMessage } from '@/shared/ui/text-area-field';
import { Stepper } from '@/shared/ui/stepper';
import { cn } from '@/shared/utils/cn';

const text = podText.scanGo;
/** A field scrolled to (focus on an error) stays clear of the sticky header and the action bar. */
const CLEAR = 'scroll-mt-20 scroll-mb-36';

/** The receiver part of the POD payload, as the crew fills it in. */
export interface ScanGoFormValues {
  receiverName: string;
  receiverRelation: string;
  receiverOther: string;
  plasticQty: number;
}

/**
 * The form's checks, written out: scan and go opens straight from a link, and a schema library
 * here was a chunk of its own (zod's core, 7 kB brotli) loaded and run before the screen's first
 * content. Names are trimmed; each field's first problem is its message.
 */
export const scanGoResolver: Resolver<ScanGoFormValues> = (values) => {
  const receiverName = values.receiverName.trim();
  const receiverOther = values.receiverOther.trim();
  const messages: Partial<Record<keyof ScanGoFormValues, string>> = {};
  if (receiverName.length < POD_TEXT.receiverNameMin) messages.receiverName = text.receiverRequired;
  else messages.receiverName = tooLongMessage(receiverName, POD_TEXT.nameMax) ?? undefined;
  if (!(POD_RECEIVER_RELATIONS as readonly string[]).includes(values.receiverRelation)) messages.receiverRelation = text.relationRequired;
  if (values.receiverRelation === POD_RELATION_OTHER && receiverOther.length < POD_TEXT.relationOtherMin) messages.receiverOther = text.relationOtherRequired;
  else messages.receiverOther = tooLongMessage(receiverOther, POD_TEXT.nameMax) ?? undefined;
  if (!Number.isInteger(values.plasticQty) || values.plasticQty < 0 || values.plasticQty > POD_PLASTIC_MAX) messages.plasticQty = t(text.plasticHint, { max: POD_PLASTIC_MAX });
  const errors: FieldErrors<ScanGoFormValues> = {};
  for (const [field, message] of Object.entries(messages) as [keyof ScanGoFormValues, string | undefined][]) if (message) errors[field] = { type: 'validate', message };
  return Object.keys(errors).length ? { values: {}, errors } : { values: { ...values, receiverName, receiverOther }, errors: {} };
};

/** What the form hands over: valid values, the relation narrowed. */
export interface ScanGoReceiver {
  receiverName: string;
  receiverRelation: PodReceiverRelation;
  receiverOther?: string;
  plasticQty: number;
}

export type SetScanGoFieldError = UseFormSetError<ScanGoFormValues>;

/**
 * Receiver name, relation ("Lainnya" needs the relation written out) and the
 * plastic bags handed over (0–20). The location is taken by the screen when the
 * form is sent. The submit button is the screen's (`footer`, its action bar):
 * rendered inside the form so it submits it, wherever it is shown.
 */
export function ScanGoForm({
  customerName,
  onValid,
  footer,
}: {
  customerName: string;
  onValid: (receiver: ScanGoReceiver, setError: SetScanGoFieldError) => void;
  footer: ReactNode;
}) {
  const form = useForm<ScanGoFormValues>({
    resolver: scanGoResolver,
    defaultValues: { receiverName: '', receiverRelation: '', receiverOther: '', plasticQty: 0 },
  });
  // Read here, so this form re-renders when they change: a tap on "Kirim POD" before the fields have
  // mounted (they mount after the first paint) must still show what is missing once they have.
  const { errors } = form.formState;

  const submit = form.handleSubmit((v) => {
    const receiverRelation = v.receiverRelation as PodReceiverRelation;
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scan-go-form">
      {/* Under the order and the package check: its fields render and mount in a task of their own, the action bar at once. */}
      <AfterFirstPaint>
        <ScanGoFields form={form} errors={errors} customerName={customerName} />
      </AfterFirstPaint>

      {footer}
    </form>
  );
}

/** The receiver's fields, registered with the screen's form when they mount. */
function ScanGoFields({ form, errors, customerName }: { form: UseFormReturn<ScanGoFormValues>; errors: FieldErrors<ScanGoFormValues>; customerName: string }) {
  const uid = useId();
  const relation = form.watch('receiverRelation');
  const name = form.watch('receiverName');
  const nameField = lineLimit(`${uid}-name`, name, POD_TEXT.nameMax, errors.receiverName?.message, 'receiver-name');
  const otherField = lineLimit(`${uid}-other`, form.watch('receiverOther'), POD_TEXT.nameMax, errors.receiverOther?.message, 'receiver-other');
  return (
    <>
      <FormField
        htmlFor={`${uid}-name`}
        label={text.receiverName}
        error={nameField.error}
        after={receiverNameAfter({
          counter: nameField.counter,
          typed: name,
          customerName,
          label: t(text.useCustomerName, { name: customerName }),
          onUse: (customer) => form.setValue('receiverName', customer, { shouldValidate: form.formState.isSubmitted }),
        })}
      >
        <input
          {...fieldControl(`${uid}-name`, nameField.error, CLEAR)}
          data-testid="receiver-name"
          autoComplete="off"
          autoCapitalize="words"
          placeholder={text.receiverPlaceholder}
          {...form.register('receiverName')}
        />
      </FormField>

      <FormField htmlFor={`${uid}-relation`} label={text.relation} error={errors.receiverRelation?.message}>
        <ReceiverRelationSelect
          {...fieldControl(`${uid}-relation`, errors.receiverRelation?.message, cn(CLEAR, !relation && 'text-slate-400'))}
          data-testid="receiver-relation"
          placeholder={text.relationPlaceholder}
          {...form.register('receiverRelation')}
        />
      </FormField>

      {relation === POD_RELATION_OTHER ? (
        <FormField htmlFor={`${uid}-other`} label={text.relationOther} error={otherField.error} after={otherField.counter}>
          <input
            {...fieldControl(`${uid}-other`, otherField.error, CLEAR)}
            data-testid="receiver-other"
            autoComplete="off"
            placeholder={text.relationOtherPlaceholder}
            {...form.register('receiverOther')}
          />
        </FormField>
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
    </>
  );
}
