import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Recap } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { Button } from '@/shared/ui/button';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { ErrorState } from '@/shared/ui/state-views';
import { formatDateTime } from '@/shared/utils/format';
import { useRecapStores, type RecapStorePage } from '../api/get-recap-stores';
import { useRecap } from '../api/get-recap';
import { RecapCharts } from '../components/recap-charts';
import { RecapFilters, type DayRange } from '../components/recap-filters';
import { RecapSkeleton, RecapSummary } from '../components/recap-summary';
import { RecapTables } from '../components/recap-tables';
import { recapKeys } from '../query-keys';
import { formatRange } from '../utils/format';
import { printRecap } from '../utils/print';
import { QUICK_RANGES, quickRange, rangeProblem, todayInWib, type RecapParams } from '../utils/range';

/** The page's state in its URL, so back, refresh and a shared link show the same recap. */
const PARAM = { from: 'from', to: 'to', storeCode: 'storeCode' } as const;

/** A range being typed that the server would refuse, kept beside the URL it was typed over. */
interface Draft extends DayRange {
  over: string;
}

/** Which store(s) the recap covers, in words: the store, or all of the scope with their count. */
function scopeLabel(recap: Recap, scope: RecapStorePage | undefined): string {
  const code = recap.storeCode ?? (recap.storeCount === 1 && scope?.items.length === 1 ? scope.items[0]!.storeCode : null);
  if (!code) return t(recapText.heading.allStores, { count: recap.storeCount });
  const store = scope?.items.find((s) => s.storeCode === code);
  return store ? t(recapText.heading.oneStore, { code, name: store.storeName }) : code;
}

/**
 * /rekap-ac — the recap of a day or a range (WIB days) over the caller's scope or one store of it:
 * totals, completion time, orders per day and per channel as charts, and the tables, each downloadable
 * as CSV; printable (print CSS in index.css) and so saved as PDF by the browser.
 */
export default function RecapPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const today = todayInWib();
  const url = { from: search.get(PARAM.from) || today, to: search.get(PARAM.to) || today, storeCode: search.get(PARAM.storeCode) ?? '' };
  const urlText = search.toString();

  const [draft, setDraft] = useState<Draft | null>(null);
  // A draft belongs to the URL it was typed over: back or forward shows that URL's range again.
  const typing = draft && draft.over === urlText ? draft : null;
  const shown: DayRange = typing ?? url;
  const problem = rangeProblem(shown.from, shown.to);
  // Only a range the server accepts is asked for.
  const params: RecapParams | null = rangeProblem(url.from, url.to) ? null : url;

  const write = (changes: Partial<RecapParams>) => {
    setDraft(null);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes) as Array<[keyof RecapParams, string]>) {
          if (value) next.set(PARAM[key], value);
          else next.delete(PARAM[key]);
        }
        return next;
      },
      { replace: true },
    );
  };
  const onRange = (range: DayRange) => {
    if (rangeProblem(range.from, range.to)) setDraft({ ...range, over: urlText });
    else write(range);
  };
  const activeQuick = typing ? null : (QUICK_RANGES.find((q) => url.to === today && url.from === quickRange(q.days, today).from)?.days ?? null);

  const scopeQuery = useRecapStores('');
  const scope = scopeQuery.data;
  const recap = useRecap(params);
  const refresh = () => void queryClient.refetchQueries({ queryKey: recapKeys.all, type: 'active' });

  let body;
  if (!params) {
    body = null;
  } else if (recap.data) {
    const data = recap.data;
    body = (
      <>
        {/* Side by side where there is room; on a phone the button goes under the range and store. */}
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <div className="min-w-52 flex-1" data-testid="recap-heading">
            <h2 className="text-base leading-6 font-bold text-slate-900 print:text-lg">
              <span className="hidden print:inline">{recapText.heading.title} · </span>
              <span data-testid="recap-range">{formatRange(data.from, data.to)}</span>
            </h2>
            <p className="text-sm text-slate-600" data-testid="recap-scope">
              {scopeLabel(data, scope)}
            </p>
            <p className="hidden text-xs text-slate-500 print:block">{t(recapText.heading.printedAt, { at: formatDateTime(new Date()) })}</p>
            {recap.isFetching ? (
              <p className="text-xs text-slate-500 print:hidden" aria-live="polite">
                {recapText.updating}
              </p>
            ) : null}
          </div>
          <Button variant="secondary" className="shrink-0 px-3 text-sm print:hidden" onClick={() => void printRecap(`${recapText.heading.title} ${formatRange(data.from, data.to)}`)} data-testid="recap-print">
            {recapText.filters.print}
          </Button>
        </div>
        <RecapSummary recap={data} />
        {data.totals.orders > 0 ? <RecapCharts recap={data} /> : null}
        <RecapTables recap={data} params={{ from: data.from, to: data.to, storeCode: data.storeCode ?? '' }} />
      </>
    );
  } else if (recap.isError) {
    const error = recap.error;
    // A refused range or store: the server's own words (the field's message when it names one).
    const message = isApiError(error) ? (error.details?.[0]?.message ?? error.message) : undefined;
    body = <ErrorState title={recapText.loadError} message={message} onRetry={() => void recap.refetch()} retrying={recap.isFetching} />;
  } else {
    body = <RecapSkeleton />;
  }

  return (
    <div data-print-page="recap" data-testid="recap-page">
      <PageHeader
        title={id.routes.rekapAc}
        backTo={paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={recapText.refresh} />}
      />
      <RecapFilters
        range={shown}
        problem={problem}
        activeQuick={activeQuick}
        onRange={onRange}
        onQuick={(days) => write(quickRange(days, today))}
        scope={scope}
        scopePending={scopeQuery.isPending}
        storeCode={url.storeCode}
        onStore={(storeCode) => write({ storeCode })}
      />
      <div className="flex flex-col gap-3 p-4 print:gap-4 print:p-0">{body}</div>
    </div>
  );
}
