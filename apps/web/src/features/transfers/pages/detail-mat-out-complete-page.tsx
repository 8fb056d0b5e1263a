import { useParams } from 'react-router';
import { MAT_STATUS, type TransferDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { EmptyState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { TransferHeader } from '../components/transfer-header';
import { TransferHistory } from '../components/transfer-history';
import { TransferLines } from '../components/transfer-lines';
import { TransferDetailScreen } from '../components/transfer-detail-screen';
import { outDetailPath } from '../utils/transfer-view';

const text = transfersText.detail;

/**
 * `/detail-mat-out-complete/:matStoreStatus/:matStoreNo` — what arrived of a transfer my store sent:
 * per line sent against received, each difference marked with its reason and note, the totals, and
 * who counted it and when. Not finished yet: says so and leads to its detail.
 */
export default function DetailMatOutCompletePage() {
  const { matStoreNo = '' } = useParams();
  return (
    <TransferDetailScreen matNo={matStoreNo} title={id.routes.detailMatOutComplete} backTo={paths.matOutDone} testId="mat-detail-complete">
      {(d) => (d.matStatus === MAT_STATUS.FINISH ? <CompleteView detail={d} /> : <NotFinished detail={d} />)}
    </TransferDetailScreen>
  );
}

function NotFinished({ detail: d }: { detail: TransferDetail }) {
  return (
    <div data-testid="mat-not-finished">
      <EmptyState icon="truck" title={text.notFinishedTitle} message={text.notFinishedMessage}>
        <ButtonLink to={outDetailPath(d)} variant="secondary">
          {text.toDetail}
        </ButtonLink>
      </EmptyState>
    </div>
  );
}

function CompleteView({ detail: d }: { detail: TransferDetail }) {
  const received = d.qtyReceived ?? 0;
  return (
    <>
      <TransferHeader detail={d} />
      <Card title={text.totals} testId="mat-complete-totals">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              ['sent', text.totalSent, d.qtySent],
              ['received', text.totalReceived, received],
              ['short', text.totalShort, d.qtyShort],
            ] as const
          ).map(([key, label, value]) => (
            <div key={key} className={cn('flex flex-col rounded-lg px-1 py-1.5', key === 'short' && value > 0 ? 'bg-orange-50' : 'bg-slate-50')}>
              <dt className="text-[0.6875rem] leading-tight text-slate-500">{label}</dt>
              <dd className={cn('text-lg font-bold tabular-nums', key === 'short' && value > 0 ? 'text-orange-800' : 'text-slate-900')} data-testid={`mat-complete-${key}`}>
                {formatNumber(value)}
              </dd>
            </div>
          ))}
        </dl>
        {d.qtyShort === 0 ? (
          <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="mat-complete-all">
            <Icon name="check" className="size-4" />
            {text.noShort}
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 border-t border-slate-100 pt-2">
          <Field label={text.finishedBy}>
            <span data-testid="mat-complete-by">{d.finishedByName ?? id.common.dash}</span>
          </Field>
          <Field label={text.finishedAt}>
            <span data-testid="mat-complete-at">{formatDateTime(d.finishedAt)}</span>
          </Field>
        </dl>
      </Card>
      <TransferLines detail={d} />
      <TransferHistory history={d.history} />
    </>
  );
}
