import { outboxText } from '@/shared/i18n/outbox';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { Icon } from '@/shared/ui/icons';

/** This phone's actions on the transfer still in the outbox (kept offline): `/transfers/<matNo>/…`. */
export function useKeptActions(matNo: string) {
  const prefix = `/transfers/${encodeURIComponent(matNo)}/`;
  return usePendingActions().filter((a) => a.request.path.startsWith(prefix));
}

/** Said on the transfer until the server has them. */
export function KeptActions({ actions }: { actions: ReturnType<typeof useKeptActions> }) {
  if (actions.length === 0) return null;
  return (
    <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="mat-kept">
      <Icon name="cloudUp" className="size-4 shrink-0 translate-y-0.5" />
      {actions.map((a) => `${outboxText.kinds[a.kind as keyof typeof outboxText.kinds] ?? a.kind}: ${outboxText.waiting}`).join(' · ')}
    </p>
  );
}
