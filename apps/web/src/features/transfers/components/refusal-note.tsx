import { Icon } from '@/shared/ui/icons';
import { refusalLines } from '../refusals';

/**
 * A refused step's reason, said next to the action that was refused (not in a modal over the
 * screen): the contract's Indonesian for its code, or the particulars the server sent with it.
 */
export function RefusalNote({ error, testId }: { error: unknown; testId: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-2 text-sm font-medium whitespace-pre-line text-red-800" data-testid={testId}>
      <Icon name="alert" className="size-5 shrink-0" />
      <span className="min-w-0 flex-1">{refusalLines(error).join('\n')}</span>
    </p>
  );
}
