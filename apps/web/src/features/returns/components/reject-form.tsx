import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RETURN_TEXT } from '@gerai/contract';
import { id } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/utils/cn';

const text = returnsText.detail;

/** Rejecting a return needs a note (the crew and the channel are told why). */
export function RejectForm({ onSubmit, onCancel, sending }: { onSubmit: (note: string) => void; onCancel: () => void; sending: boolean }) {
  const uid = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.querySelector('textarea')?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = note.trim();
    if (value.length < RETURN_TEXT.reasonTextMin) {
      setError(text.rejectNoteRequired);
      return;
    }
    onSubmit(value);
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label={text.rejectTitle} className="flex scroll-mt-16 flex-col gap-3 rounded-2xl border-2 border-red-200 bg-white p-3 shadow-sm" data-testid="return-reject-form">
      <h2 className="text-lg font-bold text-slate-900">{text.rejectTitle}</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-note`} className="text-sm font-medium text-slate-700">
          {text.rejectNoteLabel}
        </label>
        <textarea
          id={`${uid}-note`}
          rows={3}
          maxLength={RETURN_TEXT.noteMax}
          value={note}
          placeholder={text.rejectNotePlaceholder}
          onChange={(e) => {
            setNote(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-note-error` : undefined}
          disabled={sending}
          className={cn(
            'w-full rounded-xl border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2',
            error ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200',
          )}
          data-testid="return-reject-note"
        />
        {error ? (
          <p id={`${uid}-note-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          {id.common.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={sending} data-testid="return-reject-submit">
          {text.rejectSubmit}
        </Button>
      </div>
    </form>
  );
}
