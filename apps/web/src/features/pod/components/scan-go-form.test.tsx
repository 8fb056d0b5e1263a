import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScanGoForm } from './scan-go-form';

describe('ScanGoForm', () => {
  it('shows what is missing when "Kirim POD" is tapped before its fields have mounted', async () => {
    const onValid = vi.fn();
    render(<ScanGoForm customerName="Bu Sari" onValid={onValid} footer={<button type="submit">Kirim POD</button>} />);
    // The fields mount in an idle task after the first paint; a quick tap comes before it.
    expect(screen.queryByLabelText('Nama penerima')).not.toBeInTheDocument();
    fireEvent.submit(screen.getByRole('button', { name: 'Kirim POD' }).closest('form')!);
    expect(await screen.findByText('Nama penerima wajib diisi (minimal 2 huruf).')).toBeInTheDocument();
    expect(screen.getByText('Pilih hubungan penerima.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });
});
