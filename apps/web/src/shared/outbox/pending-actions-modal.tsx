import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_STATUS } from '@gerai/contract';
import { paths } from '../config/paths';
import { outboxText } from '../i18n/outbox';
import { useOnlineStatus } from '../hooks/use-online-status';
import { useNow } from '../hooks/use-now';
import { id, t } from '../i18n/id';
import type { ModalRendererProps } from '../modal/modal-host';
import { ModalSheet } from '../modal/modal-sheet';
import { closeModal } from '../modal/modal-store';
import { Button } from '../ui/button';
import { cn } from '../utils/cn';
import { formatAge, formatTime } from '../utils/format';
import type { OutboxAction } from './outbox';
import { useOutbox, usePendingActions } from './outbox-context';

const text = outboxText;

/**
 * The crew's actions not yet on the server: what, which order, since when, and where each
 * stands. A refused one says why (the server's message) and lets the crew retry it or
 * drop it; the actions after it on the same order wait for that choice. From the sign-out
 * button (payload intent=logout) it says what signing out now means for them.
 */
export function PendingActionsModal({ modal, finish, titleId }: ModalRendererProps) {
  const outbox = useOutbox();
  const actions = usePendingActions();
  const online = useOnlineStatus();
  const now = useNow(30_000);
  const signingOut = modal.payload.intent === 'logout';
  const held = heldScopes(actions);
  // Refused actions wait for the crew's choice; the rest can be sent now.
  const sendable = actions.some((a) => a.state !== 'refused');

  const footer = signingOut ? (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" onClick={() => outbox.retryNow()} disabled={!online || !sendable}>
        {text.retryNow}
      </Button>
      <Button variant="danger" onClick={finish} data-testid="logout-anyway">
        {actions.length ? text.logoutAnyway : id.auth.logout}
      </Button>
    </div>
  ) : sendable ? (
    <Button block onClick={() => outbox.retryNow()} disabled={!online}>
      {text.retryNow}
    </Button>
  ) : null;

  return (
    <ModalSheet titleId={titleId} title={signingOut ? text.logoutTitle : text.title} onClose={closeModal} footer={footer}>
      {signingOut && actions.length ? <p className="mb-3 text-sm text-slate-700">{t(text.logoutMessage, { n: actions.length })}</p> : null}
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="pending-empty">
          {text.allSent}
        </p>
      ) : (
        <>
          <p className="mb-3 text-xs text-slate-500">{online ? text.onlineNote : text.offlineNote}</p>
          <ol className="flex flex-col gap-2" data-testid="pending-actions">
            {actions.map((a) => (
              <PendingRow key={a.key} action={a} now={now} held={a.state !== 'refused' && held.has(a.scope)} />
            ))}
          </ol>
        </>
      )}
    </ModalSheet>
  );
}

/** Scopes held by a refused action: what comes after it there waits. */
function heldScopes(actions: readonly OutboxAction[]): Set<string> {
  return new Set(actions.filter((a) => a.state === 'refused').map((a) => a.scope));
}

/** Refusals about when the position was taken: sending it again cannot help, a new position can. */
const RETAKE_CODES: readonly string[] = ['POD_CAPTURE_TOO_OLD', 'POD_CAPTURE_IN_FUTURE'];

function PendingRow({ action, now, held }: { action: OutboxAction; now: number; held: boolean }) {
  const outbox = useOutbox();
  const navigate = useNavigate();
  const retake = action.kind === 'pod.scanGo' && RETAKE_CODES.includes(action.refusal?.code ?? '');
  const [busy, setBusy] = useState(false);
  const refused = action.state === 'refused';
  const state = refused ? text.state.refused : held ? text.state.held : text.state[action.state];
  const run = (work: Promise<void>) => {
    setBusy(true);
    void work.finally(() => setBusy(false));
  };
  return (
    <li
      data-testid={`pending-${action.kind}`}
      data-state={refused ? 'refused' : held ? 'held' : action.state}
      className={cn('rounded-xl border p-3', refused ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white')}
    >
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{text.kinds[action.kind as keyof typeof text.kinds] ?? action.kind}</p>
        <time className="shrink-0 text-xs text-slate-500" dateTime={new Date(action.createdAt).toISOString()} title={formatTime(action.createdAt)}>
          {t(text.madeAt, { time: formatAge(action.createdAt, id.age, now) })}
        </time>
      </div>
      {action.subject ? <p className="font-mono text-sm text-slate-700">{t(text.subject, { subject: action.subject })}</p> : null}
      <p className={cn('mt-1 text-sm', refused ? 'font-semibold text-red-800' : 'text-slate-600')}>{state}</p>
      {refused && action.refusal ? (
        <>
          <p className="mt-1 text-sm text-red-900" data-testid="refusal-message">
            {action.refusal.message}
          </p>
          <p className="mt-1 text-xs text-red-800">{retake ? text.retakeHelp : text.refusedHelp}</p>
          {retake ? (
            <Button
              block
              className="mt-2"
              variant="secondary"
              loading={busy}
              onClick={() =>
                run(
                  outbox.discard(action.key).then(() => {
                    closeModal();
                    navigate(paths.orderDetailScanGo(ORDER_STATUS.IN_PROGRESS, action.subject, 'delivery'));
                  }),
                )
              }
            >
              {text.retake}
            </Button>
          ) : (
          <div className="mt-2 grid grid-cols-2 gap-2">
            <Button variant="secondary" loading={busy} onClick={() => run(outbox.retry(action.key))}>
              {text.retry}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => run(outbox.discard(action.key))}>
              {text.discard}
            </Button>
          </div>
          )}
        </>
      ) : null}
    </li>
  );
}
