import { useRef, useState, type FormEvent } from 'react';
import { CHAT_LIMITS } from '@gerai/contract';
import { chatText } from '@/shared/i18n/chat';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { fieldsText } from '@/shared/i18n/fields';

/** Why the last photo did not go, and what may help: the same photo again, or only another one. */
export interface PhotoProblem {
  message: string;
  action: 'retry' | 'choose' | null;
}

/** The counter shows near the limit only: the composer stays one row while a message is short. */
const COUNTER_FROM = Math.floor(CHAT_LIMITS.bodyMax * 0.8);

/**
 * What the crew writes with, always in view under the messages: quick replies (one tap sends), the
 * photo picker and the text with its send button. Every target is at least 44 px. A text past the
 * contract's limit is kept whole and cannot be sent until shortened.
 */
export function ChatComposer({
  onSend,
  onPhoto,
  uploading,
  photoProblem = null,
  onRetryPhoto,
}: {
  onSend: (body: string) => void;
  onPhoto: (file: File) => void;
  uploading: boolean;
  photoProblem?: PhotoProblem | null;
  onRetryPhoto?: () => void;
}) {
  const [text, setText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const tooLong = isTooLong(text, CHAT_LIMITS.bodyMax);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || tooLong) return;
    onSend(body);
    setText('');
  };
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={chatText.quickRepliesLabel} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1" data-testid="chat-quick-replies">
        {chatText.quickReplies.map((reply) => (
          <li key={reply} className="shrink-0">
            <button
              type="button"
              onClick={() => onSend(reply)}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-700 bg-white px-3 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
            >
              {reply}
            </button>
          </li>
        ))}
      </ul>
      {photoProblem ? (
        <div role="alert" className="flex items-center gap-2 rounded-xl bg-red-50 py-1 pl-3 text-sm text-red-800" data-testid="chat-photo-problem">
          <p className="min-w-0 flex-1 whitespace-pre-line">{photoProblem.message}</p>
          {photoProblem.action ? (
            <button
              type="button"
              onClick={() => (photoProblem.action === 'choose' ? fileRef.current?.click() : onRetryPhoto?.())}
              disabled={uploading}
              className="inline-flex min-h-11 shrink-0 items-center rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
            >
              {photoProblem.action === 'choose' ? fieldsText.files.chooseOther : chatText.photoRetry}
            </button>
          ) : null}
        </div>
      ) : null}
      {/* A grid, so the field's counter and refusal run under the whole row, not squeezed between the buttons. */}
      <form onSubmit={submit} className="grid grid-cols-[2.75rem_minmax(0,1fr)_2.75rem] items-start gap-x-2 gap-y-1">
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="hidden"
          data-testid="chat-photo-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onPhoto(file);
          }}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          aria-label={uploading ? chatText.photoUploading : chatText.photo}
          className="col-start-1 row-start-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          {uploading ? <Spinner className="size-5" /> : <Icon name="camera" />}
        </button>
        <TextAreaField
          id="chat-input"
          label={chatText.inputLabel}
          labelHidden
          rows={1}
          value={text}
          onChange={setText}
          max={CHAT_LIMITS.bodyMax}
          counterFrom={COUNTER_FROM}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          placeholder={chatText.inputPlaceholder}
          testId="chat-input"
          wrapperClassName="contents"
          className="col-start-2 row-start-1 max-h-24 min-h-11 resize-none rounded-2xl py-2.5"
          footerClassName="col-span-3 row-start-2"
        />
        <button
          type="submit"
          aria-label={chatText.send}
          disabled={!text.trim() || tooLong}
          className="col-start-3 row-start-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-300"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 12 20 4l-6 16-3-7Z" />
          </svg>
        </button>
      </form>
    </div>
  );
}
