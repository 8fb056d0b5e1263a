import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ERROR_MESSAGES, MAT_STATUS, MAT_STATUS_LABEL, TRANSFER_DISCREPANCY_LABEL, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { linesOf } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { formatNumber } from '@/shared/utils/format';
import { ScanNote } from '@/shared/ui/scan-note';
import { useFinishTransfer } from '../api/finish-transfer';
import { CountLine } from './count-line';
import { countOf, countScan, finishBody, forgetCountDraft, linesMissingReason, setCount, setReason, shortLines, useCountDraft, type CountDraft, type ScanOutcome } from '../utils/count-draft';
import { RefusalNote } from './refusal-note';
import { Elsewhere } from './confirm-mat-parts';

const text = transfersText.confirm;
const countText = transfersText.count;
const common = transfersText.common;

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/** The lines a refused finish names, by the product the server names (never by its words). */
const refusedLines = (error: ApiError | null): Record<string, string> => (error ? linesOf(error) : {});

function feedbackOf(outcome: ScanOutcome): Feedback {
  switch (outcome.kind) {
    case 'counted':
      return { tone: 'success', text: t(countText.counted, { name: outcome.line.name, n: formatNumber(outcome.n), sent: formatNumber(outcome.line.qtySent) }) };
    case 'full':
      return { tone: 'error', text: t(countText.full, { name: outcome.line.name, sent: formatNumber(outcome.line.qtySent) }) };
    case 'unknown':
      return { tone: 'error', text: t(countText.unknown, { code: outcome.code }) };
  }
}

