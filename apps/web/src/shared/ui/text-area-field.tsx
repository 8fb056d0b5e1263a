import { useId, type TextareaHTMLAttributes } from 'react';
import { textLength } from '@gerai/contract/limits';
import { t } from '../i18n/id';
import { cn } from '../utils/cn';
import { fieldsText } from '../i18n/fields';

/** True when `value` is longer than the field's `max` as the server counts it: the send stays disabled. */
export const isTooLong = (value: string, max: number) => textLength(value) > max;

/** The field's message when `value` passes `max` (how much to remove), else null. */
export function tooLongMessage(value: string, max: number): string | null {
  const count = textLength(value);
  return count > max ? t(fieldsText.textField.tooLong, { count, max, over: count - max }) : null;
}

/** "123 / 1000" as the server counts, red past the limit; read out as "123 dari maksimal 1000 karakter". */
export function LengthCounter({ id, value, max, testId }: { id: string; value: string; max: number; testId?: string }) {
  const count = textLength(value);
  return (
    <p
      id={id}
      aria-label={t(fieldsText.textField.counterLabel, { count, max })}
      className={cn('shrink-0 text-xs tabular-nums', count > max ? 'font-semibold text-red-700' : 'text-slate-500')}
      data-testid={testId}
    >
      {t(fieldsText.textField.counter, { count, max })}
    </p>
  );
}

/**
 * A one-line limited field (a name): no `maxLength` either, the counter once near the limit and the
 * message past it. Spread the result's `error` on the control and the FormField, `counter` as its `after`.
 */
export function lineLimit(id: string, value: string, max: number, error: string | null | undefined, testId?: string) {
  const over = tooLongMessage(value, max);
  const near = textLength(value) >= Math.floor(max * 0.8);
  return {
    error: over ?? error ?? null,
    counter: over || near ? <LengthCounter id={`${id}-counter`} value={value} max={max} testId={testId ? `${testId}-counter` : undefined} /> : null,
  };
}

type NativeProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'maxLength' | 'className' | 'children'>;

export interface TextAreaFieldProps extends NativeProps {
  label: string;
  /** The label is read by screen readers only (the chat's composer). */
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The contract's limit of the field (CHAT_LIMITS.bodyMax, TICKET_TEXT.descriptionMax…). */
  max: number;
  /** Another problem of the field (missing, too short), shown when the text is within its limit. */
  error?: string | null | undefined;
  errorTestId?: string;
  /** The counter shows from this many characters on (the chat's composer: near the limit); always by default. */
  counterFrom?: number;
  id?: string;
  testId?: string;
  /** The text box's shape (rounding, padding, height); `rounded-xl py-2` by default. */
  className?: string;
  /** The field's wrapper (`contents` in a composer's grid); a column with `gap-1` by default. */
  wrapperClassName?: string;
  /** Placement of the message and counter row (in a composer's grid: under the whole row). */
  footerClassName?: string;
}

/**
 * The one limited free text of the app: a label, the text, a live counter ("123 / 1000", counted as
 * the server counts) and, past the limit, a clear Indonesian message. No `maxLength`: a paste longer
 * than the limit is kept whole, so the crew shorten it themselves instead of losing its end; the
 * screen disables its send while `isTooLong`.
 */
export function TextAreaField({
  label,
  labelHidden = false,
  value,
  onChange,
  max,
  error,
  errorTestId,
  counterFrom = 0,
  id: givenId,
  testId,
  className,
  wrapperClassName,
  footerClassName,
  rows = 3,
  ...native
}: TextAreaFieldProps) {
  const uid = useId();
  const fieldId = givenId ?? uid;
  const count = textLength(value);
  const over = count > max;
  const message = tooLongMessage(value, max) ?? error ?? null;
  const showCounter = over || count >= counterFrom;
  const describedBy = [message ? `${fieldId}-error` : null, showCounter ? `${fieldId}-counter` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wrapperClassName ?? 'flex flex-col gap-1'}>
      <label htmlFor={fieldId} className={labelHidden ? 'sr-only' : 'text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <textarea
        {...native}
        id={fieldId}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        className={cn(
          'w-full border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
          message ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200',
          className ?? 'rounded-xl py-2',
        )}
      />
      {message || showCounter ? (
        <div className={cn('flex items-start gap-2', footerClassName)}>
          {message ? (
            <p id={`${fieldId}-error`} role="alert" className="min-w-0 flex-1 text-sm text-red-700" data-testid={over ? (testId ? `${testId}-too-long` : undefined) : errorTestId}>
              {message}
            </p>
          ) : (
            <span className="flex-1" />
          )}
          {showCounter ? <LengthCounter id={`${fieldId}-counter`} value={value} max={max} testId={testId ? `${testId}-counter` : undefined} /> : null}
        </div>
      ) : null}
    </div>
  );
}
