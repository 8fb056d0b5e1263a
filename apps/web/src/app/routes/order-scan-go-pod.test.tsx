import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSentRequests } from '@/features/pod/stores/sent-requests';
import { signal } from '@/shared/feedback/feedback';
import { emitEvent } from '@/test/fake-event-source';
import { fail, ok } from '@/test/fetch-mock';
import { outsideReply, podRequestSummary, requestReasons } from '@/test/fixtures';
import { stubGeolocation } from '@/test/geolocation';
import { serve, SHP, ORDER, MINE, order, FAR, renderScanGo, sendFromFar, setUpScanGoTests } from './order-scan-go-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpScanGoTests();

describe('scan and go (/order/detail-scan-go)', () => {
  it('outside the radius: the spec meaning, "Ajukan POD" sends a form-encoded request, then it waits for approval', async () => {
    let requested = false;
    const server = serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, () => ok({ items: requested ? [podRequestSummary({ reason: { id: 0, label: 'Lainnya', text: 'Pelanggan di kantor', display: 'Pelanggan di kantor' } })] : [] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons))
      .on('POST', '/api/pod/scan-go', outsideReply())
      .on('POST', '/api/pod/requests', () => {
        requested = true;
        return { status: 201, body: { message: 'Success', data: {} } };
      });
    const { user, dialog } = await sendFromFar();
    expect(dialog).toHaveTextContent('Lokasi Anda tidak berada di area pemesan.');
    expect(dialog).toHaveTextContent('Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.');
    expect(server.callsTo('/api/pod/scan-go')[0]!.body).toMatchObject({ isValidate: false, accuracy: 12 });
    expect(signal).toHaveBeenCalledWith('error');
    await user.click(within(dialog).getByRole('button', { name: 'Ajukan POD' }));

    const form = await screen.findByTestId('pod-request-form');
    await user.click(await within(form).findByRole('radio', { name: 'Lainnya' }));
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));
    // Under the field and next to "Kirim Pengajuan".
    expect(await within(form).findByTestId('pod-request-alert')).toHaveTextContent('Tuliskan alasan untuk pilihan Lainnya (minimal 3 huruf).');
    expect(within(form).getByLabelText('Tulis alasan')).toHaveFocus();
    expect(server.callsTo('/api/pod/requests')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Tulis alasan'), 'Pelanggan di kantor');
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));

    await waitFor(() => expect(server.callsTo('/api/pod/requests')).toHaveLength(1));
    const call = server.callsTo('/api/pod/requests')[0]!;
    // Form-encoded (spec §7), with an Idempotency-Key.
    expect(call.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(call.body as URLSearchParams)).toEqual({
      shipmentNo: SHP,
      deliveryType: '1',
      type: 'order',
      reasonId: '0',
      reasonText: 'Pelanggan di kantor',
      lat: String(FAR.latitude),
      long: String(FAR.longitude),
      accuracy: '12',
      capturedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    const state = await screen.findByTestId('pod-request-state');
    expect(state).toHaveAttribute('data-status', 'pending');
    expect(state).toHaveTextContent('Menunggu persetujuan');
    expect(state).toHaveTextContent('Pelanggan di kantor');
    expect(screen.queryByTestId('pod-request-form')).not.toBeInTheDocument();
    expect(useSentRequests.getState().shipmentNos).toEqual([SHP]);
  });

  it('a request that cannot be sent (one already pending) shows that meaning and no "Ajukan POD"', async () => {
    serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [podRequestSummary()] }))
      .on('POST', '/api/pod/scan-go', outsideReply({ canRequest: false, pending: true, blockedBy: 'POD_REQUEST_DUPLICATE' }));
    const { dialog } = await sendFromFar();
    expect(dialog).toHaveTextContent('Tidak dapat mengajukan POD di luar koordinat: pesanan ini sudah memiliki pengajuan.');
    expect(within(dialog).queryByRole('button', { name: 'Ajukan POD' })).not.toBeInTheDocument();
  });

  it('a request refused by the server opens the POD status modal with the catalogue meaning', async () => {
    serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons))
      .on('POST', '/api/pod/scan-go', outsideReply())
      .on('POST', '/api/pod/requests', fail(422, 'POD_REQUEST_LOCATION_INVALID', 'Lokasi pengajuan POD tidak sesuai'));
    const { user, dialog: outside } = await sendFromFar();
    await user.click(within(outside).getByRole('button', { name: 'Ajukan POD' }));
    await user.click(await screen.findByRole('radio', { name: 'Titik lokasi pelanggan tidak sesuai alamat' }));
    await user.click(screen.getByRole('button', { name: 'Kirim Pengajuan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Koordinat tidak valid' });
    expect(dialog).toHaveTextContent('Pengajuan POD hanya dapat dilakukan di dekat lokasi pemesan.');
  });

  it('hears the decision live: a rejection shows its reason and allows another request; an approval completes it', async () => {
    let latest = podRequestSummary();
    let current = order;
    serve()
      .on('GET', ORDER, () => ok(current))
      .on('GET', MINE, () => ok({ items: [latest] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons));
    stubGeolocation([FAR]);
    useSentRequests.getState().add(SHP);
    const user = userEvent.setup();
    renderScanGo();
    expect(await screen.findByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');

    latest = podRequestSummary({
      status: 'rejected',
      decidedByName: 'Agus Setiawan',
      rejectReason: { id: 2, label: 'Nama penerima tidak sesuai', text: null, display: 'Nama penerima tidak sesuai' },
    });
    emitEvent('pod.rejected', { shipmentNo: SHP, orderNo: order.orderNo, requestId: 7, deciderName: 'Agus Setiawan', requestedBy: 3, rejectReason: latest.rejectReason! });
    await waitFor(() => expect(screen.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'rejected'));
    expect(screen.getByTestId('pod-reject-reason')).toHaveTextContent('Nama penerima tidak sesuai (oleh Agus Setiawan)');
    expect(await screen.findByText(`Pengajuan POD ${SHP} ditolak: Nama penerima tidak sesuai`)).toBeInTheDocument();
    expect(signal).toHaveBeenCalledWith('error');
    // Another attempt: the request form again.
    await user.click(screen.getByTestId('request-again'));
    expect(await screen.findByTestId('pod-request-form')).toBeInTheDocument();

    latest = podRequestSummary({ status: 'approved', decidedByName: 'Agus Setiawan', orderStatusId: 1104 });
    current = { ...order, statusId: 1104 };
    emitEvent('pod.approved', { shipmentNo: SHP, orderNo: order.orderNo, requestId: 7, deciderName: 'Agus Setiawan', distanceM: 347.7 });
    const dialog = await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(dialog).toHaveTextContent(`Pengajuan POD pesanan ${SHP} disetujui oleh Agus Setiawan. Pesanan selesai.`);
    expect(await screen.findByText('Pesanan sudah selesai diserahkan.')).toBeInTheDocument();
  });
});
