import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { memoryHistory, RoutesAt } from '@/test/render';
import { RouteTable } from '../route-handle';
import { APP_ROUTES, appRoutes } from '../routes';
import { RouteSkeleton } from './route-skeleton';

/** The signed-in routes as the app declares them (their handles), each showing the skeleton its code is awaited under. */
function skeletonAt(url: string) {
  const screens = appRoutes[0]!.children![1]!.children!;
  return render(
    <RouteTable value={appRoutes}>
      <RoutesAt history={memoryHistory([url])} routes={screens.map((r) => ({ ...r, element: <RouteSkeleton /> }))} />
    </RouteTable>,
  );
}

describe('the skeleton of a screen whose code is on its way', () => {
  it("shows the route's title in the title bar, where the screen's header puts it", () => {
    skeletonAt('/mat-in-proces');
    expect(screen.getByRole('heading', { level: 1, name: APP_ROUTES.find((r) => r.path === '/mat-in-proces')!.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    // The back button comes with the screen: before that nothing is there to tap.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a spec path with optional parts by its title too', () => {
    skeletonAt('/help-center');
    expect(screen.getByRole('heading', { level: 1, name: APP_ROUTES.find((r) => r.path.startsWith('/help-center'))!.title })).toBeInTheDocument();
  });

  it('shows no title bar for home, which draws its own frame, nor for an unknown path', () => {
    skeletonAt('/');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('keeps the space of the back button only where the screen has one', () => {
    const { container } = skeletonAt('/akun');
    expect(screen.getByRole('heading', { level: 1, name: APP_ROUTES.find((r) => r.path === '/akun')!.title })).toBeInTheDocument();
    expect(container.querySelector('header > span')).toHaveClass('w-3');
  });
});
