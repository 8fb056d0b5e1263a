import type { ReturnDetail } from '@gerai/contract';
import { RETURN_STATUS_LABEL } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Card } from '@/shared/ui/card';
import { formatDateTime } from '@/shared/utils/format';

const text = returnsText.detail;

/** Every step of the return, oldest first: what, who, when, and the note given with it. */
export function ReturnHistory({ history }: { history: ReturnDetail['history'] }) {
  return (
    <Card title={text.historyTitle} testId="return-history">
      <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-3">
        {history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="relative flex flex-col gap-0.5" data-testid="return-history-entry" data-action={h.action}>
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.0625rem] size-2.5 rounded-full bg-brand-700 ring-2 ring-white" />
            <p className="text-sm font-semibold text-slate-900">{returnsText.step[h.action] ?? RETURN_STATUS_LABEL[h.status]}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(h.at)}
              {h.actorName ? ` · ${t(text.historyBy, { name: h.actorName })}` : ''}
            </p>
            {h.note ? <p className="text-sm break-words text-slate-800">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
