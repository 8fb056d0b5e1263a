import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@gerai/contract';
import { uploadFile } from '@/shared/api/upload';
import { refusalText, sayRefusal } from '@/shared/api/refusal';
import { chatText } from '@/shared/i18n/chat';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { isTransient } from '@/shared/outbox/outbox';
import { ErrorState } from '@/shared/ui/state-views';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { downscaleImage, uploadName } from '@/shared/utils/downscale';
import { randomId } from '@/shared/utils/random-id';
import { loadOlderMessages, useChatRoom } from '../api/get-chat-room';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useOpenChatRoom } from '../api/open-chat-room';
import { useSendChatMessage, type SendChatMessageInput } from '../api/send-chat-message';
import { CHAT_OTHERWISE, CHAT_REFUSALS } from '../refusals';
import { lastUnreadFromCustomer } from '../utils/room-merge';
import { ChatComposer, type PhotoProblem } from './chat-composer';
import { MessageBubble, type ShownMessage } from './message-bubble';

/**
 * What the room shows: the server's messages, then the messages still waiting in this phone's outbox
 * (offline, or not answered yet) that the server does not have yet, each once by its own id.
 */
function shownMessages(room: ChatRoom | undefined, waiting: readonly SendChatMessageInput[]): ShownMessage[] {
  const items = room?.items ?? [];
  const known = new Set(items.filter((m) => m.sender === 'store').map((m) => m.clientId));
  return [
    ...items.map((m) => ({ key: `${m.sender}:${m.clientId}`, sender: m.sender, body: m.body, photoUrl: m.photo?.url ?? null, state: m.state, authorName: m.authorName, createdAt: m.createdAt })),
    ...waiting
      .filter((w) => !known.has(w.messageId))
      .map((w) => ({ key: `store:${w.messageId}`, sender: 'store' as const, body: w.body ?? null, photoUrl: w.photoPreview ?? null, state: 'pending' as const, authorName: null, createdAt: new Date().toISOString() })),
  ];
}

/**
 * The spec's chat modal: the shipment's room with its customer. Opened from the order detail with
 * `payload: { shipmentNo, orderNo }`; the room is opened on the server on first use. Messages arrive
 * live; the customer's are marked read while the room is open; an order in history is read only.
 */
