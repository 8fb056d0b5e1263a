import { memo } from 'react';
import type { TicketSummary } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { TicketStatusChip } from './ticket-status-chip';

const text = helpdeskText.list;

/** One ticket of a list: number, status, shipment, problem, store and how long since it changed; opens the conversation. */
export const TicketCard = memo(function TicketCard({ item, mode, now }: { item: TicketSummary; mode: string; now: number }) {
  return (
    <LinkCard to={paths.reportedDetail({ mode, id: item.id })} testId={`ticket-card-${item.id}`}>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-slate-900">#{item.id}</span>
        <TicketStatusChip status={item.status} />
        <span className="flex-1" />
        <CardAge at={item.updatedAt} now={now} />
      </div>
      <p className="truncate text-sm font-medium text-slate-900">{item.problem?.label ?? item.description}</p>
      <p className="line-clamp-2 text-sm text-slate-600">{item.description}</p>
      <div className="flex flex-wrap gap-x-3 text-xs text-slate-500">
        <span className="font-mono">{item.shipmentNo}</span>
        <span>
          {item.storeCode} · {item.storeName}
        </span>
        <span>{t(text.comments, { count: item.commentCount })}</span>
      </div>
    </LinkCard>
  );
});

export function TicketCardSkeleton() {
  return <CardSkeleton rows={[['h-5 w-24', 'h-4 w-16'], 'h-4 w-3/4', 'h-4 w-full']} />;
}
