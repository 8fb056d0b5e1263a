import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MAT_STATUS, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { ActionBar } from '@/shared/ui/action-bar';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { TransferChangedNotice } from '../components/changed-notice';
import { useKeptActions } from '../components/kept-actions';
import { LockNotice } from '../components/lock-notice';
import { TransferDetailBody, UnlockedDoneBar } from '../components/transfer-detail-body';
import { TransferDetailScreen } from '../components/transfer-detail-screen';
import { UnlockedNotice } from '../components/unlocked-notice';
import { useUnlockStep } from '../hooks/use-unlock-step';
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
  const topRef = useRef<HTMLDivElement>(null);

  // A finished or cancelled transfer needs no count on this phone any more.
  useEffect(() => {
    if (d.matStatus === MAT_STATUS.FINISH || d.matStatus === MAT_STATUS.CANCEL) forgetCountDraft(d.matNo);
  }, [d.matNo, d.matStatus]);

  // Why an unlock was refused, said under its button.
  const [refused, setRefused] = useState<ApiError | null>(null);
  const { unlock, askUnlock, unlockedHere } = useUnlockStep(d, { onRefused: setRefused, clearRefusal: () => setRefused(null), afterUnlock: () => topRef.current?.scrollIntoView?.({ block: 'start' }) });

  if (changedFrom) return <TransferChangedNotice transfer={d} from={changedFrom} backTo={inListOf(changedFrom)} onContinue={acknowledge} />;

  const can = (action: TransferDetail['actions'][number]) => d.actions.includes(action);

  const note =
    d.matStatus === MAT_STATUS.CANCEL
      ? text.cancelledNote
      : d.matStatus === MAT_STATUS.NEW && !d.locked && !unlockedHere
        ? t(text.waitingSender, { store: d.sender.storeName })
        : d.matStatus === MAT_STATUS.FINISH
          ? text.finishedNote
          : null;

  // The receiver's next step, on the confirmation screen: confirm while new, count while in process.
  const step = can('confirm')
    ? ({ status: 'new', icon: 'qr', label: text.confirm, testId: 'mat-confirm' } as const)
    : can('finish')
      ? ({ status: 'proces', icon: 'scan', label: text.count, testId: 'mat-count' } as const)
      : null;
  const bar: ReactNode = unlockedHere ? (
    <UnlockedDoneBar />
  ) : step ? (
    <ActionBar>
      <ButtonLink to={paths.confirmMat(step.status, d.idTbsms)} block data-testid={step.testId}>
        <Icon name={step.icon} className="size-5" />
        {step.label}
      </ButtonLink>
    </ActionBar>
  ) : null;

  return (
    <TransferDetailBody
      detail={d}
      topRef={topRef}
      notices={
        <>
          {d.locked ? <LockNotice onUnlock={askUnlock} unlocking={unlock.isPending && !unlock.queued} disabled={unlock.isPending} refusal={refused} /> : null}
          {unlockedHere ? <UnlockedNotice receiver={d.receiver} /> : null}
        </>
      }
      kept={kept}
      note={note}
      bar={bar}
    />
  );
}
