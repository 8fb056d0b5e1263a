import { describe, expect, it, vi } from 'vitest';
import { CLOSE_ACTIONS, runCloseAction, type CloseActionContext } from './close-actions';
import { CLOSE_TYPES, type CloseType } from './modal-types';

function ctx(payload: Record<string, string> = {}) {
  return {
    navigate: vi.fn(),
    back: vi.fn(),
    refetch: vi.fn(),
    logout: vi.fn(),
    payload,
  } satisfies CloseActionContext;
}

describe('close type table', () => {
  it('maps every close type of the spec', () => {
    expect(Object.keys(CLOSE_ACTIONS).sort()).toEqual([...CLOSE_TYPES].sort());
  });

  it.each<[CloseType, string]>([
    ['go-home', '/'],
    ['go-to-order', '/order'],
    ['go-to-history', '/history'],
    ['go-to-cek-stock', '/cek-stock'],
    ['go-to-request-cancel', '/request-cancel'],
    ['go-help-center', '/help-center'],
    ['go-to-mat-in-new', '/mat-in-new'],
    ['go-to-mat-in-proces', '/mat-in-proces'],
    ['go-to-mat-in-done', '/mat-in-done'],
    ['go-to-mat-out-new', '/mat-out-new'],
    ['go-to-mat-out-proces', '/mat-out-proces'],
    ['go-to-mat-out-done', '/mat-out-done'],
    ['go-to-mat-out-cancel', '/mat-out-cancel'],
    ['go-to-list-proses', '/list-proses'],
    ['go-to-retur-list', '/retur/list/requested'],
    ['err-pod-approval', '/list-pengajuan-pod'],
    ['go-to-get-product', '/booking-list-product'],
  ])('%s navigates to %s', (type, path) => {
    const c = ctx();
    runCloseAction(type, c);
    expect(c.navigate).toHaveBeenCalledWith(path);
  });

  it('uses the payload for routes with parameters', () => {
    const product = ctx({ id: 'BK-7' });
    runCloseAction('go-to-get-product', product);
    expect(product.navigate).toHaveBeenCalledWith('/get-product/BK-7');
    const retur = ctx({ status: 'approved' });
    runCloseAction('go-to-retur-list', retur);
    expect(retur.navigate).toHaveBeenCalledWith('/retur/list/approved');
    const cancel = ctx({ shipmentNo: 'SHP2511220000001' });
    runCloseAction('go-to-request-cancel', cancel);
    expect(cancel.navigate).toHaveBeenCalledWith('/request-cancel?shipmentNo=SHP2511220000001');
    const help = ctx({ mode: 'order', shipmentNo: 'SHP001', status: '1103', method: '1' });
    runCloseAction('go-help-center', help);
    expect(help.navigate).toHaveBeenCalledWith('/help-center/order/SHP001/1103/1');
  });

  it('reload refetches everything; ticket reloads refetch the helpdesk keys; retur refetches returns', () => {
    const c = ctx();
    runCloseAction('reload', c);
    runCloseAction('reload-ticket', c);
    runCloseAction('reload-detail-ticket', c);
    runCloseAction('close-modal-retur', c);
    expect(c.refetch.mock.calls).toEqual([[], [['helpdesk', 'tickets']], [['helpdesk', 'tickets', 'detail']], [['returns']]]);
  });

  it('logout logs out, close goes back, close-modal and resubmit only close', () => {
    const c = ctx();
    runCloseAction('logout', c);
    runCloseAction('close', c);
    runCloseAction('close-modal', c);
    runCloseAction('resubmit', c);
    expect(c.logout).toHaveBeenCalledTimes(1);
    expect(c.back).toHaveBeenCalledTimes(1);
    expect(c.navigate).not.toHaveBeenCalled();
    expect(c.refetch).not.toHaveBeenCalled();
  });
});
