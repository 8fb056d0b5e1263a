import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryHistory, RoutesAt } from '@/test/render';
import { routerPath, SpecPathGuard, useSpecParams } from './spec-path';

const HELP = '/reported-detail/:mode/:shipmentNo?/:status?/:method?/:code?/:previous?/:id';

function Params() {
  return <pre data-testid="params">{JSON.stringify(useSpecParams())}</pre>;
}

function renderAt(pathname: string) {
  const routes = [{ path: routerPath(HELP), element: <SpecPathGuard path={HELP} fallback={<p>404</p>}><Params /></SpecPathGuard> }];
  render(<RoutesAt history={memoryHistory([pathname])} routes={routes} />);
}

describe('spec paths with optional segments', () => {
  it('routes a path with several optional segments as one splat route, and leaves the others alone', () => {
    expect(routerPath(HELP)).toBe('/reported-detail/:mode/*');
    expect(routerPath('/help-center/:mode?/:shipmentNo?/:status?/:method?/:code?')).toBe('/help-center/*');
    expect(routerPath('/pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?')).toBe('/pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?');
    expect(routerPath('/order/detail/:status/:shipmentNo/:method')).toBe('/order/detail/:status/:shipmentNo/:method');
  });

  it('gives the page the spec path\'s params, the last segment being the id', () => {
    renderAt('/reported-detail/order/SHP0001/1103/1/P01/list/77');
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toMatchObject({ mode: 'order', shipmentNo: 'SHP0001', previous: 'list', id: '77' });
  });

  it('answers a path the spec does not allow with the fallback', () => {
    renderAt('/reported-detail/order/1/2/3/4/5/6/7');
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
