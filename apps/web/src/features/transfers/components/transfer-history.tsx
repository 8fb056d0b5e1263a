import type { TransferDetail } from '@gerai/contract';
import { transfersText } from '@/shared/i18n/transfers';
import { HistoryTimeline } from '@/shared/ui/history-timeline';
import { stepLabel } from '../utils/transfer-view';

/** Every step of the transfer, oldest first: what, who, when, and the note given with it. */
export function TransferHistory({ history }: { history: TransferDetail['history'] }) {
  return <HistoryTimeline title={transfersText.detail.historyTitle} testId="mat-history" entries={history.map((h) => ({ ...h, label: stepLabel(h.action) }))} />;
}
