import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ERROR_MESSAGES, MAT_STATUS, MAT_STATUS_LABEL, TRANSFER_DISCREPANCY_LABEL, TRANSFER_LIMITS, parseMatQr, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { linesOf } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { id, t } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { EmptyState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useConfirmTransfer } from '../api/confirm-transfer';
import { useFinishTransfer } from '../api/finish-transfer';
import { useTransferByTbsms } from '../api/get-transfer-by-tbsms';
import { writeLocked } from '../api/transfer-change';
import { useUnlockTransfer } from '../api/unlock-transfer';
import { CountLine } from '../components/count-line';
import { LockNotice } from '../components/lock-notice';
import { QrScanPanel } from '../components/qr-scan-panel';
import { TransferNotFound, TransferQueryState } from '../components/transfer-query-state';
import { UnlockedNotice } from '../components/unlocked-notice';
import { countOf, countScan, finishBody, forgetCountDraft, linesMissingReason, setCount, setReason, shortLines, useCountDraft, type CountDraft, type ScanOutcome } from '../utils/count-draft';
import { refusalLines } from '../refusals';
import { qrOfState } from '../utils/transfer-view';
import { RefusalNote } from '../components/refusal-note';

const text = transfersText.confirm;
const countText = transfersText.count;
const common = transfersText.common;

type Mode = 'new' | 'proces';
const modeOf = (status: string | undefined): Mode | null => (status === 'new' || status === 'proces' ? status : null);
const PIN_PATTERN = new RegExp(`^\\d{${TRANSFER_LIMITS.pinDigits}}$`);

/**
 * `/confirm-mat/:status/:idTbsms` — receiving a transfer, found by the id its QR carries. `new`: the
 * PIN typed or the QR scanned confirms that the goods arrived (a QR scanned on `/mat` arrives in the
 * router state and confirms at once). `proces`: the goods are counted by scanning, line by line, the
 * count kept on this phone until "Selesai" sends it with the reason of every line short.
 */
export default function ConfirmMatPage() {
  const { status, idTbsms = '' } = useParams();
  const mode = modeOf(status);
  const detail = useTransferByTbsms(idTbsms, { enabled: mode !== null });

  return (
    <>
      <PageHeader title={id.routes.confirmMat} backTo={paths.matInNew} />
      <div className="flex flex-col gap-3 p-4" data-testid="mat-confirm-page">
        {mode === null ? (
          <TransferNotFound backTo={paths.mat} title={text.notFoundTitle} message={text.notFoundMessage} />
        ) : (
          <TransferQueryState query={detail} valid={Boolean(idTbsms)} backTo={paths.mat} notFound={{ title: text.notFoundTitle, message: text.notFoundMessage }}>
            {(d) => (mode === 'new' ? <ConfirmView key={d.matNo} detail={d} /> : <CountView key={d.matNo} detail={d} />)}
          </TransferQueryState>
        )}
      </div>
    </>
  );
}

/** The transfer as the receiver sees it before confirming: who sends, how much. */
function Summary({ detail: d }: { detail: TransferDetail }) {
  return (
    <Card testId="mat-confirm-summary">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 font-mono font-bold break-all text-slate-900" data-testid="mat-number">
          {d.matNo}
        </p>
      </div>
      <p className="text-sm text-slate-700" data-testid="mat-confirm-sender">
        {t(text.summary, { n: formatNumber(d.lineCount), qty: formatNumber(d.qtySent), store: t(common.store, { code: d.sender.storeCode, name: d.sender.storeName }) })}
      </p>
    </Card>
  );
}

