import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MAT_STATUS, matRouteStatusOf, type TransferDetail, type TransferWithSecret } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { formatNumber } from '@/shared/utils/format';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useReissueTransferPin } from '../api/reissue-transfer-pin';
import { TransferChangedNotice } from '../components/changed-notice';
import { useKeptActions } from '../components/kept-actions';
import { LockNotice } from '../components/lock-notice';
import { MatSecretCard } from '../components/mat-secret-card';
import { RefusalNote } from '../components/refusal-note';
import { TransferDetailBody, UnlockedDoneBar } from '../components/transfer-detail-body';
import { TransferDetailScreen } from '../components/transfer-detail-screen';
import { UnlockedNotice } from '../components/unlocked-notice';
import { useUnlockStep } from '../hooks/use-unlock-step';
import { forgetSecretUnlessNew, saveSecret, useHeldSecret } from '../utils/secret-store';
import { isSendingCrew, listPath, unlockedSincePin } from '../utils/transfer-view';
import { useHeldTransfer } from '../utils/use-held-transfer';

const text = transfersText.detail;

/**
 * `/detail-mat-out/:matStoreStatus/:matStoreNo` — a transfer my store sent. While it is new: the QR
 * and PIN for the receiver when this phone holds them (decision 89), else "Buat PIN baru"; "Batalkan
 * MAT" gives the units back — both for the sending store's own people only. A locked one says so; an
 * area supervisor unlocks it here and then sees the result (the receiver's PIN still holds), never
 * an invitation to void it. Later: its status and lines; a finished one leads to what arrived.
 */
export default function DetailMatOutPage() {
  const { matStoreNo = '' } = useParams();
  return (
    <TransferDetailScreen matNo={matStoreNo} title={id.routes.detailMatOut} backTo={paths.matOutNew} testId="mat-detail-out">
      {(d) => <OutView key={d.matNo} detail={d} />}
    </TransferDetailScreen>
  );
}

