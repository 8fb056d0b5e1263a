import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '@/test/fetch-mock';
import { cancelRequest } from '@/features/cancellations/cancel-test-kit';
import { monitoring, storeRow, storeRows } from '@/features/monitoring/monitoring-test-kit';
import { recapReply } from '@/features/recap/recap-test-kit';
import { chiefMember, deliveryOrder, orderDetail, orderList, orderSummary, podRequestList, podRequestSummary, staffMember, storeT001 } from '@/test/fixtures';
import { emitEvent, FakeEventSource, installFakeEventSource } from '@/test/fake-event-source';
import { appConfig, renderApp, signedInServer, setUpAppTests } from './app-test-kit';

setUpAppTests();

describe('live banners', () => {
  it('a new order, an escalation and a POD request stack in one column: none covers another', async () => {
    installFakeEventSource();
    signedInServer(chiefMember).on('GET', '/api/pod/requests/count', ok({ pending: 1 }));
    renderApp('/');
    await screen.findByTestId('member-name');
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    act(() => FakeEventSource.instances.forEach((es) => es.open()));
    emitEvent('order.created', { shipmentNo: 'SHP2611270000001', orderNo: 'ORD1', appId: 379, statusId: 1101, deliveryType: 0, price: 10_000 });
    emitEvent('order.escalated', { shipmentNo: 'SHP2611270000002', orderNo: 'ORD2', appId: 379, deliveryType: 0, statusId: 1101, level: 2, ageMinutes: 15 });
    emitEvent('pod.requested', { shipmentNo: 'SHP2611270000003', orderNo: 'ORD3', requestId: 1, deliveryType: 1, type: 'order', requesterName: 'Sinta', reason: 'Pelanggan di kantor', distanceM: 300 });
    // Every shell listener loads its chunk before the stream opens (one boundary): slower than one
    // alone, and slower still on a busy runner (a full run of both cores took over 5 s), so each banner
    // has 9 s to show, inside the 10 s an event waits for its first listener (event-stream.ts).
    const banners = await Promise.all(['new-order-banner', 'escalation-banner', 'pod-request-banner'].map((testId) => screen.findByTestId(testId, {}, { timeout: 9_000 })));
    expect(new Set(banners.map((b) => b.parentElement)).size).toBe(1);
  }, 30_000);
});

