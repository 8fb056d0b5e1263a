import type { ReactNode, Ref } from 'react';
import type { TransferDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { transfersText } from '@/shared/i18n/transfers';
import { ACTION_BAR_ROOM, ActionBar } from '@/shared/ui/action-bar';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { KeptActions, type useKeptActions } from './kept-actions';
import { TransferFacts } from './transfer-facts';
import { TransferHeader } from './transfer-header';
import { TransferHistory } from './transfer-history';
import { TransferLines } from './transfer-lines';

/**
 * What both MAT details show, in one order: `above` the header (what the visitor came for), the
 * header, `notices`, the actions waiting on this phone, the status note, the lines, facts and history,
 * then the action bar (room kept for it at the bottom, as tall as the bar: a refusal said in it
 * makes it taller).
 */
export function TransferDetailBody({ detail: d, topRef, above, notices, kept, note, bar }: { detail: TransferDetail; topRef: Ref<HTMLDivElement>; above?: ReactNode; notices?: ReactNode; kept: ReturnType<typeof useKeptActions>; note: string | null; bar: ReactNode }) {
  return (
    <div ref={topRef} className={cn('flex scroll-mt-16 flex-col gap-3', bar !== null && ACTION_BAR_ROOM)}>
      {above}
      <TransferHeader detail={d} />
      {notices}
      <KeptActions actions={kept} />
      {note ? (
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="mat-note-status">
          <Icon name="info" className="size-4 shrink-0 translate-y-0.5" />
          {note}
        </p>
      ) : null}
      <TransferLines detail={d} />
      <TransferFacts detail={d} />
      <TransferHistory history={d.history} />
      {bar}
    </div>
  );
}

/** The bar after an unlock made on this phone: back to the MAT entry. */
export function UnlockedDoneBar() {
  return (
    <ActionBar>
      <ButtonLink to={paths.mat} block data-testid="mat-unlocked-done">
        {transfersText.common.toEntry}
      </ButtonLink>
    </ActionBar>
  );
}
