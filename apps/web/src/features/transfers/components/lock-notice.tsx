import { transfersText } from '@/shared/i18n/transfers';
import { Button } from '@/shared/ui/button';
import { MatNotice } from './mat-notice';
import { RefusalNote } from './refusal-note';

const text = transfersText.lock;

/**
 * The lock notice (5 wrong PINs): nobody may confirm and no new PIN may be issued until an area
 * supervisor unlocks it; `onUnlock` when the server lets this caller do so; `refusal`: why an unlock was refused.
 */
export function LockNotice({ onUnlock, unlocking = false, disabled = false, refusal = null }: { onUnlock?: () => void; unlocking?: boolean; disabled?: boolean; refusal?: unknown }) {
  return (
    <MatNotice tone="alert" title={text.title} message={text.message} testId="mat-lock-notice">
      {onUnlock ? (
        <Button variant="danger" onClick={onUnlock} loading={unlocking} disabled={disabled} className="self-start" data-testid="mat-unlock">
          {text.unlock}
        </Button>
      ) : null}
      <RefusalNote error={refusal} testId="mat-unlock-refused" />
    </MatNotice>
  );
}
