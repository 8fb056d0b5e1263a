import { chatText } from '@/shared/i18n/chat';
import { formatTime } from '@/shared/utils/format';
import { cn } from '@/shared/utils/cn';
import { MessageTicks, type ShownState } from './message-ticks';

export interface ShownMessage {
  /** The sender's own id: a message waiting in the outbox and the one the server then answers are one bubble. */
  key: string;
  sender: 'store' | 'customer';
  body: string | null;
  photoUrl: string | null;
  state: ShownState;
  authorName: string | null;
  createdAt: string;
}

/** One message: the store's on the right in the brand colour with its ticks, the customer's on the left. */
export function MessageBubble({ message, onPhotoLoad }: { message: ShownMessage; onPhotoLoad?: () => void }) {
  const mine = message.sender === 'store';
  const who = mine ? (message.authorName ?? chatText.you) : chatText.customer;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="chat-message" data-sender={message.sender}>
      <div className={cn('max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm', mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-900')}>
        {mine ? null : <p className="sr-only">{who}</p>}
        {message.photoUrl ? (
          <img src={message.photoUrl} alt={chatText.photoAlt.replace('{who}', who)} className="mb-1 max-h-48 rounded-xl object-cover" loading="lazy" onLoad={onPhotoLoad} />
        ) : null}
        {message.body ? <p className="break-words whitespace-pre-wrap">{message.body}</p> : null}
        <p className={cn('mt-0.5 flex items-center justify-end gap-1 text-xs', mine ? 'text-white/80' : 'text-slate-500')}>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {mine ? <MessageTicks state={message.state} /> : null}
        </p>
      </div>
    </li>
  );
}