/** A transfer in a status this screen has nothing to do with: said, with the way on. */
function Elsewhere({ title, message, to, action, testId }: { title: string; message: string; to: string; action: string; testId: string }) {
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

function ConfirmView({ detail: d }: { detail: TransferDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const openModal = useModalStore((s) => s.openModal);
  const online = useOnlineStatus();
  const pinId = useId();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [qrError, setQrError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const confirm = useConfirmTransfer(d.matNo, d.idTbsms, {
    onSuccess: (r) => {
      signal('success');
      showToast(t(text.confirmed, { matNo: r.matNo }), 'success');
      // Back from the count goes to where the crew came from, not to a confirmation already made.
      navigate(paths.confirmMat('proces', r.idTbsms), { replace: true });
    },
    onError: (error: ApiError, vars) => {
      signal('error');
      const said = refusalLines(error).join('\n');
      if (error.code === 'TRANSFER_LOCKED') {
        // Said by the transfer itself (the cache), not by this screen: the unlock a supervisor makes
        // on another phone reaches it by its event and the PIN can be typed again, without a reload.
        writeLocked(queryClient, d);
        // The wrong PIN does not wait in the field for the unlock.
        setPin('');
        return;
      }
      // Said where it was given: a wrong PIN (an old QR counts as one), a foreign QR, no answer, and
      // any other refusal (confirmed meanwhile, not for my store: the transfer is read again too).
      if (vars.qr !== undefined) {
        setQrOpen(true);
        setQrError(said);
      } else {
        setPin('');
        setPinError(said);
      }
    },
  });
  const [unlockRefused, setUnlockRefused] = useState<ApiError | null>(null);
  const unlock = useUnlockTransfer(d.matNo, d.idTbsms, {
    onSuccess: (r) => {
      signal('success');
      showToast(t(transfersText.lock.unlocked, { matNo: r.matNo }), 'success');
    },
    onQueued: () => showToast(common.queued, 'info'),
    onError: (error) => {
      signal('error');
      setUnlockRefused(error);
    },
  });
  const sending = confirm.isPending;
  const canConfirm = d.actions.includes('confirm') && !d.locked;
  // Unlocked on this phone (a supervisor's job): said above what follows, the crew's PIN still holds.
  const unlockedHere = unlock.isSuccess && !d.locked;

  const submitQr = (raw: string) => {
    const value = raw.trim();
    const qr = parseMatQr(value);
    // Not a MAT QR, or another transfer's: said here, no try counted (the server would refuse it the same).
    if (!qr) {
      signal('error');
      setQrError(text.notMatQr);
      return;
    }
    if (qr.idTbsms !== d.idTbsms) {
      signal('error');
      setQrError(t(text.otherTransfer, { matNo: d.matNo }));
      return;
    }
    if (!online) {
      setQrError(common.needsConnection);
      return;
    }
    setQrError(null);
    setPinError(null);
    confirm.mutate({ qr: value });
  };

  // A QR scanned on /mat confirms at once, once: the state is dropped so a reload does not send it again.
  const stateQr = qrOfState(location.state);
  const started = useRef(false);
  useEffect(() => {
    if (!stateQr || started.current) return;
    started.current = true;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    if (canConfirm) submitQr(stateQr);
    // Runs for the state it arrived with; submitQr reads the transfer shown then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateQr]);

  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setPinError(t(transfersText.confirm.pinHint, { digits: TRANSFER_LIMITS.pinDigits }));
      return;
    }
    if (!online) {
      setPinError(common.needsConnection);
      return;
    }
    setPinError(null);
    confirm.mutate({ pin });
  };

  // Confirmed here: the count opens (the reply moved the transfer on before the route did).
  if (confirm.isSuccess) return <Summary detail={d} />;
  if (d.matStatus === MAT_STATUS.PROCESS) {
    return <Elsewhere testId="mat-already-confirmed" title={text.alreadyConfirmedTitle} message={text.alreadyConfirmedMessage} to={paths.confirmMat('proces', d.idTbsms)} action={countText.title} />;
  }
  if (d.matStatus !== MAT_STATUS.NEW) {
    return <Elsewhere testId="mat-closed" title={t(text.closedTitle, { status: MAT_STATUS_LABEL[d.matStatus] })} message={text.closedMessage} to={paths.detailMatIn(d.matNo)} action={transfersText.detail.toDetail} />;
  }
  if (d.locked) {
    return (
      <>
        <Summary detail={d} />
        <LockNotice
          onUnlock={
            d.actions.includes('unlock')
              ? () =>
                  openModal({
                    type: 'info',
                    imageType: 'warning',
                    title: transfersText.lock.unlockTitle,
                    message: t(transfersText.lock.unlockMessage, { tries: TRANSFER_LIMITS.pinMaxTries }),
                    buttonText: id.common.cancel,
                    confirmText: transfersText.lock.unlockConfirm,
                    onConfirm: () => {
                      setUnlockRefused(null);
                      unlock.mutate({});
                    },
                  })
              : undefined
          }
          unlocking={unlock.isPending && !unlock.queued}
          disabled={unlock.isPending}
          refusal={unlockRefused}
        />
      </>
    );
  }
  if (!canConfirm) {
    return <Elsewhere testId="mat-not-receiver" title={text.notReceiverTitle} message={ERROR_MESSAGES.TRANSFER_NOT_RECEIVER} to={paths.mat} action={common.toEntry} />;
  }

  const triesLeft = d.pinTriesLeft < TRANSFER_LIMITS.pinMaxTries ? t(text.pinTriesLeft, { n: formatNumber(d.pinTriesLeft) }) : null;
  return (
    <>
      <Summary detail={d} />
      {unlockedHere ? <UnlockedNotice receiverName={t(common.store, { code: d.receiver.storeCode, name: d.receiver.storeName })} /> : null}
      <form onSubmit={submitPin} noValidate className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="mat-pin-form">
        <label htmlFor={pinId} className="font-semibold text-slate-900">
          {text.pinLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={pinId}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={TRANSFER_LIMITS.pinDigits}
            value={pin}
            onChange={(e) => {
              setPin(e.target.value.replace(/\D/g, '').slice(0, TRANSFER_LIMITS.pinDigits));
              setPinError(null);
            }}
            disabled={sending}
            aria-invalid={pinError ? true : undefined}
            aria-describedby={`${pinId}-help`}
            placeholder={'•'.repeat(TRANSFER_LIMITS.pinDigits)}
            className={cn(
              'min-h-12 w-full min-w-0 rounded-xl border bg-white px-3 text-center font-mono text-2xl tracking-[0.4em] text-slate-900 focus:outline-2',
              pinError ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200',
            )}
            data-testid="mat-pin-input"
          />
        </div>
        {/* One place for what the PIN has to say (its hint, a refusal, the tries left), kept from the start. */}
        <p id={`${pinId}-help`} role={pinError ? 'alert' : undefined} className={cn('min-h-5 text-sm whitespace-pre-line', pinError ? 'font-medium text-red-700' : 'text-slate-500')} data-testid="mat-pin-help">
          {pinError ?? triesLeft ?? t(text.pinHint, { digits: TRANSFER_LIMITS.pinDigits })}
        </p>
        <Button type="submit" block disabled={pin.length !== TRANSFER_LIMITS.pinDigits} loading={sending && confirm.variables?.pin !== undefined} data-testid="mat-pin-submit">
          {text.submit}
        </Button>
      </form>
      <Button
        variant="secondary"
        block
        aria-expanded={qrOpen}
        onClick={() => {
          setQrOpen((o) => !o);
          setQrError(null);
        }}
        disabled={sending}
        icon={<Icon name={qrOpen ? 'close' : 'qr'} className="size-5" />}
        data-testid="mat-scan-qr"
      >
        {qrOpen ? text.scanClose : text.scanQr}
      </Button>
      {qrOpen ? (
        <QrScanPanel title={text.scanTitle} manualLabel={text.scanManualLabel} onScan={submitQr} enabled={!sending}>
          <div aria-live="polite" className="flex min-h-11 items-center" data-testid="mat-qr-feedback">
            {sending && confirm.variables?.qr !== undefined ? (
              <p className="text-sm text-slate-600">{text.confirming}</p>
            ) : qrError ? (
              <p role="alert" className="flex w-full items-start gap-2 rounded-xl bg-red-50 p-2 text-sm font-medium whitespace-pre-line text-red-800">
                <Icon name="alert" className="size-5 shrink-0" />
                {qrError}
              </p>
            ) : (
              <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
            )}
          </div>
        </QrScanPanel>
      ) : qrError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-2 text-sm font-medium whitespace-pre-line text-red-800" data-testid="mat-qr-error">
          {qrError}
        </p>
      ) : null}
    </>
  );
}

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

function CountView({ detail: d }: { detail: TransferDetail }) {
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
              <p data-tone={feedback.tone} className={cn('flex w-full items-start gap-2 rounded-xl px-2 py-1.5 text-sm font-medium', feedback.tone === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800')}>
                <Icon name={feedback.tone === 'success' ? 'check' : 'alert'} className="size-5 shrink-0" />
                <span className="line-clamp-2">{feedback.text}</span>
              </p>
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
