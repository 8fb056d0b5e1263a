import type { TransferDetail } from '@gerai/contract';
import { transfersText } from '@/shared/i18n/transfers';
import { Card, Field } from '@/shared/ui/card';
import { formatDateTime } from '@/shared/utils/format';

const text = transfersText.detail;

/** When each step happened and who took it; steps not taken yet are left out. */
export function TransferFacts({ detail: d }: { detail: TransferDetail }) {
  const rows: Array<[string, string, string | null, string | null]> = [
    ['created', text.createdAt, d.createdAt, d.createdByName],
    ['confirmed', text.confirmedAt, d.confirmedAt, d.confirmedByName],
    ['finished', text.finishedAt, d.finishedAt, d.finishedByName],
    ['cancelled', text.cancelledAt, d.cancelledAt, null],
  ];
  return (
    <Card title={text.timesTitle} testId="mat-times">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        {rows
          .filter(([, , at]) => at)
          .map(([key, label, at, by]) => (
            <Field key={key} label={label}>
              <span data-testid={`mat-time-${key}`}>
                {formatDateTime(at)}
                {by ? <span className="block text-xs font-normal text-slate-600">{by}</span> : null}
              </span>
            </Field>
          ))}
      </dl>
    </Card>
  );
}
