import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequestCard } from './request-card';

describe('RequestCard', () => {
  it('is one link: shipment, status, customer, age, reason, facts and what goes under them', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    render(
      <MemoryRouter>
        <RequestCard
          to="/retur/detail/SHP1/delivery"
          testId="card"
          shipmentNo="SHP1"
          status={<span>Diajukan</span>}
          customer="Puput Juwita"
          at="2026-11-22T09:55:00Z"
          now={now}
          reason="Barang rusak"
          reasonTestId="card-reason"
          facts={<span>2 barang</span>}
        >
          <p>Ditolak: stok</p>
        </RequestCard>
      </MemoryRouter>,
    );
    const card = screen.getByTestId('card');
    expect(card).toHaveAttribute('href', '/retur/detail/SHP1/delivery');
    expect(card).toHaveTextContent(/^SHP1DiajukanPuput Juwita5 menit laluBarang rusak2 barangDitolak: stok$/);
    expect(screen.getByTestId('card-reason')).toHaveTextContent('Barang rusak');
  });
});
