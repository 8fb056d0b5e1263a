import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeaderRefresh } from './page-header';

describe('HeaderRefresh', () => {
  // Its icon once took the button's whole 44 px when it was not spinning: a class given replaces Icon's default size.
  it.each([false, true])('draws its icon at the header icons’ size, spinning %s', (spinning) => {
    render(<HeaderRefresh onRefresh={() => undefined} label="Muat ulang" spinning={spinning} />);
    const icon = screen.getByRole('button', { name: 'Muat ulang' }).querySelector('svg')!;
    expect(icon).toHaveClass('size-6');
    expect(icon.classList.contains('animate-spin')).toBe(spinning);
  });
});
