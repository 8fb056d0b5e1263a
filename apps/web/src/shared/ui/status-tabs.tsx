import { formatNumber } from '../utils/format';
import { cn } from '../utils/cn';

export interface StatusTab<S extends string> {
  value: S;
  label: string;
  /** Its count badge; none while unknown (or where the list counts nothing). */
  count?: number | undefined;
}

const LAYOUT = {
  /** Few tabs sharing the width (POD requests: 3). */
  grid: { row: 'grid grid-cols-3 gap-1', tab: 'justify-center' },
  /** More tabs than fit: the row scrolls sideways (returns: 6). */
  scroll: { row: 'flex gap-1.5 overflow-x-auto [scrollbar-width:none]', tab: 'shrink-0 px-3 whitespace-nowrap' },
} as const;

/**
 * A list screen's status tabs under its header, each with its count: one row, so the queues of
 * every area switch status the same way. `testId` names the row's parts: `<id>s`, `<id>-<status>`,
 * `<id>-<status>-count`.
 */
export function StatusTabs<S extends string>({
  label,
  tabs,
  current,
  onSelect,
  layout,
  testId,
}: {
  label: string;
  tabs: ReadonlyArray<StatusTab<S>>;
  current: S;
  onSelect: (status: S) => void;
  layout: keyof typeof LAYOUT;
  testId: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('sticky top-14 z-10 border-b border-slate-200 bg-white p-2', LAYOUT[layout].row)} data-testid={`${testId}s`}>
      {tabs.map(({ value, label: tabLabel, count }) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === current}
          onClick={() => onSelect(value)}
          className={cn('inline-flex min-h-11 items-center gap-1.5 rounded-xl text-sm font-semibold', LAYOUT[layout].tab, value === current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
          data-testid={`${testId}-${value}`}
        >
          {tabLabel}
          {count !== undefined ? (
            <>
              {/* Named by what it shows (WCAG 2.5.3): "Diajukan 2", the space keeping the two apart. */}{' '}
              <span
                className={cn('inline-flex min-w-5 justify-center rounded-full px-1 text-xs tabular-nums', value === current ? 'bg-white text-brand-800' : count > 0 ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600')}
                data-testid={`${testId}-${value}-count`}
              >
                {formatNumber(count)}
              </span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}
