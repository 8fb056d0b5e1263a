import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract';
import { useMe } from '@/features/members/api/get-me';
import { OrderLiveUpdates } from '@/features/orders/components/order-live-updates';
import { id } from '@/shared/i18n/id';
import { PageSkeleton } from '@/shared/ui/skeleton';
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

// POD's live side loads after the first screen: it shares the one SSE connection.
const PodLiveUpdates = lazy(() => import('@/features/pod/components/pod-live-updates'));

/** One live connection per signed-in session, scoped to the active store. */
function LiveUpdates() {
  const member = useMe().data;
  const storeCode = member?.store?.storeCode ?? null;
  return (
    <>
      <OrderLiveUpdates storeCode={storeCode} />
      {member ? (
        <Suspense fallback={null}>
          <PodLiveUpdates canDecide={hasRoleAtLeast(member.roleID as RoleId, ROLE.STORE_CHIEF)} />
        </Suspense>
      ) : null}
    </>
  );
}
