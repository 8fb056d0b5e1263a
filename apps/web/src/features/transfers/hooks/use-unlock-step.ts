import { MAT_STATUS, TRANSFER_LIMITS, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { useUnlockTransfer } from '../api/unlock-transfer';

const text = transfersText.lock;

/**
 * The area supervisor's unlock, the same on the three screens that offer it (both details and the
 * confirmation): asked first (the tries start again), then sent; `askUnlock` only where the server
 * lets this caller unlock. Where the refusal is said, and what follows success, is the screen's.
 */
export function useUnlockStep(d: TransferDetail, { onRefused, clearRefusal, afterUnlock }: { onRefused: (error: ApiError) => void; clearRefusal: () => void; afterUnlock?: () => void }) {
  const openModal = useModalStore((s) => s.openModal);
  const unlock = useUnlockTransfer(d.matNo, d.idTbsms, {
    onSuccess: (r) => {
      signal('success');
      showToast(t(text.unlocked, { matNo: r.matNo }), 'success');
      afterUnlock?.();
    },
    onQueued: () => showToast(transfersText.common.queued, 'info'),
    onError: (error) => {
      signal('error');
      onRefused(error);
    },
  });
  const ask = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.unlockTitle,
      message: t(text.unlockMessage, { tries: TRANSFER_LIMITS.pinMaxTries }),
      buttonText: id.common.cancel,
      confirmText: text.unlockConfirm,
      onConfirm: () => {
        clearRefusal();
        unlock.mutate({});
      },
    });
  return {
    unlock,
    askUnlock: d.actions.includes('unlock') ? ask : undefined,
    // Unlocked on this phone: the screen says what that did (the receiver's PIN still holds).
    unlockedHere: unlock.isSuccess && !d.locked && d.matStatus === MAT_STATUS.NEW,
  };
}
