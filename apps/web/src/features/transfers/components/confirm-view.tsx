import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_MESSAGES, MAT_STATUS, MAT_STATUS_LABEL, TRANSFER_LIMITS, parseMatQr, type TransferDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { t } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { transfersText } from '@/shared/i18n/transfers';
import { showToast } from '@/shared/toast/toast-store';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useConfirmTransfer } from '../api/confirm-transfer';
import { writeLocked } from '../api/transfer-change';
import { useUnlockStep } from '../hooks/use-unlock-step';
import { LockNotice } from './lock-notice';
import { QrScanPanel } from './qr-scan-panel';
import { UnlockedNotice } from './unlocked-notice';
import { refusalLines } from '../refusals';
import { qrOfState } from '../utils/transfer-view';
import { Elsewhere, Summary } from './confirm-mat-parts';

const text = transfersText.confirm;
const countText = transfersText.count;
const common = transfersText.common;

const PIN_PATTERN = new RegExp(`^\\d{${TRANSFER_LIMITS.pinDigits}}$`);

export function ConfirmView({ detail: d }: { detail: TransferDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
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
  const { unlock, askUnlock, unlockedHere } = useUnlockStep(d, { onRefused: setUnlockRefused, clearRefusal: () => setUnlockRefused(null) });
  const sending = confirm.isPending;
  const canConfirm = d.actions.includes('confirm') && !d.locked;

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
        <LockNotice onUnlock={askUnlock} unlocking={unlock.isPending && !unlock.queued} disabled={unlock.isPending} refusal={unlockRefused} />
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
      {unlockedHere ? <UnlockedNotice receiver={d.receiver} /> : null}
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
