import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MAT_STATUS, TRANSFER_LIMITS, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { useUnlockTransfer } from '../api/unlock-transfer';
import { TransferChangedNotice } from '../components/changed-notice';
import { KeptActions, useKeptActions } from '../components/kept-actions';
import { LockNotice } from '../components/lock-notice';
import { TransferFacts } from '../components/transfer-facts';
import { TransferHeader } from '../components/transfer-header';
import { TransferHistory } from '../components/transfer-history';
import { TransferLines } from '../components/transfer-lines';
import { TransferDetailScreen } from '../components/transfer-detail-screen';
import { UnlockedNotice } from '../components/unlocked-notice';
import { forgetCountDraft } from '../utils/count-draft';
import { listPath } from '../utils/transfer-view';
import { useHeldTransfer } from '../utils/use-held-transfer';

const text = transfersText.detail;

/**
 * `/detail-mat-in/:matNo` — a transfer addressed to my store: its products (sent, and once counted
 * what arrived and why any difference), the sender, times and history. The step to take is in the
 * action bar: "Konfirmasi penerimaan" while new, "Hitung barang" while in process. A locked one says
 * so; an area supervisor unlocks it here.
 */
export default function DetailMatInPage() {
  const { matNo = '' } = useParams();
  return (
    <TransferDetailScreen matNo={matNo} title={id.routes.detailMatIn} backTo={paths.matInNew} testId="mat-detail-in">
      {(d) => <InView key={d.matNo} detail={d} />}
    </TransferDetailScreen>
  );
}

/** The list a transfer addressed to my store sits in. */
const inListOf = (d: TransferDetail) => listPath('in', d.matStatus === MAT_STATUS.PROCESS ? 'proces' : d.matStatus === MAT_STATUS.FINISH ? 'done' : 'new');

function InView({ detail: d }: { detail: TransferDetail }) {
  const kept = useKeptActions(d.matNo);
  const { changedFrom, acknowledge } = useHeldTransfer(d, kept.length);
  const openModal = useModalStore((s) => s.openModal);
  const topRef = useRef<HTMLDivElement>(null);

  // A finished or cancelled transfer needs no count on this phone any more.
  useEffect(() => {
    if (d.matStatus === MAT_STATUS.FINISH || d.matStatus === MAT_STATUS.CANCEL) forgetCountDraft(d.matNo);
  }, [d.matNo, d.matStatus]);

  // Why an unlock was refused, said under its button.
  const [refused, setRefused] = useState<ApiError | null>(null);
  const onError = (error: ApiError) => {
    signal('error');
    setRefused(error);
  };
  const unlock = useUnlockTransfer(d.matNo, d.idTbsms, {
    onSuccess: (r) => {
      signal('success');
      showToast(t(transfersText.lock.unlocked, { matNo: r.matNo }), 'success');
      topRef.current?.scrollIntoView?.({ block: 'start' });
    },
    onQueued: () => showToast(transfersText.common.queued, 'info'),
    onError,
  });

  if (changedFrom) return <TransferChangedNotice transfer={d} from={changedFrom} backTo={inListOf(changedFrom)} onContinue={acknowledge} />;

  const can = (action: TransferDetail['actions'][number]) => d.actions.includes(action);
  // Unlocked on this phone (a supervisor's job): the screen says what that did, and leads back.
  const unlockedHere = unlock.isSuccess && !d.locked && d.matStatus === MAT_STATUS.NEW;
  const confirmUnlock = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: transfersText.lock.unlockTitle,
      message: t(transfersText.lock.unlockMessage, { tries: TRANSFER_LIMITS.pinMaxTries }),
      buttonText: id.common.cancel,
      confirmText: transfersText.lock.unlockConfirm,
      onConfirm: () => {
        setRefused(null);
        unlock.mutate({});
      },
    });

  const note =
    d.matStatus === MAT_STATUS.CANCEL
      ? text.cancelledNote
      : d.matStatus === MAT_STATUS.NEW && !d.locked && !unlockedHere
        ? t(text.waitingSender, { store: d.sender.storeName })
        : d.matStatus === MAT_STATUS.FINISH
          ? text.finishedNote
          : null;

  let bar: ReactNode = null;
  if (unlockedHere) {
    bar = (
      <ActionBar>
        <ButtonLink to={paths.mat} block data-testid="mat-unlocked-done">
          {transfersText.common.toEntry}
        </ButtonLink>
      </ActionBar>
    );
  } else if (can('confirm')) {
    bar = (
      <ActionBar>
        <ButtonLink to={paths.confirmMat('new', d.idTbsms)} block data-testid="mat-confirm">
          <Icon name="qr" className="size-5" />
          {text.confirm}
        </ButtonLink>
      </ActionBar>
    );
  } else if (can('finish')) {
    bar = (
      <ActionBar>
        <ButtonLink to={paths.confirmMat('proces', d.idTbsms)} block data-testid="mat-count">
          <Icon name="scan" className="size-5" />
          {text.count}
        </ButtonLink>
      </ActionBar>
    );
  }

  return (
    <div ref={topRef} className={cn('flex scroll-mt-16 flex-col gap-3', bar !== null && 'pb-24')}>
      <TransferHeader detail={d} />
      {d.locked ? <LockNotice onUnlock={can('unlock') ? confirmUnlock : undefined} unlocking={unlock.isPending && !unlock.queued} disabled={unlock.isPending} refusal={refused} /> : null}
      {unlockedHere ? <UnlockedNotice receiverName={t(transfersText.common.store, { code: d.receiver.storeCode, name: d.receiver.storeName })} /> : null}
      <KeptActions actions={kept} />
      {note ? (
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="mat-note-status">
          <Icon name="info" className="size-4 shrink-0 translate-y-0.5" />
          {note}
        </p>
      ) : null}
      <TransferLines detail={d} />
      <TransferFacts detail={d} />
      <TransferHistory history={d.history} />
      {bar}
    </div>
  );
}
