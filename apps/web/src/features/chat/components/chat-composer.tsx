import { useRef, useState, type FormEvent } from 'react';
import { CHAT_LIMITS } from '@gerai/contract';
import { chatText } from '@/shared/i18n/chat';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';

/**
 * What the crew writes with, always in view under the messages: quick replies (one tap sends), the
 * photo picker and the text with its send button. Every target is at least 44 px.
 */
export function ChatComposer({ onSend, onPhoto, uploading }: { onSend: (body: string) => void; onPhoto: (file: File) => void; uploading: boolean }) {
  const [text, setText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
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
      <form onSubmit={submit} className="flex items-end gap-2">
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
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          {uploading ? <Spinner className="size-5" /> : <Icon name="camera" />}
        </button>
        <label className="sr-only" htmlFor="chat-input">
          {chatText.inputLabel}
        </label>
        <textarea
          id="chat-input"
          rows={1}
          value={text}
          maxLength={CHAT_LIMITS.bodyMax}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          placeholder={chatText.inputPlaceholder}
          className="max-h-24 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          aria-label={chatText.send}
          disabled={!text.trim()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-300"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 12 20 4l-6 16-3-7Z" />
          </svg>
        </button>
      </form>
    </div>
  );
}
