import { MAT_STATUS_LABEL, type TransferDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/state-views';

const text = transfersText.changed;

/**
 * Shown in place of the transfer when another phone or the other store changed it while it was open
 * (decision 82): what it is now and who did it, the way back to the list, and a deliberate way on.
 */
export function TransferChangedNotice({ transfer, from, backTo, onContinue }: { transfer: TransferDetail; from: TransferDetail; backTo: string; onContinue: () => void }) {
  const actor = transfer.history.at(-1)?.actorName ?? null;
  const by = actor ? t(text.by, { name: actor }) : '';
  const message =
    transfer.matStatus === from.matStatus && transfer.locked !== from.locked
      ? t(transfer.locked ? text.lockedMessage : text.unlockedMessage, { matNo: transfer.matNo, by })
      : t(text.message, { matNo: transfer.matNo, status: MAT_STATUS_LABEL[transfer.matStatus], by });
  return (
    <div data-testid="mat-changed">
      <EmptyState icon="alert" title={text.title} message={message}>
        <ButtonLink to={backTo} block data-testid="mat-changed-back">
          {text.back}
        </ButtonLink>
        <Button variant="secondary" block onClick={onContinue} data-testid="mat-changed-continue">
          {text.show}
        </Button>
      </EmptyState>
    </div>
  );
}