export function CountView({ detail: d }: { detail: TransferDetail }) {
  const navigate = useNavigate();
  const openModal = useModalStore((s) => s.openModal);
  const { draft, update, reset } = useCountDraft(d.matNo);
  // The draft the latest scan made, and the render's draft it was made on (see onScan).
  const scanned = useRef<{ base: CountDraft; draft: CountDraft } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [openReason, setOpenReason] = useState<string | null>(null);
  // A refused "Selesai": why, above the button, and each line the server named, on that line.
  const [refused, setRefused] = useState<ApiError | null>(null);
  const lineRefusals = refusedLines(refused);

  const finish = useFinishTransfer(d.matNo, d.idTbsms, {
    onSuccess: (r) => {
      signal('success');
      forgetCountDraft(r.matNo);
      showToast(t(countText.finished, { matNo: r.matNo, received: formatNumber(r.qtyReceived ?? 0) }), 'success');
      navigate(paths.detailMatIn(r.matNo), { replace: true });
    },
    onQueued: () => {
      showToast(common.queued, 'info');
      navigate(paths.detailMatIn(d.matNo), { replace: true });
    },
    onError: (error) => {
      signal('error');
      setRefused(error);
    },
  });
  const sending = finish.isPending && !finish.queued;

  if (d.matStatus === MAT_STATUS.NEW) {
    return <Elsewhere testId="mat-not-confirmed" title={text.notConfirmedTitle} message={text.notConfirmedMessage} to={paths.confirmMat('new', d.idTbsms)} action={transfersText.detail.confirm} />;
  }
  if (d.matStatus !== MAT_STATUS.PROCESS) {
    return <Elsewhere testId="mat-closed" title={t(text.closedTitle, { status: MAT_STATUS_LABEL[d.matStatus] })} message={text.closedMessage} to={paths.detailMatIn(d.matNo)} action={transfersText.detail.toDetail} />;
  }
  if (!d.actions.includes('finish')) {
    return <Elsewhere testId="mat-not-receiver" title={text.notReceiverTitle} message={ERROR_MESSAGES.TRANSFER_NOT_RECEIVER} to={paths.mat} action={common.toEntry} />;
  }

  const onScan = (code: string) => {
    // Scans come faster than renders (a hardware scanner fires several a second): each counts on what
    // the previous one left, not on the draft of the last render.
    const now = scanned.current?.base === draft ? scanned.current.draft : draft;
    const { draft: next, outcome } = countScan(now, d.lines, code);
    signal(outcome.kind === 'counted' ? 'success' : 'error');
    if (next !== now) {
      scanned.current = { base: draft, draft: next };
      update(() => next);
    }
    setFeedback(feedbackOf(outcome));
  };

  const received = d.lines.reduce((sum, l) => sum + countOf(draft, l.productId), 0);
  const short = shortLines(d.lines, draft);
  const missing = linesMissingReason(d.lines, draft);
  const hint = missing.length > 0 ? t(countText.hintMissing, { n: formatNumber(missing.length) }) : short.length === 0 ? t(countText.hintAll, { qty: formatNumber(d.qtySent) }) : t(countText.hintShort, { received: formatNumber(received), sent: formatNumber(d.qtySent) });

  const confirmFinish = () => {
    const body = finishBody(d.lines, draft);
    const lines =
      short.length === 0
        ? [t(countText.finishAll, { qty: formatNumber(d.qtySent) })]
        : [
            t(countText.finishShort, { received: formatNumber(received), sent: formatNumber(d.qtySent) }),
            ...short.map((l) => {
              const r = draft.reasons[l.productId]?.reason;
              return t(countText.finishLine, { name: l.name, n: formatNumber(l.qtySent - countOf(draft, l.productId)), reason: r ? TRANSFER_DISCREPANCY_LABEL[r] : '' });
            }),
          ];
    openModal({
      type: 'info',
      imageType: short.length === 0 ? 'success' : 'warning',
      title: countText.finishTitle,
      message: [...lines, t(countText.finishNote, { received: formatNumber(received) })].join('\n'),
      buttonText: id.common.cancel,
      confirmText: countText.finishConfirm,
      onConfirm: () => {
        setRefused(null);
        finish.mutate(body);
      },
    });
  };
  const confirmReset = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: countText.resetTitle,
      message: countText.resetMessage,
      buttonText: id.common.cancel,
      confirmText: countText.resetConfirm,
      onConfirm: () => {
        reset();
        setFeedback(null);
        setOpenReason(null);
      },
    });

  return (
    <div className="flex flex-col gap-3 pb-28" data-testid="mat-count-view">
      {/* The scanner stays on top while the lines scroll under it: the work in view at 360 × 640. */}
      <section aria-label={countText.scanTitle} className="sticky top-[var(--page-top,3.5rem)] z-10 -mx-4 -mt-4 flex flex-col gap-1 border-b border-slate-200 bg-white px-4 pt-2" data-testid="mat-count-scanner">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="min-w-0 truncate font-mono text-sm font-semibold text-slate-900">{d.matNo}</h2>
          <span className="shrink-0 text-sm font-bold text-slate-900 tabular-nums" data-testid="mat-count-total">
            {formatNumber(received)} / {formatNumber(d.qtySent)}
          </span>
        </div>
        <ScannerPanel onScan={onScan} title={countText.scanTitle} layout="compact" enabled={!sending}>
          <div aria-live="polite" className="flex min-h-11 items-center pb-1" data-testid="mat-count-feedback">
            {feedback ? (
              <ScanNote tone={feedback.tone} text={feedback.text} className="px-2 py-1.5" />
            ) : (
              <p className="text-xs text-slate-500">{countText.hint}</p>
            )}
          </div>
        </ScannerPanel>
      </section>
      <ul className="flex flex-col gap-2" aria-label={transfersText.detail.linesTitle} data-testid="mat-count-lines">
        {d.lines.map((line) => (
          <CountLine
            key={line.productId}
            line={line}
            count={countOf(draft, line.productId)}
            reason={draft.reasons[line.productId]}
            open={openReason === line.productId}
            disabled={sending}
            onCount={(n) => update((dr) => setCount(dr, line, n))}
            onReason={(r) => update((dr) => setReason(dr, line.productId, r))}
            onOpen={() => setOpenReason(line.productId)}
            onClose={() => setOpenReason((o) => (o === line.productId ? null : o))}
            refusal={lineRefusals[line.productId] ?? null}
          />
        ))}
      </ul>
      <Button variant="ghost" onClick={confirmReset} disabled={sending} className="self-start" data-testid="mat-count-reset">
        <Icon name="refresh" className="size-5" />
        {countText.reset}
      </Button>
      <ActionBar hint={hint}>
        <div className="flex w-full flex-col gap-2">
          <RefusalNote error={refused} testId="mat-count-refused" />
          <Button block onClick={confirmFinish} disabled={missing.length > 0 || finish.isPending} loading={sending} data-testid="mat-count-submit">
            {countText.submit}
          </Button>
        </div>
      </ActionBar>
    </div>
  );
}
