import { Suspense } from 'react';
import { Outlet } from 'react-router';
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
      </div>
    </RequireAuth>
  );
}
