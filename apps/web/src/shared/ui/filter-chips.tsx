import { id, t } from '../i18n/id';
import { formatDate } from '../utils/format';
import type { DateRange } from './date-range-fields';
import { Icon } from './icons';

/** The saved date range as one chip ("1 Nov 2025 – 5 Nov 2025", "Sejak …", "Sampai …"); null without dates. */
export function dateRangeChip({ startDate, endDate }: DateRange): string | null {
  // yyyy-mm-dd are WIB days; noon keeps them on the same day in any zone.
  const fmt = (d: string) => formatDate(`${d}T12:00:00+07:00`);
  if (startDate && endDate) return t(id.filters.dateRange, { start: fmt(startDate), end: fmt(endDate) });
  if (startDate) return t(id.filters.from, { date: fmt(startDate) });
  if (endDate) return t(id.filters.until, { date: fmt(endDate) });
  return null;
}

/** The saved search text as a chip; null when blank. */
export function queryChip(query: string): string | null {
  const q = query.trim();
  return q ? t(id.filters.queryChip, { query: q }) : null;
}

/**
 * The saved filters of a list as chips under its tabs: tapping them edits the
 * filters, "Hapus filter" clears them. Nothing is shown without a filter.
 */
export function FilterChips({ chips, onEdit, onClear, testId }: { chips: ReadonlyArray<string | null>; onEdit: () => void; onClear: () => void; testId: string }) {
  const shown = chips.filter((c): c is string => Boolean(c));
  if (shown.length === 0) return null;
  return (
    <div className="flex items-center gap-2" data-testid={testId}>
      <button type="button" onClick={onEdit} className="flex min-h-11 min-w-0 flex-1 flex-wrap items-center gap-1.5 text-left">
        <Icon name="filter" className="size-4 shrink-0 text-brand-700" />
        {shown.map((chip) => (
          <span key={chip} className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            {chip}
          </span>
        ))}
      </button>
      <button type="button" onClick={onClear} className="min-h-11 shrink-0 px-2 text-sm font-semibold text-brand-700">
        {id.filters.clear}
      </button>
    </div>
  );
}

const HEADER_BUTTON = 'relative inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white';

/** A list's header buttons: its filter (a dot while filters are on) and a reload. */
export function ListHeaderActions({
  filtered,
  onFilter,
  filterExpanded,
  filterTestId,
  refreshLabel,
  onRefresh,
}: {
  filtered: boolean;
  onFilter: () => void;
  /** For a filter panel that opens in place (aria-expanded); a modal leaves it undefined. */
  filterExpanded?: boolean;
  filterTestId: string;
  refreshLabel: string;
  onRefresh: () => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={onFilter}
        aria-label={filtered ? id.filters.active : id.filters.filter}
        aria-expanded={filterExpanded}
        className={HEADER_BUTTON}
        data-testid={filterTestId}
      >
        <Icon name="filter" />
        {filtered ? <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-amber-300 ring-2 ring-brand-700" /> : null}
      </button>
      <button type="button" onClick={onRefresh} aria-label={refreshLabel} className={HEADER_BUTTON}>
        <Icon name="refresh" />
      </button>
    </>
  );
}
