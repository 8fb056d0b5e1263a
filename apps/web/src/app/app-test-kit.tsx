/** What the app's test files share: the config, a session, the whole app at a path, a signed-in server, and a clean client per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { session } from '@/shared/api/session';
import { closeModal } from '@/shared/modal/modal-store';
import { mockFetch, ok } from '@/test/fetch-mock';
import { appConfig as appConfigOf, orderCount, staffMember } from '@/test/fixtures';
import { memoryHistory, testQueryClient, TestProviders, testRouter } from '@/test/render';
import { AppRoutesAt, createAppHistory } from './router';

export const appConfig = appConfigOf();
export const tokens = { token: 't', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000 };

export function renderApp(path: string) {
  const history = createAppHistory(memoryHistory([path]));
  const queryClient = testQueryClient();
  render(
    <TestProviders queryClient={queryClient}>
      <AppRoutesAt history={history} />
    </TestProviders>,
  );
  return { router: testRouter(history), queryClient };
}

export function signedInServer(member = staffMember) {
  return mockFetch()
    .on('GET', '/api/app-config', ok(appConfig))
    .on('GET', '/api/members/me', ok(member))
    .on('GET', '/api/orders/count', ok(orderCount));
}


/** The hooks every one of these test files shares. */
export function setUpAppTests() {
  beforeEach(() => {
    resetClientStateForTests();
    session.clear();
    act(() => closeModal());
  });
  afterEach(() => vi.unstubAllGlobals());
}
