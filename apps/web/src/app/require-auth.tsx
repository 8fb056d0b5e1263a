import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/features/members/api/get-me';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { Spinner } from '@/shared/ui/spinner';
import { ErrorState } from '@/shared/ui/state-views';

/**
 * The auth check of the spec. The tokens are HttpOnly cookies the page cannot
 * read, so "is the access token there?" is asked of the server: GET /members/me.
 * A 401 makes the API client refresh once and retry; if that fails too, the
 * member goes to /login?next=… A network failure is not a logout: it offers retry.
 *
 * While the answer is on its way the shell and the page render already (their
 * skeletons, the page's code and data requests in parallel with /members/me):
 * on a slow network the screen is not blank for a round trip. The server guards
 * every API call on its own, so nothing is shown that the session does not allow.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const online = useOnlineStatus();

  if (me.isError && isApiError(me.error) && me.error.status === 401) {
    return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  }
  if (me.data) return children;
  if (me.isError) {
    return (
      <div className="flex min-h-dvh items-center p-4">
        <ErrorState
          className="w-full"
          message={isApiError(me.error) ? me.error.message : undefined}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </div>
    );
  }
  if (me.fetchStatus !== 'paused' && online) return children;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-600" role="status">
      <Spinner className="size-8 text-brand-700" />
      <p>{id.errors.waitingConnection}</p>
    </div>
  );
}
