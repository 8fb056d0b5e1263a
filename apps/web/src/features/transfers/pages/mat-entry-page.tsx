import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAT_IN_ROUTE_STATUSES, MAT_OUT_ROUTE_STATUSES, MAT_ROUTE_STATUS, MAT_STATUS_LABEL, parseMatQr, type MatRouteStatus, type TransferCounts, type TransferListSide } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useNow } from '@/shared/hooks/use-now';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Button, ButtonLink } from '@/shared/ui/button';
import { CardAge, LinkCard } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { Skeleton } from '@/shared/ui/skeleton';
import { EmptyState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useTransferCount } from '../api/get-transfer-count';
import { useTransferWatch } from '../api/get-transfer-watch';
import { QrScanPanel } from '../components/qr-scan-panel';
import { LockedChip, ShortChip } from '../components/transfer-status-chip';
import { transferKeys, type TransferWatchKind } from '../query-keys';
import { detailPath, listPath, otherStoreLabel, type ConfirmMatState } from '../utils/transfer-view';

const text = transfersText.entry;
/** How many of each watch list the entry shows. */
const WATCH_SIZE = 5;

const COUNT_OF: Record<MatRouteStatus, keyof TransferCounts> = { new: 'totalNew', proces: 'totalProcess', done: 'totalFinish', cancel: 'totalCancel' };

/**
 * `/mat` — material transfers: my store's counts as receiver (MAT Masuk) and as sender (MAT
 * Keluar), each a way into its list; "Kirim MAT" to make one; "Pindai QR MAT" to receive one by its
 * QR. Kepala toko and above also see the locked transfers and those with a difference, at the end
 * of the page so nothing above moves when they arrive (decision 86). `canWatch`: the caller is
 * kepala toko or above (the app's route knows the member; features do not import each other).
 */
