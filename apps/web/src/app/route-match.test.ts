import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { matchAppRoutes } from './route-match';
import { APP_ROUTES, appRoutes } from './routes';

const leaf = (pathname: string) => matchAppRoutes(appRoutes, pathname).matches?.at(-1);

describe('matching a path among the app routes', () => {
  // Every route of the table at a URL of its own shape, a path no route has, and the spellings React Router accepts.
  const urls = [
    ...APP_ROUTES.map((r) => r.path.replace(/\/:[^/]+\?/g, '').replace(/:(\w+)/g, (_, name: string) => (name === 'status' ? '1103' : `x-${name}`))),
    '/help-center/ticket/SHP1/1104/delivery/P01',
    '/reported-detail/order/SHP1/1104/delivery/P01/list/42',
    '/pengajuan-pod/detail/SHP1/delivery/return',
    '/tidak-ada',
    '/order/detail/1103',
    '/BOOKING-LIST-PRODUCT',
    '/booking%2Dlist-product',
    '/login',
    '/',
  ];

  it.each(urls)('finds at %s the route React Router finds over the whole table, with the same params', (url) => {
    const whole = matchRoutes(appRoutes, url)!;
    const mine = matchAppRoutes(appRoutes, url).matches!;
    expect(mine.map((m) => m.route.path)).toEqual(whole.map((m) => m.route.path));
    expect(mine.at(-1)!.params).toEqual(whole.at(-1)!.params);
    expect(mine.at(-1)!.route.element).toBe(whole.at(-1)!.route.element);
  });

  it('answers the same match for the same path, and renders from its branch only', () => {
    const first = matchAppRoutes(appRoutes, '/mat-in-new');
    expect(matchAppRoutes(appRoutes, '/mat-in-new')).toBe(first);
    const branch = first.branch![0]!;
    expect(branch.children).toHaveLength(1);
    expect(branch.children![0]!.children).toHaveLength(1);
    expect(leaf('/mat-in-new')!.route.handle).toMatchObject({ area: 'transfers' });
    expect(leaf('/tidak-ada')!.route.path).toBe('*');
  });
});
