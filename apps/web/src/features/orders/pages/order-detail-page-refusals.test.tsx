import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ERROR_MODAL, ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@gerai/contract';
import type { RefusalTable } from '@/shared/api/refusal';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { ORDER_REFUSALS, PICKING_REFUSALS, type OrderRefusal } from '../refusals';
import { SHP, DETAIL, renderDetail, setUpOrderDetailTests } from './order-detail-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpOrderDetailTests();

describe('order refusals land where ORDER_REFUSALS and PICKING_REFUSALS say', () => {
  const entries = (table: object) => Object.entries(table as RefusalTable<OrderRefusal>) as [ErrorCode, OrderRefusal][];
  const refusal = (code: ErrorCode, details?: unknown) => fail(ERROR_HTTP_STATUS[code], code, ERROR_MESSAGES[code], details);

  it.each(entries(ORDER_REFUSALS).filter(([, e]) => e.show === 'modal'))('claim refused with %s: its modal, titled as the table says', async (code, entry) => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(orderDetail()))
      .on('POST', `${DETAIL}/claim`, refusal(code));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Packing' }));
    const dialog = await screen.findByRole('dialog', { name: entry.title ?? DEFAULT_ERROR_MODAL.title });
    expect(dialog).toHaveTextContent(ERROR_MESSAGES[code]);
    if (entry.stale) await waitFor(() => expect(server.callsTo(DETAIL, 'GET').length).toBeGreaterThan(1));
  });

  it.each(entries(PICKING_REFUSALS).filter(([, e]) => e.show === 'form'))('Scan Packing refused with %s: said in the sheet, no other modal', async (code, entry) => {
    const ready = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 2 })] });
    mockFetch().on('GET', DETAIL, ok(ready)).on('POST', `${DETAIL}/pack`, refusal(code));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Scan Packing' }));
    const sheet = await screen.findByRole('dialog', { name: 'Scan Packing' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Ya, Packing' }));
    if (entry.wait) expect(await within(sheet).findByTestId('scan-packing-blocked')).toBeInTheDocument();
    else expect(await within(sheet).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES[code]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a scan over a complete line names the line the server names by details[].productId, not the one its words or the code suggest', async () => {
    const picking = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 1 }), orderLine({ lineId: 12, productID: '20002', name: 'Teh Botol 450ml', barcode: '8997654321098', qty: 1, qtyPicked: 1 })] });
    mockFetch()
      .on('GET', DETAIL, ok(picking))
      .on('POST', `${DETAIL}/scan`, refusal('SCAN_OVER_QUANTITY', [{ path: 'body.barcode', message: 'Indomie Goreng 85g', productId: '20002' }]));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.type(await screen.findByLabelText('Ketik barcode'), '8991234567895{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback')).toHaveTextContent('Jumlah produk sudah terpenuhi. Teh Botol 450ml (1/1)'));
  });
});