export default function MatEntryPage({ canWatch = false, hasStore = true }: { canWatch?: boolean; hasStore?: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Without an active store there are no counts to read (the server would refuse): said, not asked.
  const count = useTransferCount({ enabled: hasStore });
  const [scanning, setScanning] = useState(false);
  const [scanError, setScanError] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: transferKeys.count(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: transferKeys.watches(), type: 'active' }),
    ]);

  const onScan = (value: string) => {
    const qr = parseMatQr(value);
    if (!qr) {
      signal('error');
      setScanError(text.notMatQr);
      return;
    }
    signal('success');
    const state: ConfirmMatState = { qr: value.trim() };
    navigate(paths.confirmMat('new', qr.idTbsms), { state });
  };

  return (
    <>
      <PageHeader
        title={id.routes.mat}
        backTo={paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={transfersText.common.refresh} />}
      />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4" data-testid="mat-entry">
          {hasStore ? (
            <>
              <div className="grid grid-cols-2 gap-2">
                <ButtonLink to={paths.matStore} block data-testid="mat-send">
                  <Icon name="truck" className="size-5" />
                  {text.send}
                </ButtonLink>
                <Button
                  variant="secondary"
                  block
                  aria-expanded={scanning}
                  onClick={() => {
                    setScanning((s) => !s);
                    setScanError(null);
                  }}
                  icon={<Icon name={scanning ? 'close' : 'qr'} className="size-5" />}
                  data-testid="mat-scan"
                >
                  {scanning ? id.common.close : text.scan}
                </Button>
              </div>
              {scanning ? (
                <QrScanPanel title={text.scanTitle} manualLabel={text.scanManualLabel} manualPlaceholder={text.scanManualPlaceholder} onScan={onScan}>
                  <div aria-live="polite" className="flex min-h-11 items-center" data-testid="mat-scan-feedback">
                    {scanError ? (
                      <p role="alert" className="flex w-full items-start gap-2 rounded-xl bg-red-50 p-2 text-sm font-medium text-red-800">
                        <Icon name="alert" className="size-5 shrink-0" />
                        {scanError}
                      </p>
                    ) : (
                      <p className="text-xs text-slate-500">{text.scanHint}</p>
                    )}
                  </div>
                </QrScanPanel>
              ) : null}
            </>
          ) : null}

          {hasStore ? (
            <>
              <CountBlock side="in" title={text.inTitle} hint={text.inHint} counts={count.data?.receiver} loading={count.isPending} />
              <CountBlock side="out" title={text.outTitle} hint={text.outHint} counts={count.data?.sender} loading={count.isPending} />
            </>
          ) : (
            <div data-testid="mat-no-store">
              <EmptyState icon="store" title={text.noStoreTitle} message={text.noStoreMessage}>
                <ButtonLink to={paths.home} variant="secondary">
                  {id.nav.home}
                </ButtonLink>
              </EmptyState>
            </div>
          )}
          {count.isError && !count.data ? (
            <p role="alert" className="flex items-center gap-2 rounded-xl bg-amber-50 p-2 text-sm text-amber-900" data-testid="mat-counts-error">
              <Icon name="alert" className="size-5 shrink-0" />
              <span className="flex-1">{text.countsError}</span>
              <Button variant="ghost" onClick={() => void count.refetch()} loading={count.isFetching}>
                {id.common.retry}
              </Button>
            </p>
          ) : null}

          {canWatch ? (
            <>
              <WatchBlock kind="locked" title={text.lockedTitle} hint={text.lockedHint} />
              <WatchBlock kind="discrepancies" title={text.shortTitle} hint={text.shortHint} />
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

/** One side's counts, each a tile leading to its list; the numbers' places are kept while they load. */
function CountBlock({ side, title, hint, counts, loading }: { side: TransferListSide; title: string; hint: string; counts: TransferCounts | null | undefined; loading: boolean }) {
  const statuses = side === 'in' ? MAT_IN_ROUTE_STATUSES : MAT_OUT_ROUTE_STATUSES;
  return (
    <section aria-label={title} className="flex flex-col gap-2" data-testid={`mat-block-${side}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="shrink-0 font-semibold text-slate-900">{title}</h2>
        <p className="min-w-0 truncate text-xs text-slate-500">{hint}</p>
      </div>
      <ul className={cn('grid gap-2', statuses.length === 4 ? 'grid-cols-4' : 'grid-cols-3')}>
        {statuses.map((s) => {
          const label = MAT_STATUS_LABEL[MAT_ROUTE_STATUS[s]];
          const n = counts?.[COUNT_OF[s]];
          return (
            <li key={s}>
              <LinkCard
                to={listPath(side, s)}
                testId={`mat-count-${side}-${s}`}
                className="min-h-16 items-center justify-center gap-0.5 px-1 py-2 text-center"
              >
                {n === undefined ? (
                  loading ? <Skeleton className="h-7 w-8" /> : <span className="text-2xl font-bold text-slate-500">{id.common.dash}</span>
                ) : (
                  <span className={cn('text-2xl font-bold tabular-nums', n > 0 ? 'text-brand-800' : 'text-slate-500')} data-testid={`mat-count-${side}-${s}-value`}>
                    {formatNumber(n)}
                  </span>
                )}{' '}
                <span className="text-xs font-medium text-slate-700">{label}</span>
              </LinkCard>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A watch list (locked, or with a difference) for kepala toko and above: shown only when it has something. */
function WatchBlock({ kind, title, hint }: { kind: TransferWatchKind; title: string; hint: string }) {
  const watch = useTransferWatch(kind, WATCH_SIZE);
  const now = useNow();
  const page = watch.data;
  if (!page || page.items.length === 0) return null;
  const more = page.total - page.items.length;
  return (
    <section aria-label={title} className="flex flex-col gap-2" data-testid={`mat-watch-${kind}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          {title} <span className="text-sm font-semibold text-red-700 tabular-nums">({formatNumber(page.total)})</span>
        </h2>
      </div>
      <p className="text-xs text-slate-500">{hint}</p>
      <ul className="flex flex-col gap-2">
        {page.items.map((item) => (
          <li key={item.matNo}>
            <LinkCard to={detailPath(item)} testId={`mat-watch-${kind}-${item.matNo}`} className="gap-1">
              <div className="flex items-center gap-2">
                <p className="min-w-0 flex-1 truncate font-mono text-sm font-semibold text-slate-900">{item.matNo}</p>
                {kind === 'locked' ? <LockedChip /> : <ShortChip qty={item.qtyShort} />}
              </div>
              <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
                <span className="min-w-0 truncate">{otherStoreLabel(item)}</span>
                <CardAge at={item.finishedAt ?? item.createdAt} now={now} />
              </div>
            </LinkCard>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-center text-xs text-slate-500">{t(text.watchMore, { n: formatNumber(more) })}</p> : null}
    </section>
  );
}
