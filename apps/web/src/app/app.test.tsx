import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { session } from '@/shared/api/session';
import { closeModal } from '@/shared/modal/modal-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { cancelRequest } from '@/features/cancellations/cancel-test-kit';
import { monitoring, storeRow } from '@/features/monitoring/monitoring-test-kit';
import { recapReply } from '@/features/recap/recap-test-kit';
import { appConfig as appConfigOf, chiefMember, deliveryOrder, orderCount, orderDetail, orderList, orderSummary, podRequestList, podRequestSummary, staffMember, storeT001, superUserWithoutStore } from '@/test/fixtures';
import { emitEvent, FakeEventSource, installFakeEventSource } from '@/test/fake-event-source';
import { testQueryClient, TestProviders } from '@/test/render';
import { createAppRouter } from './router';

const appConfig = appConfigOf();
const tokens = { token: 't', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000 };

function renderApp(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const queryClient = testQueryClient();
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, queryClient };
}

function signedInServer(member = staffMember) {
  return mockFetch()
    .on('GET', '/api/app-config', ok(appConfig))
    .on('GET', '/api/members/me', ok(member))
    .on('GET', '/api/orders/count', ok(orderCount));
}

beforeEach(() => {
  resetClientStateForTests();
  session.clear();
  act(() => closeModal());
});
afterEach(() => vi.unstubAllGlobals());

