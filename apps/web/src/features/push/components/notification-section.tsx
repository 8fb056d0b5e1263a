import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PUSH_KIND_LABEL, type PushKind } from '@gerai/contract/push';
import type { PushConfig } from '@gerai/contract/schemas/push';
import { id } from '@/shared/i18n/id';
import { pushText } from '@/shared/i18n/push';
import { sayRefusal } from '@/shared/api/refusal';
import { showToast } from '@/shared/toast/toast-store';
import { Button } from '@/shared/ui/button';
import { ErrorState } from '@/shared/ui/state-views';
import { Spinner } from '@/shared/ui/spinner';
import { usePushConfig } from '../api/push-api';
import { pushKeys } from '../query-keys';
import { PUSH_OTHERWISE, PUSH_REFUSALS } from '../refusals';
import { useMuteKinds } from '../api/mute-kinds';
import { syncPushSubscription, type SyncOutcome } from '../utils/push-manager';

type Status = { kind: 'checking' } | { kind: 'failed' } | { kind: 'done'; outcome: SyncOutcome };

/**
 * Where this phone stands and what it does about it: checks (and refreshes) the subscription on
 * open, asks for the permission only on the tap, and after a change the config (his devices) again.
 */
function usePushStatus(config: PushConfig | undefined) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>({ kind: 'checking' });
  const run = useCallback(
    (ask: boolean) => {
      if (!config) return;
      setStatus({ kind: 'checking' });
      syncPushSubscription({ ask, config }).then(
        (outcome) => {
          setStatus({ kind: 'done', outcome });
          if (outcome.status === 'subscribed') void queryClient.invalidateQueries({ queryKey: pushKeys.config() });
        },
        () => setStatus({ kind: 'failed' }),
      );
    },
    [config, queryClient],
  );
  const ready = Boolean(config);
  useEffect(() => {
    if (ready) run(false);
    // Once the config is there: a refetched config (after a switch) does not check again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return { status, check: () => run(false), allow: () => run(true) };
}

function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
      {steps.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

function StatusView({ status, onAllow, onCheck }: { status: Status; onAllow: () => void; onCheck: () => void }) {
  if (status.kind === 'checking')
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> {pushText.checking}
      </p>
    );
  if (status.kind === 'failed')
    return <ErrorState title={pushText.failed} onRetry={onCheck} className="p-2" />;
  const { outcome } = status;
  const checkAgain = (
    <Button variant="secondary" block className="mt-3" onClick={onCheck} data-testid="push-check">
      {pushText.checkAgain}
    </Button>
  );
  switch (outcome.status) {
    case 'subscribed':
      return <p className="text-sm text-emerald-800" data-testid="push-state-on">{outcome.transport === 'fcm' ? pushText.onNative : pushText.on}</p>;
    case 'not-asked':
      return (
        <div data-testid="push-state-not-asked">
          <p className="text-sm text-slate-700">{pushText.notAsked}</p>
          <Button block className="mt-3" onClick={onAllow} data-testid="push-allow">
            {pushText.allow}
          </Button>
        </div>
      );
    case 'denied':
      return (
        <div data-testid="push-state-denied">
          <p className="text-sm text-slate-700">{pushText.denied}</p>
          <Steps steps={pushText.deniedSteps} />
          {checkAgain}
        </div>
      );
    case 'ios-install':
      return (
        <div data-testid="push-state-ios">
          <p className="text-sm text-slate-700">{pushText.iosInstall}</p>
          <Steps steps={pushText.iosSteps} />
        </div>
      );
    case 'native-off':
      return (
        <div data-testid="push-state-native-off">
          <p className="text-sm text-slate-700">{pushText.nativeOff}</p>
          {checkAgain}
        </div>
      );
    case 'server-off':
      return <p className="text-sm text-slate-700" data-testid="push-state-server-off">{pushText.serverOff}</p>;
    case 'unsupported':
      return <p className="text-sm text-slate-700" data-testid="push-state-unsupported">{pushText.unsupported}</p>;
  }
}

/** One switch per kind this person gets; a kind he may not mute is shown on and locked, with why. */
function KindSwitches({ config, deviceId }: { config: PushConfig; deviceId: string }) {
  const device = config.devices.find((d) => d.deviceId === deviceId);
  const mute = useMuteKinds(deviceId, { onError: (error) => showToast(sayRefusal(PUSH_REFUSALS, error, PUSH_OTHERWISE).text, 'error'), onSuccess: () => showToast(pushText.saved, 'success') });
  if (!device) return null;
  const muted = mute.isPending && mute.variables ? mute.variables.muted : device.muted;
  const toggle = (kind: PushKind, on: boolean) => mute.mutate({ muted: on ? muted.filter((k) => k !== kind) : [...muted, kind] });
  return (
    <fieldset className="mt-3 border-t border-slate-100 pt-2" disabled={mute.isPending}>
      <legend className="pt-2 text-sm font-semibold text-slate-700">{pushText.kindsTitle}</legend>
      <ul className="mt-1">
        {config.kinds.map((kind) => {
          const locked = !config.mutable.includes(kind);
          const on = locked || !muted.includes(kind);
          return (
            <li key={kind}>
              <label className="flex min-h-12 items-center gap-3 py-1">
                <span className="flex-1">
                  <span className="block text-slate-900">{PUSH_KIND_LABEL[kind]}</span>
                  {locked ? <span className="block text-xs text-slate-500">{pushText.locked}</span> : null}
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="size-6 shrink-0 accent-brand-700"
                  checked={on}
                  disabled={locked}
                  aria-checked={on}
                  onChange={(e) => toggle(kind, e.target.checked)}
                  data-testid={`push-kind-${kind}`}
                />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** /akun, "Notifikasi": whether this phone can get pushes, the way to allow them, and the kinds it gets. */
export function NotificationSection() {
  const config = usePushConfig();
  const { status, check, allow } = usePushStatus(config.data);
  const subscribed = status.kind === 'done' && status.outcome.status === 'subscribed' ? status.outcome.deviceId : null;
  return (
    <section aria-labelledby="push-heading" className="rounded-2xl bg-white p-4 shadow-sm" data-testid="push-section">
      <h2 id="push-heading" className="pb-2 text-sm font-semibold text-slate-500 uppercase">
        {pushText.title}
      </h2>
      {config.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" /> {id.common.loading}
        </p>
      ) : config.isError ? (
        <ErrorState message={config.error.message} onRetry={() => void config.refetch()} retrying={config.isFetching} className="p-2" />
      ) : (
        <>
          <StatusView status={status} onAllow={allow} onCheck={check} />
          {subscribed ? <KindSwitches config={config.data} deviceId={subscribed} /> : null}
        </>
      )}
    </section>
  );
}
