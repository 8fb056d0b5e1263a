import { useId, useState, type ComponentType } from 'react';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';

const text = monitoringText.scope;

/** The stores the caller may see, searchable: the app hands in the catalog's picker (features do not import each other). */
export interface StorePickerProps {
  selected: string | null;
  onPick: (store: { storeCode: string; storeName: string }) => void;
}
export type StorePickerSlot = ComponentType<StorePickerProps>;

/**
 * "Semua toko" or one store, for those who see several. The choice opens in place under the bar
 * (a long list is searched), and closes once made.
 */
export function StoreFilter({
  storeCode,
  storeName,
  storeCount,
  onChange,
  Picker,
}: {
  /** '' for every store of the scope. */
  storeCode: string;
  storeName: string | null;
  /** Stores in the scope, when known (shown beside "Semua toko"). */
  storeCount: number | null;
  onChange: (storeCode: string) => void;
  Picker: StorePickerSlot;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const choose = (code: string) => {
    setOpen(false);
    onChange(code);
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="monitoring-store-filter">
      <div className="flex items-center gap-1 p-1">
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="monitoring-store-filter-toggle"
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-xl px-2 text-left active:bg-slate-50"
        >
          <Icon name="store" className="size-5 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-slate-500">{text.label}</span>
            <span className="block truncate text-sm font-semibold text-slate-900" data-testid="monitoring-store-filter-value">
              {storeCode ? `${storeCode}${storeName ? ` · ${storeName}` : ''}` : text.all}
              {!storeCode && storeCount !== null ? <span className="font-normal text-slate-500"> · {t(text.storeCount, { count: formatNumber(storeCount) })}</span> : null}
            </span>
          </span>
          <span className="sr-only">{open ? text.close : text.change}</span>
          <Icon name="chevronRight" className={cn('size-5 shrink-0 text-slate-400 transition-transform', open ? '-rotate-90' : 'rotate-90')} />
        </button>
        {storeCode ? (
          <button
            type="button"
            onClick={() => choose('')}
            aria-label={text.clear}
            data-testid="monitoring-store-filter-clear"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <Icon name="close" className="size-5" />
          </button>
        ) : null}
      </div>
      {open ? (
        <div id={panelId} role="region" aria-label={text.chooseTitle} className="flex flex-col gap-3 border-t border-slate-200 p-3" data-testid="monitoring-store-picker">
          <Button variant={storeCode ? 'secondary' : 'primary'} block onClick={() => choose('')} aria-pressed={!storeCode} data-testid="monitoring-store-all">
            {text.all}
          </Button>
          <Picker selected={storeCode || null} onPick={(store) => choose(store.storeCode)} />
        </div>
      ) : null}
    </div>
  );
}
