import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { receiverNameAfter } from './receiver-fields';

const after = (typed: string, customerName: string | null, counter: string | null = null, onUse = vi.fn()) =>
  render(<div data-testid="after">{receiverNameAfter({ counter, typed, customerName, label: `Isi: ${customerName}`, onUse })}</div>);

describe('receiverNameAfter', () => {
  it('offers the customer while the name is empty, and fills it in on a tap', async () => {
    const onUse = vi.fn();
    after('  ', 'Nathania Julia', null, onUse);
    await userEvent.click(screen.getByRole('button', { name: 'Isi: Nathania Julia' }));
    expect(onUse).toHaveBeenCalledWith('Nathania Julia');
  });

  it('shows the counter once typed, and nothing without a customer name', () => {
    after('Budi', 'Nathania Julia', '4/60');
    expect(screen.getByTestId('after')).toHaveTextContent('4/60');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no customer name to offer', () => {
    after('', null);
    expect(screen.getByTestId('after')).toBeEmptyDOMElement();
  });
});
