import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithRouter } from '@/test/render';
import { cancelRequest } from '../cancel-test-kit';
import CancelPendingBadge from './cancel-pending-badge';
import CancelPendingSection from './cancel-pending-section';

const page = (items: ReturnType<typeof cancelRequest>[]) => ok({ items, page: 1, size: 10, total: items.length });

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('the requests waiting above the Batal list', () => {
  it('is not there while none wait, and appears live when one is asked for', async () => {
    let items: ReturnType<typeof cancelRequest>[] = [];
    const server = mockFetch().on('GET', '/api/cancellations', () => page(items));
    renderWithRouter([{ path: '*', element: <CancelPendingSection /> }]);
    await waitFor(() => expect(server.callsTo('/api/cancellations')).toHaveLength(1));
    expect(new URL(server.callsTo('/api/cancellations')[0]!.url, 'http://localhost').searchParams.get('status')).toBe('pending');
    expect(screen.queryByTestId('cancel-pending-section')).not.toBeInTheDocument();

    items = [cancelRequest(), cancelRequest({ id: 6, shipmentNo: 'SHP2511220000002', customerName: 'Sabian Kasusra', reason: { id: 0, label: 'Lainnya', text: 'Alamat tidak ditemukan', display: 'Alamat tidak ditemukan' } })];
    emitEvent('cancel.requested', { shipmentNo: 'SHP2511220000002', orderNo: 'AGF2', requestId: 6, statusId: 1101, requesterName: 'Budi Santoso', reason: 'Alamat tidak ditemukan' });
    expect(await screen.findByTestId('cancel-pending-title')).toHaveTextContent('Menunggu persetujuan (2)');
    const card = screen.getByTestId('cancel-request-SHP2511220000002');
    expect(card).toHaveAttribute('href', '/request-cancel?shipmentNo=SHP2511220000002');
    expect(card).toHaveTextContent('Sabian Kasusra');
    expect(card).toHaveTextContent('Alamat tidak ditemukan');
    expect(card).toHaveTextContent('Diajukan Budi Santoso');
  });

  it('leaves when the last request is decided', async () => {
    let items = [cancelRequest()];
    mockFetch().on('GET', '/api/cancellations', () => page(items));
    renderWithRouter([{ path: '*', element: <CancelPendingSection /> }]);
    expect(await screen.findByTestId('cancel-pending-section')).toBeInTheDocument();
    items = [];
    emitEvent('order.cancelled', { shipmentNo: 'SHP2511220000001', orderNo: 'AGF1', fromStatus: 1102, statusId: 1106, action: 'cancel', actorName: 'Agus Setiawan', reason: 'Stok produk habis' });
    await waitFor(() => expect(screen.queryByTestId('cancel-pending-section')).not.toBeInTheDocument());
  });
});

describe('the home badge', () => {
  it('counts the requests of the active store, and nothing when none wait', async () => {
    let pending = 2;
    const server = mockFetch().on('GET', '/api/cancellations/count', () => ok({ pending }));
    renderWithRouter([{ path: '*', element: <CancelPendingBadge storeCode="T001" /> }]);
    expect(await screen.findByTestId('cancel-pending-badge')).toHaveTextContent('2');
    expect(screen.getByTestId('cancel-pending-badge')).toHaveTextContent('2 pengajuan pembatalan menunggu');
    expect(new URL(server.callsTo('/api/cancellations/count')[0]!.url, 'http://localhost').searchParams.get('storeCode')).toBe('T001');
    pending = 0;
    emitEvent('cancel.approved', { shipmentNo: 'SHP2511220000001', orderNo: 'AGF1', requestId: 5, deciderName: 'Agus Setiawan', reason: 'Stok produk habis' });
    await waitFor(() => expect(screen.queryByTestId('cancel-pending-badge')).not.toBeInTheDocument());
  });
});
