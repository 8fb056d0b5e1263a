import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ProductTitle } from './product-title';

describe('ProductTitle', () => {
  it('names the product, its code under it, then the row\'s own lines', () => {
    render(
      <ProductTitle name="Indomie Goreng 85g" code="8991234567895" nameTestId="name" codeTestId="code">
        <p>Dikirim 3</p>
      </ProductTitle>,
    );
    expect(screen.getByTestId('name')).toHaveTextContent('Indomie Goreng 85g');
    expect(screen.getByTestId('name').className).toContain('text-sm font-medium');
    expect(screen.getByTestId('code')).toHaveClass('font-mono');
    expect(screen.getByTestId('name').parentElement).toHaveTextContent('Indomie Goreng 85g8991234567895Dikirim 3');
    expect(screen.getByTestId('name').tagName).toBe('P');
  });

  it('inline, for a row that is a button: spans only; a card may name it larger', () => {
    render(
      <button type="button">
        <ProductTitle name="Aqua 600ml" code="8992222333344" nameClassName="font-semibold" nameTestId="name" inline />
      </button>,
    );
    const name = screen.getByTestId('name');
    expect(name.tagName).toBe('SPAN');
    expect(name.parentElement!.tagName).toBe('SPAN');
    expect(name.className).toContain('font-semibold');
    expect(name.className).not.toContain('text-sm');
    expect(screen.getByRole('button')).toHaveTextContent('Aqua 600ml8992222333344');
  });
});
