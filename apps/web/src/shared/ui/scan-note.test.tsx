import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ScanNote } from './scan-note';

describe('ScanNote', () => {
  it.each([
    ['success', 'bg-emerald-50'],
    ['kept', 'bg-amber-50'],
    ['error', 'bg-red-50'],
  ])('a %s scan is said in its colour, with its tone for the tests and the screen reader', (tone, colour) => {
    render(<ScanNote tone={tone} text="Indomie Goreng 85g +1" />);
    const note = screen.getByText('Indomie Goreng 85g +1').parentElement!;
    expect(note).toHaveAttribute('data-tone', tone);
    expect(note.className).toContain(colour);
    expect(note.classList.contains('p-2')).toBe(true);
  });

  it('takes the screen\'s padding and line limit', () => {
    render(<ScanNote tone="error" text="Barcode tidak dikenal" className="px-2 py-1.5" textClassName="line-clamp-3 whitespace-pre-line" />);
    const words = screen.getByText('Barcode tidak dikenal');
    expect(words.className).toBe('line-clamp-3 whitespace-pre-line');
    expect(words.parentElement!.className).toContain('px-2 py-1.5');
    expect(words.parentElement!.classList.contains('p-2')).toBe(false);
  });
});
