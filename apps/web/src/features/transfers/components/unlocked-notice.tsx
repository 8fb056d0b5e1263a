import type { TransferStore } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { MatNotice } from './mat-notice';

const text = transfersText.lock;

/**
 * The result of an unlock, for the supervisor who made it: the transfer is open again and the
 * receiving crew goes on with the PIN it already has (a new one would void it).
 */
export function UnlockedNotice({ receiver }: { receiver: Pick<TransferStore, 'storeCode' | 'storeName'> }) {
  return (
    <MatNotice
      tone="done"
      title={text.unlockedTitle}
      message={t(text.unlockedMessage, { store: t(transfersText.common.store, { code: receiver.storeCode, name: receiver.storeName }) })}
      testId="mat-unlocked"
    />
  );
}
