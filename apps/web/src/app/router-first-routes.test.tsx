import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { ok } from '@/test/fetch-mock';
import { orderList } from '@/test/fixtures';
import { renderApp, signedInServer, setUpAppTests } from './app-test-kit';
import { createAppRouter } from './router';
import { APP_LAYOUT_ROUTE_ID, APP_ROUTES } from './routes';
import { routerPath } from './spec-path';

setUpAppTests();

/** The spec paths of the signed-in layout's routes the router knows now. */
function knownPaths(router: DataRouter): string[] {
  const layout = router.routes[0]!.children!.find((route) => route.id === APP_LAYOUT_ROUTE_ID)!;
  return layout.children!.map((route) => route.path!).filter((path) => path !== '*');
}

describe('the route tree of a first load', () => {
  it('starts with the routes of the first URL\'s first segment only, not every route of the app', async () => {
    signedInServer();
    const { router } = renderApp('/akun');
    await screen.findByTestId('profile-name');
    expect(knownPaths(router)).toEqual(['/akun']);
  });

  it('patches the other routes in on the first navigation elsewhere: a link to any route still opens it', async () => {
    signedInServer().on('GET', '/api/orders', ok(orderList([])));
    const { router } = renderApp('/akun');
    await screen.findByTestId('profile-name');
    // A static route, then one with params (the router asks to patch on those too), then an unknown one.
    await act(() => router.navigate('/history'));
    expect(router.state.location.pathname).toBe('/history');
    expect(router.state.matches.at(-1)!.route.path).toBe('/history');
    expect(knownPaths(router)).toHaveLength(APP_ROUTES.length);
    await act(() => router.navigate('/retur/list/1'));
    expect(router.state.matches.at(-1)!.route.path).toBe('/retur/list/:status');
    await act(() => router.navigate('/no-such-screen'));
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeInTheDocument();
  });

  it('a deep link with params opens its screen without patching the rest', async () => {
    signedInServer();
    const { router } = renderApp('/order/confirm/1/SHP1');
    expect(router.state.matches.at(-1)?.route.path).toBe('/order/confirm/:status/:shipmentNo');
    expect(knownPaths(router).every((path) => path.startsWith('/order'))).toBe(true);
  });
});

/** A URL of a spec path: every param (optional ones too) filled in. */
const sampleUrl = (path: string) => path.replace(/:[^/?]+\??/g, 'x1');

describe('every route from every first screen', () => {
  it('a navigation from the first URL of any route to any route matches that route', async () => {
    for (const first of APP_ROUTES) {
      const firstUrl = sampleUrl(first.path);
      const router = createAppRouter((routes, opts) => createMemoryRouter(routes, { ...opts, initialEntries: [firstUrl] }), firstUrl);
      await Promise.resolve();
      for (const to of APP_ROUTES) {
        await router.navigate(sampleUrl(to.path));
        expect(router.state.matches.at(-1)?.route.path, `${firstUrl} → ${to.path}`).toBe(routerPath(to.path));
      }
      router.dispose();
    }
  });
});
