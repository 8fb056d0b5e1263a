import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { deliveryOrder, orderDetail, orderLine } from '@/test/fixtures';
import { PackingSlip } from './packing-slip';
import { ShelfLabel } from './shelf-label';

const packed = deliveryOrder({
  pickerName: 'Budi Santoso',
  products: [
    orderLine({ qty: 3, qtyPicked: 2, attrQtyOos: 1 }),
    orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', name: 'Teh Botol Sosro 450ml', price: 5000, qty: 1, qtyPicked: 1 }),
  ],
  paperBags: [{ productID: '90001', name: 'Kantong Kertas', qty: 2, price: 1000 }],
  price: 14000,
  note: 'Titip di pos satpam',
});

function qrOf(sheet: HTMLElement) {
  const qr = within(sheet).getByTestId('print-qr');
  return { value: qr.getAttribute('data-qr-value'), svg: qr.querySelector('svg') };
}

describe('packing slip', () => {
  it('carries the store, the order, the customer, the lines, the bags, the total, the picker and the QR', () => {
    render(<PackingSlip order={packed} />);
    const slip = screen.getByTestId('packing-slip');
    expect(slip).toHaveAttribute('data-print-sheet', 'packing-slip');
    expect(screen.getByTestId('slip-store')).toHaveTextContent('Toko Kemang Raya (T001)');
    expect(screen.getByTestId('slip-shipment-no')).toHaveTextContent('SHP2611224355428');
    expect(slip).toHaveTextContent('AMD261122010465');
    expect(slip).toHaveTextContent('Alfagift');
    // 02:00 UTC is 09.00 in Jakarta.
    expect(slip).toHaveTextContent('22 Nov 2025, 09.00 WIB');
    expect(screen.getByTestId('slip-delivery')).toHaveTextContent('Diantar ke alamat');
    expect(screen.getByTestId('slip-customer')).toHaveTextContent('Puput Juwita');
    expect(screen.getByTestId('slip-phone')).toHaveTextContent('0858•••5803');
    expect(screen.getByTestId('slip-address')).toHaveTextContent('Jl. Haji Naim No. 116');
    expect(slip).toHaveTextContent('Titip di pos satpam');

    // Name, ordered, packed, out of stock.
    const cells = (lineId: number) => within(screen.getByTestId(`slip-line-${lineId}`)).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(11)).toEqual(['Indomie Goreng 85g', '3', '2', '1']);
    expect(cells(12)).toEqual(['Teh Botol Sosro 450ml', '1', '1', '-']);

    expect(screen.getByTestId('slip-paper-bags')).toHaveTextContent('2 × Rp 1.000');
    expect(screen.getByTestId('slip-total')).toHaveTextContent('Rp 14.000');
    expect(screen.getByTestId('slip-picker')).toHaveTextContent('Budi Santoso');

    const qr = qrOf(slip);
    expect(qr.value).toBe('SHP2611224355428');
    expect(qr.svg).not.toBeNull();
    expect(within(slip).getByRole('img', { name: 'QR pesanan SHP2611224355428' })).toBeInTheDocument();
  });

  it('leaves the address out of a pickup order and says when there are no paper bags', () => {
    render(<PackingSlip order={orderDetail({ statusId: 1103, customer: { name: 'Nathania Julia', phone: '081353447787', address: 'Jl. Lain 1', latitude: null, longitude: null } })} />);
    expect(screen.getByTestId('slip-delivery')).toHaveTextContent('Ambil di toko');
    expect(screen.getByTestId('slip-phone')).toHaveTextContent('0813••••7787');
    expect(screen.queryByTestId('slip-address')).not.toBeInTheDocument();
    expect(screen.getByTestId('slip-paper-bags')).toHaveTextContent('Tanpa kantong kertas');
  });
});

describe('shelf label', () => {
  it('shows the shipment with its last digits, the customer, channel and delivery, pieces, date and the QR', () => {
    render(<ShelfLabel order={packed} />);
    const label = screen.getByTestId('shelf-label');
    expect(label).toHaveAttribute('data-print-sheet', 'shelf-label');
    expect(screen.getByTestId('label-shipment-no')).toHaveTextContent('SHP2611224355428');
    expect(screen.getByTestId('label-digits')).toHaveTextContent(/^5428$/);
    expect(screen.getByTestId('label-customer')).toHaveTextContent('Puput Juwita');
    expect(screen.getByTestId('label-route')).toHaveTextContent('Alfagift · Diantar ke alamat');
    expect(screen.getByTestId('label-count')).toHaveTextContent('3 barang · 2 kantong');
    expect(screen.getByTestId('label-date')).toHaveTextContent('22 Nov 2025, 09.00 WIB');
    expect(qrOf(label).value).toBe('SHP2611224355428');
    expect(qrOf(label).svg).not.toBeNull();
  });
});