export function ChatModal({ modal, finish, titleId }: ModalRendererProps) {
  const shipmentNo = modal.payload.shipmentNo ?? '';
  const orderNo = modal.payload.orderNo ?? '';
  const queryClient = useQueryClient();
  const room = useChatRoom(shipmentNo);
  const open = useOpenChatRoom(shipmentNo, orderNo);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendChatMessage(shipmentNo, { onError: (error) => setProblem(sayRefusal(CHAT_REFUSALS, error, CHAT_OTHERWISE).text) });
  const markRead = useMarkChatRead(shipmentNo);
  const [uploading, setUploading] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  const data = room.data;
  // The room is opened once, when the shipment has none and may still be written to.
  const opened = useRef(false);
  useEffect(() => {
    if (!data || data.roomId !== null || data.readOnly || opened.current || !orderNo) return;
    opened.current = true;
    open.mutate({});
  }, [data, open, orderNo]);

  // The customer's messages are read while the room is open.
  const lastUnread = data ? lastUnreadFromCustomer(data) : null;
  const markedUpTo = useRef(0);
  useEffect(() => {
    if (lastUnread === null || lastUnread <= markedUpTo.current) return;
    markedUpTo.current = lastUnread;
    markRead.mutate({ upToId: lastUnread });
  }, [lastUnread, markRead]);

  const pending = usePendingActions();
  const waiting = useMemo(
    () => pending.filter((a) => a.kind === 'chat.send' && a.subject === shipmentNo).map((a) => a.meta as unknown as SendChatMessageInput),
    [pending, shipmentNo],
  );
  const messages = shownMessages(data, waiting);
  const newest = messages.at(-1)?.key;
  // A block body: newer browsers answer scrollIntoView with a promise, which must not become the effect's cleanup.
  const scrollToEnd = () => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  };
  useEffect(() => {
    scrollToEnd();
  }, [newest]);

  const sendBody = (body: string) => {
    setProblem(null);
    send.mutate({ messageId: randomId(), body });
  };
  const [photoProblem, setPhotoProblem] = useState<PhotoProblem | null>(null);
  // The photo that did not get through for a passing reason, sent again by "Coba lagi".
  const failedPhoto = useRef<File | null>(null);
  const sendPhoto = async (file: File) => {
    setProblem(null);
    setPhotoProblem(null);
    failedPhoto.current = null;
    setUploading(true);
    try {
      // Made small first (a camera's 10 MB photo is fine), then checked and refused on the phone if the server would refuse it.
      const small = await downscaleImage(file);
      const upload = await uploadFile(small, { name: uploadName(file.name, small, 0) });
      send.mutate({ messageId: randomId(), photoId: upload.id, photoPreview: upload.url });
    } catch (error) {
      const said = sayRefusal(CHAT_REFUSALS, error, CHAT_OTHERWISE);
      if (said.show === 'field' && said.field === 'photo') {
        setPhotoProblem({ message: `${chatText.photoRefused}\n${said.text}`, action: 'choose' });
      } else {
        const passing = isTransient(error);
        if (passing) failedPhoto.current = file;
        setPhotoProblem({ message: `${chatText.photoFailed}\n${said.text}`, action: passing ? 'retry' : null });
      }
    } finally {
      setUploading(false);
    }
  };

  const footer = !data ? null : data.readOnly ? (
    <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="chat-read-only">
      <Icon name="info" className="size-5 shrink-0" />
      {chatText.readOnly}
    </p>
  ) : (
    <>
      {problem ? (
        <p role="alert" className="mb-2 text-sm whitespace-pre-line text-red-700">
          {problem}
        </p>
      ) : send.queued ? (
        <p className="mb-2 text-sm text-slate-600">{chatText.queued}</p>
      ) : null}
      <ChatComposer
        onSend={sendBody}
        onPhoto={(file) => void sendPhoto(file)}
        uploading={uploading}
        photoProblem={photoProblem}
        onRetryPhoto={() => {
          if (failedPhoto.current) void sendPhoto(failedPhoto.current);
        }}
      />
    </>
  );

  return (
    <ModalSheet titleId={titleId} title={chatText.title} onClose={finish} footer={footer}>
      <div className="flex min-h-[40dvh] flex-col gap-3" data-testid="chat-modal">
        {data ? (
          <p className="text-center text-xs text-slate-500">{chatText.subtitle.replace('{name}', data.customerName).replace('{orderNo}', data.orderNo)}</p>
        ) : null}
        {room.isPending ? (
          <div className="flex flex-1 items-center justify-center gap-2 text-slate-600" role="status">
            <Spinner className="size-6" />
            {chatText.loading}
          </div>
        ) : room.isError && !data ? (
          <ErrorState title={chatText.loadFailed} message={refusalText(room.error)} onRetry={() => void room.refetch()} retrying={room.isFetching} />
        ) : messages.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-1 text-center" data-testid="chat-empty">
            <Icon name="chat" className="size-10 text-slate-400" />
            <p className="font-semibold text-slate-900">{chatText.empty}</p>
            {data?.readOnly ? null : <p className="text-sm text-slate-600">{chatText.emptyHint}</p>}
          </div>
        ) : (
          <>
            {data?.hasMore ? (
              <button
                type="button"
                disabled={loadingOlder}
                onClick={() => {
                  setLoadingOlder(true);
                  void loadOlderMessages(queryClient, shipmentNo).finally(() => setLoadingOlder(false));
                }}
                className="inline-flex min-h-11 items-center justify-center self-center rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {chatText.older}
              </button>
            ) : null}
            <ol className="flex flex-col gap-2" aria-live="polite" data-testid="chat-messages">
              {messages.map((m) => (
                // The newest photo grows its bubble once loaded: the view follows it to the end.
                <MessageBubble key={m.key} message={m} onPhotoLoad={m.key === newest ? scrollToEnd : undefined} />
              ))}
            </ol>
          </>
        )}
        <div ref={endRef} />
      </div>
    </ModalSheet>
  );
}
