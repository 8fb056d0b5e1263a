import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { dropPushSubscription, pushDeviceIdForSignOut } from '@/features/push/utils/sign-out';
import { isApiError } from '@/shared/api/api-error';
import { session } from '@/shared/api/session';
import { notifyNativeLogout } from '@/shared/bridge/native-bridge';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { clearFilters } from '@/shared/stores/filter-store';
import { resetScan } from '@/shared/stores/scan-store';
import { showToast } from '@/shared/toast/toast-store';

/**
 * Sign out: revoke the session on the server, then forget everything local.
 * If the server cannot be reached the user stays signed in and is told so:
 * leaving valid cookies behind on a shared store phone would be worse.
 * (The query cache is emptied by the login screen once the guarded screens are gone.)
 * The server removes this phone's push device with the session, and the browser's push
 * subscription is dropped: the next person on a shared phone subscribes anew.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { mutate } = logout;

  const signOut = useCallback(() => {
    const finish = () => {
      session.clear();
      void import('@/shared/offline/query-persistence').then((m) => m.forgetPersistedQueries()).catch(() => {});
      clearFilters();
      resetScan();
      notifyNativeLogout();
      void dropPushSubscription().catch(() => {});
      void navigate(paths.login(), { replace: true });
      showToast(id.auth.sessionEndedToast);
    };
    mutate(
      { pushDeviceId: pushDeviceIdForSignOut() },
      {
        onSuccess: finish,
        // 401: the session was already gone, which is what we wanted.
        onError: (error) => (isApiError(error) && error.status === 401 ? finish() : showErrorModal(error, 'close-modal')),
      },
    );
  }, [mutate, navigate]);

  return { signOut, isPending: logout.isPending };
}
