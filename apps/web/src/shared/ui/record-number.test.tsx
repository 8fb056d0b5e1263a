import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RecordNumber } from './record-number';

describe('RecordNumber', () => {
  it('shows the number large, breakable anywhere, with its chips beside it', () => {
    render(
      <RecordNumber value="MAT251122000041" testId="number">
        <span>Baru</span>
      </RecordNumber>,
    );
    const number = screen.getByTestId('number');
    expect(number).toHaveTextContent('MAT251122000041');
    expect(number.className).toContain('text-lg');
    expect(number.className).toContain('break-all');
    expect(number.parentElement).toHaveTextContent('MAT251122000041Baru');
    expect(number.parentElement!.className).not.toContain('flex-wrap');
  });

  it('small: the number at body size; wrap: the chips may take a second row', () => {
    render(<RecordNumber value="MAT251122000041" testId="number" small wrap />);
    expect(screen.getByTestId('number').className).not.toContain('text-lg');
    expect(screen.getByTestId('number').parentElement!.className).toContain('flex-wrap');
  });
});
