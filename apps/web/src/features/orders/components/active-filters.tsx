import { id, t } from '@/shared/i18n/id';
import type { FilterValues } from '@/shared/stores/filter-store';
import { Icon } from '@/shared/ui/icons';
import { formatDate } from '@/shared/utils/format';
import { channelLabel } from '../utils/order-status';

function dateText(startDate: string | null, endDate: string | null): string | null {
  // yyyy-mm-dd are WIB days; noon keeps them on the same day in any zone.
  const fmt = (d: string) => formatDate(`${d}T12:00:00+07:00`);
  if (startDate && endDate) return t(id.orders.filterModal.dateRange, { start: fmt(startDate), end: fmt(endDate) });
  if (startDate) return t(id.orders.filterModal.from, { date: fmt(startDate) });
  if (endDate) return t(id.orders.filterModal.until, { date: fmt(endDate) });
  return null;
}

/** The saved filters as chips under the tabs, with one tap to clear them. */
export function ActiveFilters({ filters, onEdit, onClear }: { filters: FilterValues; onEdit: () => void; onClear: () => void }) {
  const chips = [
    dateText(filters.startDate, filters.endDate),
    filters.query.trim() ? t(id.orders.filterModal.queryChip, { query: filters.query.trim() }) : null,
    filters.appId !== null ? channelLabel(filters.appId) : null,
  ].filter((c): c is string => Boolean(c));
  if (chips.length === 0) return null;
  return (
    <div className="flex items-center gap-2" data-testid="active-filters">
      <button type="button" onClick={onEdit} className="flex min-h-11 min-w-0 flex-1 flex-wrap items-center gap-1.5 text-left">
        <Icon name="filter" className="size-4 shrink-0 text-brand-700" />
        {chips.map((chip) => (
          <span key={chip} className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            {chip}
          </span>
        ))}
      </button>
      <button type="button" onClick={onClear} className="min-h-11 shrink-0 px-2 text-sm font-semibold text-brand-700">
        {id.orders.clearFilters}
      </button>
    </div>
  );
}
