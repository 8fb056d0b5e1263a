import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { appConfigKeys } from '@/shared/config/app-config';
import type { LoginResult } from '@/features/auth/api/login';
import { LoginPage } from '@/features/auth/pages/login-page';
import { memberKeys } from '@/features/members/query-keys';
import { OfflineBanner } from '@/shared/ui/offline-banner';
import { safeRedirectPath } from '@/shared/utils/safe-redirect';

/** /login: signs in, seeds the member cache from the reply and goes to `next` (or home). */
export default function LoginRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  // Whatever the previous session cached is dropped once its screens are gone.
  useEffect(() => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== appConfigKeys.all[0] });
  }, [queryClient]);

  const onLoggedIn = (result: LoginResult) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== appConfigKeys.all[0] });
    queryClient.setQueryData(memberKeys.me(), result.member);
    void navigate(safeRedirectPath(params.get('next')), { replace: true });
  };
  return (
    <>
      {/* Signed in, the connection pill (ConnectionStatus) says it without moving the screen. */}
      <OfflineBanner />
      <LoginPage onLoggedIn={onLoggedIn} />
    </>
  );
}