function OutView({ detail: d }: { detail: TransferDetail }) {
  const kept = useKeptActions(d.matNo);
  const { changedFrom, acknowledge } = useHeldTransfer(d, kept.length);
  const openModal = useModalStore((s) => s.openModal);
  const online = useOnlineStatus();
  const secret = useHeldSecret(d.matNo);
  const topRef = useRef<HTMLDivElement>(null);

  // Out of `new`, the PIN is of no use any more: it leaves the phone.
  useEffect(() => forgetSecretUnlessNew(d), [d]);

  // A refusal is said next to the step that was refused (decision: refusals where the action is).
  const [refused, setRefused] = useState<{ step: 'cancel' | 'reissue' | 'unlock'; error: ApiError } | null>(null);
  const refusalOf = (step: 'cancel' | 'reissue' | 'unlock') => (refused?.step === step ? refused.error : null);
  const onErrorOf = (step: 'cancel' | 'reissue' | 'unlock') => (error: ApiError) => {
    signal('error');
    setRefused({ step, error });
  };
  const done = (message: string) => {
    signal('success');
    showToast(message, 'success');
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const queued = () => showToast(transfersText.common.queued, 'info');

  const cancel = useCancelTransfer(d.matNo, d.idTbsms, { onSuccess: (r) => done(t(text.cancelled, { matNo: r.matNo })), onQueued: queued, onError: onErrorOf('cancel') });
  const { unlock, askUnlock, unlockedHere } = useUnlockStep(d, {
    onRefused: (error) => setRefused({ step: 'unlock', error }),
    clearRefusal: () => setRefused(null),
    afterUnlock: () => topRef.current?.scrollIntoView?.({ block: 'start' }),
  });
  const reissue = useReissueTransferPin(d.matNo, d.idTbsms, {
    onSuccess: (r: TransferWithSecret) => {
      if (r.secret) {
        saveSecret(r.transfer.matNo, r.transfer.idTbsms, r.secret);
        done(transfersText.secret.reissued);
      } else {
        // A replayed answer carries no PIN (it is never stored): ask for another.
        signal('error');
        showToast(transfersText.secret.reissuedNoPin, 'error');
      }
    },
    onError: onErrorOf('reissue'),
  });
  const busy = cancel.isPending || unlock.isPending || reissue.isPending;

  if (changedFrom) return <TransferChangedNotice transfer={d} from={changedFrom} backTo={listPath('out', matRouteStatusOf(changedFrom.matStatus))} onContinue={acknowledge} />;

  const crew = isSendingCrew(d);
  // The sender's steps that void what the receiver holds are the sending store's people's.
  const can = (action: TransferDetail['actions'][number]) => d.actions.includes(action) && (crew || (action !== 'reissue' && action !== 'cancel'));
  // After an unlock the receiver's PIN still holds: a new one is offered, never urged.
  const keepPin = unlockedSincePin(d);
  const confirmCancel = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.cancelTitle,
      message: t(text.cancelMessage, { matNo: d.matNo, qty: formatNumber(d.qtySent) }),
      buttonText: id.common.cancel,
      confirmText: text.cancelConfirm,
      onConfirm: () => {
        setRefused(null);
        cancel.mutate({});
      },
    });
  const confirmReissue = () => {
    if (!online) {
      showToast(transfersText.common.needsConnection, 'error');
      return;
    }
    openModal({
      type: 'info',
      imageType: 'warning',
      title: transfersText.secret.reissueTitle,
      message: transfersText.secret.reissueMessage,
      buttonText: id.common.cancel,
      confirmText: transfersText.secret.reissueConfirm,
      onConfirm: () => {
        setRefused(null);
        reissue.mutate({});
      },
    });
  };

  const isNew = d.matStatus === MAT_STATUS.NEW;
  const note =
    isNew && !d.locked
      ? t(text.waitingReceiver, { store: d.receiver.storeName })
      : d.matStatus === MAT_STATUS.PROCESS
        ? t(text.waitingCount, { store: d.receiver.storeName })
        : d.matStatus === MAT_STATUS.FINISH
          ? text.finishedNote
          : null;

  const bar: ReactNode = unlockedHere ? (
    <UnlockedDoneBar />
  ) : can('cancel') ? (
    <ActionBar>
      <div className="flex w-full flex-col gap-2">
        <RefusalNote error={refusalOf('cancel')} testId="mat-cancel-refused" />
        <Button variant="danger" block onClick={confirmCancel} loading={cancel.isPending && !cancel.queued} disabled={busy} data-testid="mat-cancel">
          {text.cancel}
        </Button>
      </div>
    </ActionBar>
  ) : d.matStatus === MAT_STATUS.FINISH ? (
    <ActionBar>
      <ButtonLink to={paths.detailMatOutComplete('done', d.matNo)} block data-testid="mat-to-complete">
        {text.toComplete}
      </ButtonLink>
    </ActionBar>
  ) : null;

  return (
    <TransferDetailBody
      detail={d}
      topRef={topRef}
      above={
        <>
          {d.locked ? <LockNotice onUnlock={askUnlock} unlocking={unlock.isPending && !unlock.queued} disabled={busy} refusal={refusalOf('unlock')} /> : null}
          {unlockedHere ? <UnlockedNotice receiver={d.receiver} /> : null}
          {/*
            The PIN belongs to the sending store: shown to it (or wherever this phone holds it), not to the
            receiver. First on the screen: showing the QR is what the sender came for, so it is in view on
            arrival, above the action bar.
          */}
          {isNew && (secret !== null || (crew && (d.side === 'out' || can('reissue')))) ? (
            <MatSecretCard matNo={d.matNo} secret={secret} canReissue={can('reissue')} locked={d.locked} keepPin={keepPin} onReissue={confirmReissue} reissuing={reissue.isPending} refusal={refusalOf('reissue')} />
          ) : null}
        </>
      }
      kept={kept}
      note={note}
      bar={bar}
    />
  );
}
