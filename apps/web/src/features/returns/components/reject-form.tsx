import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RETURN_TEXT } from '@gerai/contract';
import { id } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Button } from '@/shared/ui/button';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';

const text = returnsText.detail;

/** Rejecting a return needs a note (the crew and the channel are told why). */
export function RejectForm({ onSubmit, onCancel, sending }: { onSubmit: (note: string) => void; onCancel: () => void; sending: boolean }) {
  const uid = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const tooLong = isTooLong(note, RETURN_TEXT.noteMax);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.querySelector('textarea')?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = note.trim();
    if (tooLong) return;
    if (value.length < RETURN_TEXT.reasonTextMin) {
      setError(text.rejectNoteRequired);
      return;
    }
    onSubmit(value);
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label={text.rejectTitle} className="flex scroll-mt-16 flex-col gap-3 rounded-2xl border-2 border-red-200 bg-white p-3 shadow-sm" data-testid="return-reject-form">
      <h2 className="text-lg font-bold text-slate-900">{text.rejectTitle}</h2>
      <TextAreaField
        id={`${uid}-note`}
        label={text.rejectNoteLabel}
        max={RETURN_TEXT.noteMax}
        value={note}
        placeholder={text.rejectNotePlaceholder}
        onChange={(value) => {
          setNote(value);
          if (error) setError(null);
        }}
        error={error}
        disabled={sending}
        testId="return-reject-note"
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          {id.common.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={sending} disabled={tooLong} data-testid="return-reject-submit">
          {text.rejectSubmit}
        </Button>
      </div>
    </form>
  );
}
