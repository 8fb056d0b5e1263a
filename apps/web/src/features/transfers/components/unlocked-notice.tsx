import type { TransferStore } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Icon } from '@/shared/ui/icons';

const text = transfersText.lock;

/**
 * The result of an unlock, for the supervisor who made it: the transfer is open again and the
 * receiving crew goes on with the PIN it already has (a new one would void it).
 */
export function UnlockedNotice({ receiver }: { receiver: Pick<TransferStore, 'storeCode' | 'storeName'> }) {
  return (
    <section role="status" aria-label={text.unlockedTitle} className="flex flex-col gap-1 rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-3" data-testid="mat-unlocked">
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <Icon name="check" className="size-5 shrink-0" />
        {text.unlockedTitle}
      </p>
      <p className="text-sm text-emerald-900">{t(text.unlockedMessage, { store: t(transfersText.common.store, { code: receiver.storeCode, name: receiver.storeName }) })}</p>
    </section>
  );
}
