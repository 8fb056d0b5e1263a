import { historyText } from '../i18n/history';
import { t } from '../i18n/id';
import { formatDateTime } from '../utils/format';
import { Card } from './card';

export interface HistoryEntry {
  at: string;
  /** The step as the area names it. */
  label: string;
  /** The step's code, for tests and styling (`data-action`). */
  action: string;
  actorName: string | null;
  /** What was given with the step (a refusal's reason, a note). */
  note: string | null;
}

/** Every step of a booking, return or transfer, oldest first: what, who, when, and the note given with it. */
export function HistoryTimeline({ title, testId, entries }: { title: string; testId: string; entries: readonly HistoryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Card title={title} testId={testId}>
      <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-3">
        {entries.map((h, i) => (
          <li key={`${h.at}-${i}`} className="relative flex flex-col gap-0.5" data-testid={`${testId}-entry`} data-action={h.action}>
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.0625rem] size-2.5 rounded-full bg-brand-700 ring-2 ring-white" />
            <p className="text-sm font-semibold text-slate-900">{h.label}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(h.at)}
              {h.actorName ? ` · ${t(historyText.by, { name: h.actorName })}` : ''}
            </p>
            {h.note ? <p className="text-sm break-words text-slate-800">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
