import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isTooLong, TextAreaField } from './text-area-field';

function Field({ max = 10, counterFrom }: { max?: number; counterFrom?: number }) {
  const [value, setValue] = useState('');
  return <TextAreaField label="Catatan" value={value} onChange={setValue} max={max} counterFrom={counterFrom} testId="note" />;
}

describe('the limited text field', () => {
  it('counts as the server does, keeps a paste over the limit whole and says how much to remove', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const box = screen.getByRole('textbox', { name: 'Catatan' });
    expect(box).not.toHaveAttribute('maxlength');
    expect(screen.getByTestId('note-counter')).toHaveTextContent('0 / 10');
    await user.click(box);
    await user.paste('  abcdefghijkl  ');
    // Trimmed, as the API's text() counts: 12 characters.
    expect(screen.getByTestId('note-counter')).toHaveTextContent('12 / 10');
    expect(box).toHaveValue('  abcdefghijkl  ');
    expect(screen.getByRole('alert')).toHaveTextContent('Terlalu panjang: 12 dari maksimal 10 karakter. Hapus 2 karakter agar bisa dikirim.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.getAttribute('aria-describedby')).toContain('counter');
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.getByTestId('note-counter')).toHaveTextContent('10 / 10');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the counter from a threshold on when asked (the chat composer)', async () => {
    const user = userEvent.setup();
    render(<Field max={10} counterFrom={8} />);
    await user.type(screen.getByRole('textbox'), 'abcdefg');
    expect(screen.queryByTestId('note-counter')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'h');
    expect(screen.getByTestId('note-counter')).toHaveTextContent('8 / 10');
  });

  it('isTooLong follows the same count', () => {
    expect(isTooLong(' abc ', 3)).toBe(false);
    expect(isTooLong('abcd', 3)).toBe(true);
  });
});
