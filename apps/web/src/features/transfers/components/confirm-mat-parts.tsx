import { type TransferDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/state-views';
import { formatNumber } from '@/shared/utils/format';
import { RecordNumber } from '@/shared/ui/record-number';

const text = transfersText.confirm;
const common = transfersText.common;

/** The transfer as the receiver sees it before confirming: who sends, how much. */
export function Summary({ detail: d }: { detail: TransferDetail }) {
  return (
    <Card testId="mat-confirm-summary">
      <RecordNumber value={d.matNo} testId="mat-number" small />
      <p className="text-sm text-slate-700" data-testid="mat-confirm-sender">
        {t(text.summary, { n: formatNumber(d.lineCount), qty: formatNumber(d.qtySent), store: t(common.store, { code: d.sender.storeCode, name: d.sender.storeName }) })}
      </p>
    </Card>
  );
}

/** A transfer in a status this screen has nothing to do with: said, with the way on. */
export function Elsewhere({ title, message, to, action, testId }: { title: string; message: string; to: string; action: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <EmptyState icon="truck" title={title} message={message}>
        <ButtonLink to={to} block>
          {action}
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
