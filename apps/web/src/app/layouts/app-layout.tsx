import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract/roles';
import { useMe } from '@/features/members/api/get-me';
import { id } from '@/shared/i18n/id';
import { OutboxSync } from '@/shared/outbox/outbox-sync';
import { PageSkeleton } from '@/shared/ui/skeleton';
import { lazyNamed } from '../lazy-named';
import { RequireAuth } from '../require-auth';
import { BottomNav } from './bottom-nav';

/** The signed-in shell: page content above the bottom navigation. */
export function AppLayout() {
  return (
    <RequireAuth>
      <div className="flex min-h-dvh flex-col">
        <main className="flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))]">
          <Suspense fallback={<PageSkeleton label={id.common.loading} />}>
            <Outlet />
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
  if (!member) return null;
  return (
    <>
      <OutboxSync owner={member.nik} />
      <Suspense fallback={null}>
        <ConnectionStatus />
      </Suspense>
      {/*
        The shell's listeners mount together (one boundary: React commits them in one go once every
        chunk is here), so each has its listener on the one stream before its first event can arrive.
        Apart, the first to load would open the stream and an event in the gap (a new order) would
        reach nobody. AppLiveSync applies every event to the cache by the areas' declarations (and
        takes the events of the last seconds before it); the others are banners and sounds.
      */}
      <Suspense fallback={null}>
        <AppLiveSync storeCode={member.store?.storeCode ?? null} />
        <OrderLiveUpdates
          storeCode={member.store?.storeCode ?? null}
          // In the new-order banner's stack, so no banner covers another.
          below={
            <>
              <EscalationAlert roleId={member.roleID as RoleId} storeCode={member.store?.storeCode ?? null} />
              <PodLiveUpdates canDecide={hasRoleAtLeast(member.roleID as RoleId, ROLE.STORE_CHIEF)} />
            </>
          }
        />
      </Suspense>
    </>
  );
}
