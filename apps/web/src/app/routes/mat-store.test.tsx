import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render';
import MatStoreRoute from './mat-store';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const T002 = { storeCode: 'T002', storeName: 'Toko Bangka Raya', kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan' };
const INDOMIE = { productID: '20001', barcode: '8991234567895', name: 'Indomie Goreng 85g', category: 'Mi instan', imageUrl: null, price: 3500, unit: 'pcs', qty: 4, qtyReserved: 0 };
const page = <T,>(items: T[]) => ({ items, page: 1, size: 20, total: items.length });

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/mat-store as the app routes it', () => {
  it('a scanned code is found through the product search; an unknown one is an empty answer, never a 404', async () => {
    const server = mockFetch()
      .on('GET', '/api/transfers/stores', ok(page([T002])))
      .on('GET', '/api/stock/products', (call) => ok(page(new URL(call.url, 'http://x').searchParams.get('q') === INDOMIE.barcode ? [INDOMIE] : [])));
    const user = userEvent.setup();
    renderPage([{ path: '/mat-store', element: <MatStoreRoute /> }], '/mat-store');
    await user.type(screen.getByTestId('mat-store-search'), 'ba');
    await user.click(await screen.findByRole('button', { name: 'Pilih T002 · Toko Bangka Raya' }));
    await user.type(screen.getByLabelText('Ketik barcode'), '8990000000999{Enter}');
    await waitFor(() => expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Barcode 8990000000999 tidak terdaftar.'));
    await user.type(screen.getByLabelText('Ketik barcode'), `${INDOMIE.barcode}{Enter}`);
    expect(await screen.findByTestId('mat-send-line-20001')).toHaveTextContent('Stok toko: 4');
    expect(server.calls.filter((c) => c.url.includes('/api/stock/barcode/'))).toEqual([]);
  });
});
