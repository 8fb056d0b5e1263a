import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchField } from './search-field';

function Field({ onClear }: { onClear?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <div className="relative flex items-center">
      <SearchField value={value} onChange={setValue} label="Cari produk" placeholder="Nama atau barcode" onClear={onClear && (() => (onClear(), setValue('')))} clearLabel="Hapus pencarian" testId="search" />
    </div>
  );
}

describe('SearchField', () => {
  it('is a labelled search field; the cross shows only while there is text, and clears it', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<Field onClear={onClear} />);
    const input = screen.getByLabelText('Cari produk');
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveAttribute('enterkeyhint', 'search');
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).not.toBeInTheDocument();
    await user.type(input, 'indo');
    expect(input).toHaveValue('indo');
    await user.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(input).toHaveValue('');
  });

  it('without a clear there is no cross, and no room kept for one', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Cari produk'), 'indo');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('search').className).not.toContain('pr-12');
  });
});
