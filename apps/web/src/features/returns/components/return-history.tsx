import { RETURN_STATUS_LABEL, type ReturnDetail } from '@gerai/contract';
import { returnsText } from '@/shared/i18n/returns';
import { HistoryTimeline } from '@/shared/ui/history-timeline';

/** Every step of the return, oldest first: what, who, when, and the note given with it. */
export function ReturnHistory({ history }: { history: ReturnDetail['history'] }) {
  return (
    <HistoryTimeline
      title={returnsText.detail.historyTitle}
      testId="return-history"
      entries={history.map((h) => ({ ...h, label: returnsText.step[h.action] ?? RETURN_STATUS_LABEL[h.status] }))}
    />
  );
}
