import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_MESSAGES, RECAP_MAX_DAYS } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { fail, mockFetch, ok, type RecordedCall } from '@/test/fetch-mock';
import { renderPage } from '@/test/render';
import { recapReply, store, storePage } from '../recap-test-kit';
import { addDays, todayInWib } from '../utils/range';
import RecapPage from './recap-page';

const RECAP = '/api/recap';
const STORES = '/api/stores';
const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
const csvQuery = (link: HTMLElement) => Object.fromEntries(new URL(link.getAttribute('href')!, 'http://localhost').searchParams);

function serve({ stores = storePage([store('T001', 'Toko Kemang Raya')]) } = {}) {
  return mockFetch()
    .on('GET', STORES, ok(stores))
    .on('GET', RECAP, (call) => {
      const q = params(call);
      return ok(recapReply({ from: q.from, to: q.to, storeCode: q.storeCode ?? null, storeCount: q.storeCode ? 1 : stores.total }));
    });
}

const open = (url = '/rekap-ac') => renderPage([{ path: '/rekap-ac', element: <RecapPage /> }], url);

beforeEach(() => {
  resetClientStateForTests();
});
afterEach(() => vi.unstubAllGlobals());

describe('/rekap-ac', () => {
  it("asks for today's recap and shows its figures, completion time and tables", async () => {
    const server = serve();
    open();
    expect(await screen.findByTestId('recap-skeleton')).toBeInTheDocument();
    const summary = await screen.findByTestId('recap-summary');
    const today = todayInWib();
    expect(params(server.callsTo(RECAP)[0]!)).toEqual({ from: today, to: today });

    expect(within(summary).getByTestId('recap-total-orders')).toHaveTextContent('Pesanan1.250');
    expect(within(summary).getByTestId('recap-total-completed')).toHaveTextContent('Selesai980');
    expect(within(summary).getByTestId('recap-total-cancelled')).toHaveTextContent('Batal45');
    expect(within(summary).getByTestId('recap-total-open')).toHaveTextContent('Masih berjalan225');
    expect(within(summary).getByTestId('recap-total-returns')).toHaveTextContent('Retur7');
    expect(within(summary).getByTestId('recap-total-podExceptions')).toHaveTextContent('Pengecualian POD3');
    expect(screen.getByTestId('recap-completion')).toHaveTextContent('Waktu selesai: median 42 mnt · P90 95,5 mnt');
    // The one store of a kepala toko's scope is named; no store filter for one store.
    expect(screen.getByTestId('recap-scope')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(screen.queryByTestId('recap-store')).not.toBeInTheDocument();

    const rows = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('row')
        .map((r) => r.textContent);
    // Headings are the CSV's (RECAP_COLUMNS); channel and status names the contract's.
    expect(rows('recap-table-channels')).toEqual(['KanalPesananSelesaiBatal', 'Alfagift1.00080030', 'JD.ID25018015', 'Total1.25098045']);
    expect(rows('recap-table-statuses')).toEqual(['StatusPesanan', 'Baru100', 'Selesai980', 'Batal45', 'Proses125', 'Total1.250']);
    expect(rows('recap-table-crew')).toEqual(['NIKNamaTokoDiambilSelesaiBatalMedian packing (menit)', '10000001Budi SantosoT001600550412,5']);
    expect(rows('recap-table-completion')).toEqual(['Pesanan selesaiMedian (menit)Persentil 90 (menit)', '9804295,5']);
    expect(rows('recap-table-out-of-stock')[1]).toBe('20001Indomie Goreng 85g801060812,5');
    expect(rows('recap-table-cancellations')).toEqual(['AlasanJumlah', 'Stok habis30', 'Tanpa alasan15']);
    expect(rows('recap-table-returns')).toEqual(['AlasanJumlah', 'Barang rusak7']);
    expect(rows('recap-table-pod-exceptions')).toEqual(['AlasanJumlah', 'Di luar radius3']);
  });

  it('shows orders per day and per channel as charts with the figures, named for the tables that carry them', async () => {
    serve();
    open();
    const days = within(await screen.findByTestId('recap-chart-days')).getByRole('img');
    expect(days).toHaveAccessibleName('Pesanan per hari. Angkanya ada di tabel di bawah.');
    // One day, three series: three bars, each with its value.
    expect([...days.querySelectorAll('[data-bar] title')].map((b) => b.textContent)).toEqual(['Pesanan, 22 Nov: 1.250', 'Selesai, 22 Nov: 980', 'Batal, 22 Nov: 45']);
    const channels = within(screen.getByTestId('recap-chart-channels')).getByRole('img');
    expect(channels).toHaveAccessibleName('Pesanan per kanal. Angkanya ada di tabel di bawah.');
    expect([...channels.querySelectorAll('[data-bar] title')].map((b) => b.textContent)).toEqual([
      'Pesanan, Alfagift: 1.000',
      'Selesai, Alfagift: 800',
      'Batal, Alfagift: 30',
      'Pesanan, JD.ID: 250',
      'Selesai, JD.ID: 180',
      'Batal, JD.ID: 15',
    ]);
    expect(within(screen.getByTestId('recap-chart-channels-legend')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pesanan', 'Selesai', 'Batal']);
  });

  it('hides the crew table when the reply has no people (byCrew null), and says so for each empty table', async () => {
    mockFetch()
      .on('GET', STORES, ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', RECAP, ok(recapReply({ byCrew: null, outOfStock: [], returns: [], podExceptions: [] })));
    open();
    await screen.findByTestId('recap-summary');
    expect(screen.queryByTestId('recap-table-crew')).not.toBeInTheDocument();
    for (const table of ['out-of-stock', 'returns', 'pod-exceptions']) {
      expect(screen.getByTestId(`recap-table-${table}-empty`)).toHaveTextContent('Belum ada data pada rentang ini.');
      expect(screen.queryByTestId(`recap-table-${table}-csv`)).not.toBeInTheDocument();
    }
  });

  it("asks for a store to show the crew of the whole chain's recap, with nothing to download", async () => {
    mockFetch()
      .on('GET', STORES, ok(storePage([store('T001', 'Toko Kemang Raya'), store('T002', 'Toko Mampang')])))
      .on('GET', RECAP, ok(recapReply({ storeCount: 2, byCrew: null, crewNeedsStore: true })));
    open();
    expect(await screen.findByTestId('recap-table-crew-empty')).toHaveTextContent('Pilih satu toko untuk melihat pesanan per kru.');
    expect(screen.getByTestId('recap-table-crew')).toHaveTextContent('Pesanan per kru');
    expect(screen.queryByTestId('recap-table-crew-csv')).not.toBeInTheDocument();
  });

  it('a day without orders: no charts, the completion time says there is none', async () => {
    mockFetch()
      .on('GET', STORES, ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on(
        'GET',
        RECAP,
        ok(
          recapReply({
            totals: { orders: 0, completed: 0, cancelled: 0, open: 0, returns: 0, podExceptions: 0 },
            byDay: [],
            byChannel: [],
            byStatus: [],
            byCrew: [],
            completion: { completed: 0, medianMinutes: null, p90Minutes: null },
            outOfStock: [],
            cancellations: [],
            returns: [],
            podExceptions: [],
          }),
        ),
      );
    open();
    expect(await screen.findByTestId('recap-completion')).toHaveTextContent('Waktu selesai: belum ada pesanan selesai.');
    expect(screen.queryByTestId('recap-chart-days')).not.toBeInTheDocument();
    expect(screen.getByTestId('recap-table-channels-empty')).toBeInTheDocument();
    expect(screen.getByTestId('recap-table-completion-empty')).toBeInTheDocument();
  });

  it('says a range the server would refuse before asking: the end before the start, longer than the limit', async () => {
    const server = serve();
    open();
    await screen.findByTestId('recap-summary');
    const asked = server.callsTo(RECAP).length;
    const today = todayInWib();

    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: addDays(today, 1) } });
    expect(screen.getByRole('alert')).toHaveTextContent(FIELD_MESSAGES.dateEndBeforeStart);
    expect(screen.getByLabelText('Sampai tanggal')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: addDays(today, -RECAP_MAX_DAYS) } });
    expect(screen.getByRole('alert')).toHaveTextContent(`Rentang rekap paling lama ${RECAP_MAX_DAYS} hari`);
    expect(screen.getByLabelText('Dari tanggal')).toHaveValue(addDays(today, -RECAP_MAX_DAYS));

    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Pilih tanggal awal dan tanggal akhir.');
    expect(server.callsTo(RECAP)).toHaveLength(asked);
    // The figures shown are still today's, and say so.
    expect(screen.getByTestId('recap-range')).toHaveTextContent(new RegExp(`^\\d{1,2} \\w{3} ${today.slice(0, 4)}$`));

    // The longest range allowed is asked for.
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: addDays(today, -(RECAP_MAX_DAYS - 1)) } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(params(server.callsTo(RECAP).at(-1)!)).toEqual({ from: addDays(today, -(RECAP_MAX_DAYS - 1)), to: today }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/rekap-ac?from=${addDays(today, -(RECAP_MAX_DAYS - 1))}&to=${today}`);
  });

  it('quick ranges end today; the CSV links carry the range and the store the figures are of', async () => {
    const user = userEvent.setup();
    const server = serve({ stores: storePage([store('T001', 'Toko Kemang Raya'), store('T002', 'Toko Pela Mampang')]) });
    open();
    await screen.findByTestId('recap-summary');
    const today = todayInWib();
    expect(screen.getByTestId('recap-quick-today')).toHaveAttribute('aria-pressed', 'true');
    expect(csvQuery(screen.getByTestId('recap-table-channels-csv'))).toEqual({ from: today, to: today });
    expect(screen.getByTestId('recap-table-channels-csv')).toHaveAttribute('href', expect.stringMatching(/^\/api\/recap\/csv\/channels\?/));
    expect(screen.getByTestId('recap-table-channels-csv')).toHaveAttribute('download');
    // Several stores: all of them by default, named with their count.
    expect(screen.getByTestId('recap-scope')).toHaveTextContent('Semua toko (2 toko)');
    expect(screen.getByTestId('recap-store')).toHaveValue('');

    await user.click(screen.getByTestId('recap-quick-last7'));
    expect(screen.getByTestId('recap-quick-last7')).toHaveAttribute('aria-pressed', 'true');
    const week = { from: addDays(today, -6), to: today };
    await waitFor(() => expect(csvQuery(screen.getByTestId('recap-table-out-of-stock-csv'))).toEqual(week));
    expect(screen.getByTestId('recap-table-out-of-stock-csv')).toHaveAttribute('href', expect.stringMatching(/^\/api\/recap\/csv\/out-of-stock\?/));

    await user.selectOptions(screen.getByTestId('recap-store'), 'T002');
    await waitFor(() => expect(csvQuery(screen.getByTestId('recap-table-crew-csv'))).toEqual({ ...week, storeCode: 'T002' }));
    expect(params(server.callsTo(RECAP).at(-1)!)).toEqual({ ...week, storeCode: 'T002' });
    expect(screen.getByTestId('recap-scope')).toHaveTextContent('T002 · Toko Pela Mampang');

    await user.click(screen.getByTestId('recap-quick-last30'));
    await waitFor(() => expect(csvQuery(screen.getByTestId('recap-table-pod-exceptions-csv'))).toEqual({ from: addDays(today, -29), to: today, storeCode: 'T002' }));
  });

  it('a scope larger than one page of stores gets a store search', async () => {
    const user = userEvent.setup();
    const server = serve({ stores: storePage([store('T001', 'Toko Kemang Raya'), store('T002', 'Toko Pela Mampang')], 2000) });
    server.on('GET', STORES, (call) =>
      ok(params(call).query === 'T19' ? storePage([store('T1999', 'Toko Ujung')], 1) : storePage([store('T001', 'Toko Kemang Raya'), store('T002', 'Toko Pela Mampang')], 2000)),
    );
    open();
    await user.type(await screen.findByTestId('recap-store-search'), 'T19');
    await waitFor(() => expect(within(screen.getByTestId('recap-store')).getByRole('option', { name: 'T1999 · Toko Ujung' })).toBeInTheDocument());
    await user.selectOptions(screen.getByTestId('recap-store'), 'T1999');
    await waitFor(() => expect(params(server.callsTo(RECAP).at(-1)!).storeCode).toBe('T1999'));
  });

  it("shows the server's refusal with a retry", async () => {
    const user = userEvent.setup();
    const server = mockFetch()
      .on('GET', STORES, ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', RECAP, (_call, n) =>
        n === 1
          ? fail(400, 'VALIDATION_FAILED', 'Data yang dikirim tidak valid. Periksa kembali isian Anda.', [{ path: 'to', message: 'Rentang rekap paling lama 31 hari' }])
          : ok(recapReply()),
      );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rekap gagal dimuat.');
    expect(alert).toHaveTextContent('Rentang rekap paling lama 31 hari');
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('recap-summary')).toBeInTheDocument();
    expect(server.callsTo(RECAP)).toHaveLength(2);
  });

  it('"Cetak / Simpan PDF" opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve();
    open();
    const button = await screen.findByRole('button', { name: 'Cetak / Simpan PDF' });
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a range given in the address is asked for; one the server would refuse is said and not asked', async () => {
    const server = serve();
    open('/rekap-ac?from=2025-11-01&to=2025-11-07');
    await screen.findByTestId('recap-summary');
    expect(params(server.callsTo(RECAP)[0]!)).toEqual({ from: '2025-11-01', to: '2025-11-07' });
    expect(screen.getByTestId('recap-range')).toHaveTextContent('1 Nov 2025 – 7 Nov 2025');
    expect(screen.getByTestId('recap-quick-today')).toHaveAttribute('aria-pressed', 'false');
  });

  it('a refused range in the address is said, and nothing is asked', async () => {
    const server = serve();
    open('/rekap-ac?from=2025-11-07&to=2025-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(FIELD_MESSAGES.dateEndBeforeStart);
    await screen.findByTestId('recap-filters');
    expect(server.callsTo(RECAP)).toHaveLength(0);
  });
});