describe('account', () => {
  it('shows the profile and signs out through POST /api/auth/logout', async () => {
    const server = signedInServer().on('POST', '/api/auth/logout', ok(null));
    const { router } = renderApp('/akun');
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Budi Santoso');
    expect(screen.getByTestId('profile-nik')).toHaveTextContent('10000001');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Staf Toko');
    expect(screen.getByTestId('app-version')).toHaveTextContent('1.0.0');
    // Staff cannot switch stores.
    expect(screen.queryByRole('button', { name: 'Ganti Toko' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Info Toko' }));
    const info = await screen.findByRole('dialog', { name: 'Info Toko' });
    expect(within(info).getByText('Jl. Kemang Raya No. 10')).toBeInTheDocument();
    await userEvent.click(within(info).getByRole('button', { name: 'Tutup dialog' }));

    await userEvent.click(screen.getByRole('button', { name: 'Keluar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.callsTo('/api/auth/logout', 'POST')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
  });
});

describe('force update', () => {
  it('opens a force-update modal that cannot be dismissed when the version is below minAppVersion', async () => {
    signedInServer().on('GET', '/api/app-config', ok({ ...appConfig, minAppVersion: '2.0.0' }));
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Pembaruan wajib' });
    expect(dialog).toHaveTextContent('Versi aplikasi Anda (1.0.0) sudah tidak didukung');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Pembaruan wajib' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tutup dialog' })).not.toBeInTheDocument();
  });
});

describe('routes', () => {
  // The help-center spec paths are splat routes (decision 61): every form of them opens its page.
  it.each([
    ['/help-center', 'Pusat Bantuan'],
    ['/help-center/store/SHP0001/1103/1/P01', 'Pusat Bantuan'],
    ['/reported-detail/store/77', 'Tiket #77'],
    ['/reported-detail/store/SHP0001/1103/1/P01/list/77', 'Tiket #77'],
  ])('%s opens the help center (%s)', async (path, title) => {
    signedInServer();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('opens the recap (/rekap-ac) instead of an unavailable page', async () => {
    signedInServer()
      .on('GET', '/api/recap', ok(recapReply()))
      .on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 100, total: 1 }));
    renderApp('/rekap-ac');
    expect(await screen.findByRole('heading', { name: 'Rekap Pesanan' })).toBeInTheDocument();
    expect(await screen.findByTestId('recap-summary')).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('opens monitoring (/monitoring): the store filter for an area supervisor, none for the crew', async () => {
    signedInServer({ ...staffMember, nik: '30000001', roleID: 3, roleName: 'Area Supervisor', store: null, storeName: null, storeCodes: ['T001', 'T002'], info: null })
      .on('GET', '/api/monitoring', ok(monitoring({ storeCount: 2, store: null })))
      .on('GET', '/api/monitoring/stores', ok(storeRows([storeRow(), storeRow({ storeCode: 'T002', storeName: 'Toko Tebet Barat' })])))
      .on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 20, total: 1 }));
    renderApp('/monitoring');
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeInTheDocument();
    expect(await screen.findByTestId('monitoring-status-1101')).toBeInTheDocument();
    expect(await screen.findByTestId('monitoring-store-T002')).toBeInTheDocument();
    // The filter searches the catalog's list of the caller's stores.
    await userEvent.click(screen.getByTestId('monitoring-store-filter-toggle'));
    expect(await screen.findByTestId('store-option-T001')).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('monitoring of another store of the area: a tile makes that store the active one, then opens its list', async () => {
    const supervisor = { ...chiefMember, nik: '30000001', roleID: 3, roleName: 'Area Supervisor', storeCodes: ['T001', 'T002'] };
    const server = signedInServer(supervisor)
      .on('GET', '/api/monitoring', ok(monitoring({ store: { storeCode: 'T002', storeName: 'Toko Tebet Barat' } })))
      .on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 20, total: 1 }))
      .on('POST', '/api/members/me/store', ok({ ...supervisor, store: { ...storeT001, storeCode: 'T002', storeName: 'Toko Tebet Barat' }, storeName: 'Toko Tebet Barat' }))
      .on('GET', '/api/returns/count', ok({ counts: { requested: 1, approved: 0, collected: 0, received: 0, refunded: 0, rejected: 0 }, open: 1, storeCode: 'T002' }))
      .on('GET', '/api/returns', ok({ items: [], page: 1, size: 20, total: 0 }));
    const { router } = renderApp('/monitoring?storeCode=T002');
    const tile = await screen.findByTestId('monitoring-waiting-returnsRequested');
    await userEvent.click(tile);
    await waitFor(() => expect(router.state.location.pathname).toBe('/retur/list/requested'));
    expect(server.callsTo('/api/members/me/store').map((c) => c.body)).toEqual([{ storeCode: 'T002' }]);
  });

  it('opens the return screens (/retur/list/:status) instead of an unavailable page', async () => {
    signedInServer()
      .on('GET', '/api/returns', ok({ items: [], page: 1, size: 20, total: 0 }))
      .on('GET', '/api/returns/count', ok({ counts: { requested: 0, approved: 0, collected: 0, received: 0, refunded: 0, rejected: 0 }, open: 0 }));
    renderApp('/retur/list/requested');
    expect(await screen.findByRole('heading', { name: 'Daftar Retur' })).toBeInTheDocument();
    expect(await screen.findByText('Tidak ada retur yang menunggu persetujuan.')).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('opens the POD screens: scan and go and the supervisors\' queue', async () => {
    signedInServer(chiefMember)
      .on('GET', '/api/orders/SHP2611224355428', ok(deliveryOrder()))
      .on('GET', '/api/pod/requests/mine', ok({ items: [] }))
      .on('GET', '/api/pod/requests', ok(podRequestList([podRequestSummary()])))
      .on('GET', '/api/pod/requests/count', ok({ pending: 1, storeCode: 'T001' }));
    const { router } = renderApp('/order/detail-scan-go/1103/SHP2611224355428/delivery');
    expect(await screen.findByRole('heading', { name: 'Detail Pesanan Scan & Go' })).toBeInTheDocument();
    expect(await screen.findByTestId('scan-go-form')).toBeInTheDocument();
    await act(() => router.navigate('/list-pengajuan-pod'));
    expect(await screen.findByRole('heading', { name: 'Pengajuan POD' })).toBeInTheDocument();
    expect(await screen.findByTestId('pod-request-SHP2611224355428')).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('shows the cancellation requests waiting above the Batal list, and opens one', async () => {
    signedInServer(chiefMember)
      .on('GET', '/api/orders', ok(orderList([orderSummary({ statusId: 1106, cancelledBy: 'Agus Setiawan', cancelReason: 'Stok habis' })])))
      .on('GET', '/api/cancellations', ok({ items: [cancelRequest({ shipmentNo: 'SHP2511220000009', canDecide: true })], page: 1, size: 10, total: 1 }))
      .on('GET', '/api/orders/SHP2511220000009', ok(orderDetail({ shipmentNo: 'SHP2511220000009', statusId: 1102, actions: ['scan', 'pack'] })))
      .on('GET', '/api/cancellations/SHP2511220000009', ok(cancelRequest({ shipmentNo: 'SHP2511220000009', canDecide: true })));
    renderApp('/list-cancel');
    expect(await screen.findByTestId('cancel-pending-title')).toHaveTextContent('Menunggu persetujuan (1)');
    expect(await screen.findByTestId('order-card-SHP2511220000001')).toHaveTextContent('Dibatalkan oleh Agus Setiawan');
    await userEvent.click(screen.getByTestId('cancel-request-SHP2511220000009'));
    expect(await screen.findByRole('heading', { name: 'Pengajuan Batal' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Setujui' })).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('shows the feature guide and one feature with its steps', async () => {
    signedInServer();
    renderApp('/feature-guide');
    await userEvent.click(await screen.findByRole('link', { name: /Picking dan scan packing/ }));
    expect(await screen.findByRole('heading', { name: 'Picking dan scan packing', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Langkah-langkah' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka fitur' })).toHaveAttribute('href', '/list-packing');
  });

  it('answers unknown paths with an Indonesian 404', async () => {
    signedInServer();
    renderApp('/tidak-ada');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke Beranda' })).toHaveAttribute('href', '/');
  });
});
