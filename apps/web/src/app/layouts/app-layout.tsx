import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract/roles';
import { useMe } from '@/features/members/api/get-me';
import { OutboxSync } from '@/shared/outbox/outbox-sync';
import { AfterShellPaint } from '@/shared/ui/after-shell-paint';
import { whenIdle } from '@/shared/utils/when-idle';
import { lazyNamed } from '../lazy-named';
import { RequireAuth } from '../require-auth';
import { BottomNav } from './bottom-nav';
import { RouteSkeleton } from './route-skeleton';

/** The signed-in shell: page content above the bottom navigation. */
export function AppLayout() {
  return (
    <RequireAuth>
      <div className="flex min-h-dvh flex-col">
        <main className="flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))]">
          <Suspense fallback={<RouteSkeleton />}>
            {/* The page's code is asked for once the shell's frame is on screen (decision 152). */}
            <AfterShellPaint fallback={<RouteSkeleton />}>
              <Outlet />
            </AfterShellPaint>
          </Suspense>
        </main>
        <BottomNav />
        <LiveUpdates />
      </div>
    </RequireAuth>
  );
}

// The live side loads once the member is known (the stream is scoped to the member's
// store), so its code is not requested ahead of /members/me and the page's own code;
// POD's shares the one SSE connection.
const OrderLiveUpdates = lazyNamed(() => import('@/features/orders/components/order-live-updates'), 'OrderLiveUpdates');
const PodLiveUpdates = lazy(() => import('@/features/pod/components/pod-live-updates'));
const ConnectionStatus = lazyNamed(() => import('@/shared/outbox/connection-status'), 'ConnectionStatus');
const EscalationAlert = lazy(() => import('@/features/monitoring/components/escalation-alert'));
// The one subscriber of the cache: every area's live.ts, applied once the saved copy is restored.
const AppLiveSync = lazy(async () => {
  const module = await import('../live/app-live-sync');
  await module.liveReady();
  return module;
});

/** One live connection per signed-in session, scoped to the active store; the outbox sends for this member. */
function LiveUpdates() {
  const member = useMe().data;
  // The banners mount in an idle task of their own once the cache subscriber has opened the stream:
  // mounted with it, the whole live side was one long task of every signed-in first load.
  const [bannersDue, setBannersDue] = useState(false);
  const nik = member?.nik;
  // Push (issue 28): after a sign-in and at every signed-in start, this device's subscription is made or
  // refreshed when idle, from a chunk of its own (never asking for the permission: /akun does, on a tap).
  useEffect(() => {
    if (!nik) return;
    return whenIdle(() => void import('@/features/push/start-push').then((m) => m.startPush()).catch(() => {}), 2000);
  }, [nik]);
  if (!member) return null;
  const storeCode = member.store?.storeCode ?? null;
  return (
    <>
      <OutboxSync owner={member.nik} />
      <Suspense fallback={null}>
        <ConnectionStatus />
      </Suspense>
      {/*
        AppLiveSync applies every event to the cache by the areas' declarations (and takes the events of
        the last seconds before it); it listens to every type, so the stream keeps an event no banner has
        heard yet for the first banner of its type that mounts within 10 s (event-stream.ts): a new order
        that rings while the banners wait for their idle task still shows.
      */}
      <Suspense fallback={null}>
        <AppLiveSync storeCode={storeCode} />
        <OnMounted run={() => whenIdle(() => setBannersDue(true))} />
      </Suspense>
      {bannersDue ? (
        // The banners and sounds mount together (one boundary), each with its listener before any replay.
        <Suspense fallback={null}>
          <OrderLiveUpdates
            storeCode={storeCode}
            // In the new-order banner's stack, so no banner covers another.
            below={
              <>
                <EscalationAlert roleId={member.roleID as RoleId} storeCode={storeCode} />
                <PodLiveUpdates canDecide={hasRoleAtLeast(member.roleID as RoleId, ROLE.STORE_CHIEF)} />
              </>
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Runs `run` once, after the siblings before it in its boundary have mounted (their effects run first); `run` returns its cancel. */
function OnMounted({ run }: { run: () => () => void }) {
  const [start] = useState(() => run);
  useEffect(() => start(), [start]);
  return null;
}
