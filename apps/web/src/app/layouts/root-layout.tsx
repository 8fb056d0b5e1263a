import { Outlet } from 'react-router';
import { ForceUpdateGate } from '@/features/app-config/components/force-update-gate';
import { ModalHost } from '@/shared/modal/modal-host';
import { ToastHost } from '@/shared/toast/toast-host';
import { OfflineBanner } from '@/shared/ui/offline-banner';
import { modalRenderers } from '../modal-renderers';
import { useSignOut } from '../use-sign-out';

/** Around every route, signed in or not: offline notice, force update, the modal and toasts. */
export function RootLayout() {
  const { signOut } = useSignOut();
  return (
    <div className="mx-auto min-h-dvh w-full max-w-md bg-slate-50 shadow-sm">
      <OfflineBanner />
      <Outlet />
      <ForceUpdateGate />
      <ModalHost renderers={modalRenderers} onLogout={signOut} />
      <ToastHost />
    </div>
  );
}
