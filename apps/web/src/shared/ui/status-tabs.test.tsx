import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusTabs } from './status-tabs';

describe('StatusTabs', () => {
  it('presses the current tab, names each by its label and count, and hands over the one tapped', async () => {
    const onSelect = vi.fn();
    render(
      <StatusTabs
        label="Status"
        layout="scroll"
        testId="x-tab"
        current="a"
        onSelect={onSelect}
        tabs={[
          { value: 'a', label: 'Baru', count: 2 },
          { value: 'b', label: 'Selesai', count: 0 },
          { value: 'c', label: 'Batal' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Status' })).toHaveAttribute('data-testid', 'x-tabs');
    expect(screen.getByRole('button', { name: 'Baru 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Selesai 0' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('x-tab-c')).toHaveAccessibleName('Batal');
    expect(screen.queryByTestId('x-tab-c-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('x-tab-b-count')).toHaveClass('bg-slate-200');
    await userEvent.click(screen.getByTestId('x-tab-b'));
    expect(onSelect).toHaveBeenCalledWith('b');
  });
});
