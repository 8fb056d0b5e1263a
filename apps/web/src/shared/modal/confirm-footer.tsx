import { id } from '../i18n/id';
import { Button } from '../ui/button';

/** The footer of a modal that asks to confirm a change: "Batal" beside the confirm button. */
export function ConfirmFooter({
  onCancel,
  onConfirm,
  confirmText,
  loading = false,
  disabled = false,
  testId,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  confirmText: string;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Button variant="secondary" onClick={onCancel}>
        {id.common.cancel}
      </Button>
      <Button onClick={onConfirm} loading={loading} disabled={disabled} data-testid={testId}>
        {confirmText}
      </Button>
    </div>
  );
}
