import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DockPortal, NoticeDock } from './notice-dock';

/** Something that arrives with state of its own (a banner counting what it was told). */
function Counter() {
  const [n, setN] = useState(0);
  return (
    <DockPortal area="live">
      <button type="button" onClick={() => setN((v) => v + 1)}>
        {`banner ${n}`}
      </button>
    </DockPortal>
  );
}

function Screen({ name }: { name: string }) {
  return (
    <div data-testid={name}>
      <h1>{name}</h1>
      <NoticeDock />
      <p>content of {name}</p>
    </div>
  );
}

describe('NoticeDock', () => {
  it('shows what arrives in the flow under the title, before the screen, and keeps it (with its state) from screen to screen', async () => {
    const view = render(
      <>
        <Counter />
        <Screen key="first" name="first" />
      </>,
    );
    const banner = screen.getByRole('button', { name: 'banner 0' });
    // Under the title, above the content: in the flow, so it pushes the content instead of lying over it.
    const first = screen.getByTestId('first');
    expect(first.contains(banner)).toBe(true);
    expect(screen.getByRole('heading', { name: 'first' }).compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(screen.getByText('content of first')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(banner);

    // Another screen: the same banner, its state kept, now under that screen's title.
    view.rerender(
      <>
        <Counter />
        <Screen key="second" name="second" />
      </>,
    );
    const moved = screen.getByRole('button', { name: 'banner 1' });
    expect(screen.getByTestId('second').contains(moved)).toBe(true);

    // No screen with a dock: kept off the page, back with the next one.
    view.rerender(<Counter />);
    expect(screen.queryByRole('button', { name: /banner/ })).not.toBeInTheDocument();
    view.rerender(
      <>
        <Counter />
        <Screen key="third" name="third" />
      </>,
    );
    act(() => undefined);
    expect(screen.getByTestId('third').contains(screen.getByRole('button', { name: 'banner 1' }))).toBe(true);
  });
});
