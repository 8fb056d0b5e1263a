import { Suspense } from 'react';
import { Outlet } from 'react-router';
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

/** One live connection per signed-in session, scoped to the active store. */
function LiveUpdates() {
  const storeCode = useMe().data?.store?.storeCode ?? null;
  return <OrderLiveUpdates storeCode={storeCode} />;
}