describe('auth guard', () => {
  it('sends a visitor without a session to /login?next=…, then back there after signing in', async () => {
    let signedIn = false;
    const server = mockFetch()
      .on('GET', '/api/app-config', ok(appConfig))
      .on('POST', '/api/auth/refresh', fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir. Silakan masuk kembali.'))
      .on('GET', '/api/members/me', () => (signedIn ? ok(staffMember) : fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir.')))
      .on('POST', '/api/auth/login', () => {
        signedIn = true;
        return ok({ ...tokens, member: staffMember });
      });
    const { router } = renderApp('/monitoring');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fmonitoring');
    // The 401 went through one refresh attempt before giving up.
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('NIK'), '10000001');
    await user.type(screen.getByLabelText('Kata sandi'), 'gerai123');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoring'));
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeInTheDocument();
  });

  it('does not send an offline member to login: it offers a retry', async () => {
    mockFetch().on('GET', '/api/app-config', 'network-error').on('GET', '/api/members/me', 'network-error');
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Coba lagi' }, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

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
    const banners = await Promise.all(['new-order-banner', 'escalation-banner', 'pod-request-banner'].map((testId) => screen.findByTestId(testId)));
    expect(new Set(banners.map((b) => b.parentElement)).size).toBe(1);
    // Every shell listener loads its chunk before the stream opens (one boundary): slower than one alone.
  }, 20_000);
});

describe('home', () => {
  it('greets the member, shows the store and the counts per status linking to each list', async () => {
    signedInServer();
    renderApp('/');
    expect(await screen.findByTestId('member-name')).toHaveTextContent('Budi Santoso');
    expect(screen.getByTestId('active-store')).toHaveTextContent('Kemang Raya · T001');
    expect(screen.getByText(/^Selamat (pagi|siang|sore|malam),$/)).toBeInTheDocument();

    const tile = await screen.findByTestId('count-1101');
    expect(tile).toHaveAttribute('href', '/order');
    expect(tile).toHaveAccessibleName('Baru 4');
    expect(screen.getByTestId('count-1102')).toHaveAttribute('href', '/list-packing');
    expect(screen.getByTestId('count-1103')).toHaveAttribute('href', '/list-proses');
    expect(screen.getByTestId('count-1104')).toHaveAttribute('href', '/list-done');
    expect(screen.getByTestId('count-1105')).toHaveAttribute('href', '/history');
    expect(screen.getByTestId('count-1106')).toHaveAttribute('href', '/list-cancel');
    expect(screen.getByTestId('count-1107-value')).toHaveTextContent('6');
    // History Batal opens History with its own side chosen, not History Pesanan.
    expect(screen.getByTestId('count-1107')).toHaveAttribute('href', '/history?jenis=batal');

    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });
    expect(within(nav).getByRole('link', { name: 'Beranda' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Beranda', 'Pesanan', 'Cek Stok', 'Akun']);
  });

  it('the History Batal tile opens History with "History Batal" chosen and its orders asked for', async () => {
    const server = signedInServer().on('GET', '/api/orders', ok(orderList([orderSummary({ statusId: 1107 })])));
    renderApp('/');
    await userEvent.click(await screen.findByTestId('count-1107'));
    expect(await screen.findByRole('button', { name: 'History Batal' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'History Pesanan' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(server.callsTo('/api/orders', 'GET').some((c) => new URL(c.url, 'http://x').searchParams.get('status') === '1107')).toBe(true));
  });

  it('shows an error with retry when the counts fail, and recovers', async () => {
    let fails = true;
    signedInServer().on('GET', '/api/orders/count', () => (fails ? fail(400, 'STORE_REQUIRED', 'Pilih toko terlebih dahulu.') : ok(orderCount)));
    renderApp('/');
    expect(await screen.findByText('Jumlah pesanan gagal dimuat.')).toBeInTheDocument();
    expect(screen.getByText('Pilih toko terlebih dahulu.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('count-1101')).toBeInTheDocument();
  });

  it('shows kepala toko the "Pengajuan POD" tile with the pending count of the active store; staff do not get the tile', async () => {
    const server = signedInServer(chiefMember).on('GET', '/api/pod/requests/count', ok({ pending: 3, storeCode: 'T001' }));
    renderApp('/');
    const tile = await screen.findByTestId('feature-pod');
    // It counts the active store: it opens the queue of that store (the queue alone covers all of them).
    expect(tile).toHaveAttribute('href', '/list-pengajuan-pod?storeCode=T001');
    expect(await within(tile).findByTestId('pod-pending-badge')).toHaveTextContent('3');
    expect(tile).toHaveAccessibleName(/3 pengajuan POD menunggu/);
    const notice = await screen.findByTestId('pod-pending-notice');
    expect(notice).toHaveTextContent('3 POD menunggu keputusan');
    expect(notice).toHaveAttribute('href', '/list-pengajuan-pod?storeCode=T001');
    // Home counts its active store, like its order counts.
    expect(server.callsTo('/api/pod/requests/count').every((c) => new URL(c.url, 'http://localhost').searchParams.get('storeCode') === chiefMember.store!.storeCode)).toBe(true);
  });

  it('keeps the POD notice in its place when none wait, so the order tiles never move when the count arrives', async () => {
    signedInServer(chiefMember).on('GET', '/api/pod/requests/count', ok({ pending: 0, storeCode: 'T001' }));
    renderApp('/');
    const notice = await screen.findByTestId('pod-pending-notice');
    expect(notice).toHaveTextContent('Tidak ada POD menunggu keputusan');
    expect(notice).toHaveAttribute('data-waiting', 'false');
    expect(notice.parentElement).toHaveClass('h-16');
  });

  it('does not show the POD tile or ask for its count as staff', async () => {
    const server = signedInServer();
    renderApp('/');
    await screen.findByTestId('count-1101');
    expect(screen.queryByTestId('feature-pod')).not.toBeInTheDocument();
    expect(server.callsTo('/api/pod/requests/count')).toHaveLength(0);
  });

  it('shows every crew member the cancellation requests and the open returns waiting in the active store', async () => {
    const server = signedInServer().on('GET', '/api/cancellations/count', ok({ pending: 2 }));
    renderApp('/');
    const cancel = await screen.findByTestId('feature-cancel');
    expect(cancel).toHaveAttribute('href', '/list-cancel');
    expect(await within(cancel).findByTestId('cancel-pending-badge')).toHaveTextContent('2');
    expect(cancel).toHaveAccessibleName(/2 pengajuan pembatalan menunggu/);
    expect(screen.getByTestId('feature-returns')).toHaveAttribute('href', '/retur/list/requested');
    // The booking badge counts requests waiting to be taken: the tile opens them.
    expect(screen.getByTestId('feature-booking')).toHaveAttribute('href', '/booking-list-product?status=1131');
    expect(server.callsTo('/api/cancellations/count').every((c) => new URL(c.url, 'http://localhost').searchParams.get('storeCode') === 'T001')).toBe(true);
  });

  it('lets a super user without a store pick one in the super-user modal', async () => {
    let member = superUserWithoutStore;
    const server = signedInServer()
      .on('GET', '/api/members/me', () => ok(member))
      .on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 20, total: 1 }))
      .on('POST', '/api/members/me/store', () => {
        member = { ...superUserWithoutStore, storeName: 'Kemang Raya', store: storeT001, info: 'T001 · Toko Kemang Raya' };
        return ok(member);
      });
    renderApp('/');
    expect(await screen.findByText('Belum ada toko aktif')).toBeInTheDocument();
    expect(screen.queryByTestId('count-1101')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pilih Toko' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pilih Toko' });
    await userEvent.click(await within(dialog).findByTestId('store-option-T001'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.callsTo('/api/members/me/store', 'POST')[0]!;
    expect(post.body).toEqual({ storeCode: 'T001' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByTestId('count-1101')).toBeInTheDocument();
    expect(screen.getByText('Toko aktif: Kemang Raya (T001)')).toBeInTheDocument();
  });

  it.each(['/', '/order', '/history', '/retur/list/1', '/booking-list-product', '/mat-in-new', '/request-cancel'])(
    'a member without a store on %s is offered the store picker; nothing the server can only refuse is asked',
    async (path) => {
      const server = signedInServer(superUserWithoutStore).on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 20, total: 1 }));
      const { queryClient } = renderApp(path);
      expect(await screen.findByText('Belum ada toko aktif')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pilih Toko' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
      // A screen's reads are in the cache from its first render and leave "idle" the moment they are
      // sent (its effects have run once it shows): none of a store's may have, now or later.
      const STORE_AREAS = ['orders', 'returns', 'bookings', 'transfers', 'cancellations'];
      const asked = queryClient.getQueryCache().findAll({ predicate: (q) => STORE_AREAS.includes(String(q.queryKey[0])) && (q.state.fetchStatus !== 'idle' || q.state.dataUpdateCount + q.state.errorUpdateCount > 0) });
      expect(asked.map((q) => q.queryKey)).toEqual([]);
      const storeReads = server.calls.filter((c) => /^\/api\/(orders|returns|bookings|transfers|cancellations)\b/.test(c.path));
      expect(storeReads.map((c) => c.path)).toEqual([]);
    },
  );
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
      .on('GET', '/api/monitoring', ok(monitoring({ storeCount: 2, stores: [storeRow(), storeRow({ storeCode: 'T002', storeName: 'Toko Tebet Barat' })] })))
      .on('GET', '/api/stores', ok({ items: [storeT001], page: 1, size: 20, total: 1 }));
    renderApp('/monitoring');
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeInTheDocument();
    expect(await screen.findByTestId('monitoring-status-1101')).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-store-T002')).toBeInTheDocument();
    // The filter searches the catalog's list of the caller's stores.
    await userEvent.click(screen.getByTestId('monitoring-store-filter-toggle'));
    expect(await screen.findByTestId('store-option-T001')).toBeInTheDocument();
    expect(screen.queryByText('Fitur ini belum tersedia')).not.toBeInTheDocument();
  });

  it('monitoring of another store of the area: a tile makes that store the active one, then opens its list', async () => {
    const supervisor = { ...chiefMember, nik: '30000001', roleID: 3, roleName: 'Area Supervisor', storeCodes: ['T001', 'T002'] };
    const server = signedInServer(supervisor)
      .on('GET', '/api/monitoring', ok(monitoring({ stores: [storeRow({ storeCode: 'T002', storeName: 'Toko Tebet Barat' })] })))
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
