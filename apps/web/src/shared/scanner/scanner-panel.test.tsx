import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScannerPanel } from './scanner-panel';

/** A hardware scanner: every character then Enter, within the same few milliseconds. */
function wedge(text: string, target: Element = document.body) {
  for (const key of text) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

describe('ScannerPanel', () => {
  it('sends a typed code (manual entry) and clears the field, every time it is sent', async () => {
    const onScan = vi.fn();
    render(<ScannerPanel onScan={onScan} />);
    const field = screen.getByLabelText('Ketik barcode');
    await userEvent.type(field, ' 8991234567895 {Enter}');
    expect(onScan).toHaveBeenLastCalledWith('8991234567895', 'manual');
    expect(field).toHaveValue('');
    // The same code typed again is a deliberate second unit: no debounce for typing.
    await userEvent.type(field, '8991234567895');
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('does not send an empty code', async () => {
    const onScan = vi.fn();
    render(<ScannerPanel onScan={onScan} />);
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Ketik barcode'), '   {Enter}');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('hears a hardware scanner anywhere on the page and counts every trigger pull, the same code too', () => {
    const onScan = vi.fn();
    render(<ScannerPanel onScan={onScan} />);
    expect(screen.getByTestId('scan-mode')).toHaveTextContent('Scanner: setiap tembakan dihitung');
    // Five identical units scanned as fast as a scanner types: five scans, none filtered.
    for (let i = 0; i < 5; i++) wedge('8991234567895');
    expect(onScan).toHaveBeenCalledTimes(5);
    expect(onScan.mock.calls).toEqual(Array.from({ length: 5 }, () => ['8991234567895', 'wedge']));
    wedge('8997654321098');
    expect(onScan).toHaveBeenLastCalledWith('8997654321098', 'wedge');
  });

  it('leaves a scanner typing into a text field to that field', async () => {
    const onScan = vi.fn();
    render(
      <>
        <input aria-label="Nama penerima" />
        <ScannerPanel onScan={onScan} manualEntry={false} />
      </>,
    );
    wedge('8991234567895', screen.getByLabelText('Nama penerima'));
    expect(onScan).not.toHaveBeenCalled();
  });

  it('stops listening and locks the controls when scanning is done', () => {
    const onScan = vi.fn();
    render(<ScannerPanel onScan={onScan} enabled={false} />);
    wedge('8991234567895');
    expect(onScan).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Ketik barcode')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scan dengan kamera' })).toBeDisabled();
  });

  it('explains when the phone has no camera', async () => {
    render(<ScannerPanel onScan={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan dengan kamera' }));
    // The panel says how the camera counts while it is the way in.
    expect(screen.getByTestId('scan-mode')).toHaveTextContent('Kamera: kode yang sama dihitung lagi setelah dijauhkan');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Kamera tidak tersedia di perangkat ini|koneksi aman/);
    await userEvent.click(screen.getByRole('button', { name: 'Matikan kamera' }));
    expect(screen.getByRole('button', { name: 'Scan dengan kamera' })).toBeInTheDocument();
  });
});
