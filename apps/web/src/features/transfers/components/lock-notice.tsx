import { transfersText } from '@/shared/i18n/transfers';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { RefusalNote } from './refusal-note';

const text = transfersText.lock;

/**
 * The lock notice (5 wrong PINs): nobody may confirm and no new PIN may be issued until an area
 * supervisor unlocks it; `onUnlock` when the server lets this caller do so; `refusal`: why an unlock was refused.
 */
export function LockNotice({ onUnlock, unlocking = false, disabled = false, refusal = null }: { onUnlock?: () => void; unlocking?: boolean; disabled?: boolean; refusal?: unknown }) {
  return (
    <section role="alert" aria-label={text.title} className="flex flex-col gap-2 rounded-2xl border-2 border-red-200 bg-red-50 p-3" data-testid="mat-lock-notice">
      <p className="flex items-center gap-2 font-semibold text-red-900">
        <Icon name="alert" className="size-5 shrink-0" />
        {text.title}
      </p>
      <p className="text-sm text-red-900">{text.message}</p>
      {onUnlock ? (
        <Button variant="danger" onClick={onUnlock} loading={unlocking} disabled={disabled} className="self-start" data-testid="mat-unlock">
          {text.unlock}
        </Button>
      ) : null}
      <RefusalNote error={refusal} testId="mat-unlock-refused" />
    </section>
  );
}
