import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { AfterShellPaint } from '@/shared/ui/after-shell-paint';
import { lazyNamed } from '../lazy-named';
import RouteError from '../routes/route-error';
import { ScreenScroll } from './screen-scroll';

// Neither draws anything on a first screen: their code loads right after it (after its first
// paint: AfterShellPaint). A modal or
// toast raised before it arrives waits in its store and shows as soon as it is there.
const Overlays = lazy(() => import('./overlays'));
const ForceUpdateGate = lazyNamed(() => import('@/features/app-config/components/force-update-gate'), 'ForceUpdateGate');

/** Around every route, signed in or not: where each screen is scrolled, a crashed screen's message, force update, the modal and toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto min-h-dvh w-full max-w-md bg-slate-50 shadow-sm">
      <ScreenScroll />
      {/* A screen that throws (or whose code fails to load) shows the error screen until the path changes. */}
      <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
        <Outlet />
      </ErrorBoundary>
      <Suspense fallback={null}>
        <AfterShellPaint>
          <ForceUpdateGate />
          <Overlays />
        </AfterShellPaint>
      </Suspense>
    </div>
  );
}
