import type { ChatMessageState } from '@gerai/contract';
import { chatText } from '@/shared/i18n/chat';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';

/** Where a store message is, or `pending` while it waits in the phone's outbox. */
export type ShownState = ChatMessageState | 'pending';

/**
 * A store message's state as chat apps show it: a clock while it waits on the phone, one tick when
 * Gerai has it, two when the customer's app has it, two blue ones when read, a warning when the
 * channel never took it. The words are there for screen readers (and as a tooltip).
 */
export function MessageTicks({ state }: { state: ShownState }) {
  const label = chatText.state[state];
  if (state === 'pending') return <Icon name="clock" className="size-4" title={label} data-testid="chat-state" data-state={state} />;
  if (state === 'failed') return <Icon name="alert" className="size-4 text-red-200" title={label} data-testid="chat-state" data-state={state} />;
  const two = state !== 'sent';
  return (
    <svg
      viewBox="0 0 24 16"
      className={cn('h-4 w-6', state === 'read' ? 'text-sky-300' : 'text-white/80')}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={label}
      data-testid="chat-state"
      data-state={state}
    >
      <title>{label}</title>
      <path d="m1 8.5 4 4L13 4" />
      {two ? <path d="M9 10.5 11 12.5 19 4" /> : null}
    </svg>
  );
}
