import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { chiefMember, orderCount, orderList, orderSummary, staffMember, storeT001, superUserWithoutStore } from '@/test/fixtures';
import { appConfig, tokens, renderApp, signedInServer, setUpAppTests } from './app-test-kit';

setUpAppTests();

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
