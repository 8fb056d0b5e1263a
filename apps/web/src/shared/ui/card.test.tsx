import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Field, LinkCard } from './card';
import { ScrollArea } from './scroll-area';

describe('LinkCard', () => {
  it('is named by the text it shows, nothing put over it (WCAG 2.5.3)', () => {
    render(
      <MemoryRouter>
        <LinkCard to="/order/detail/1101/SHP1/pickup" testId="card">
          <span>SHP1</span> <span>Nathania Julia</span>
        </LinkCard>
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: 'SHP1 Nathania Julia' });
    expect(card).not.toHaveAttribute('aria-label');
    expect(card).toHaveAttribute('href', '/order/detail/1101/SHP1/pickup');
  });
});

describe('Field', () => {
  it('is the group of its term and value right under the list, carrying its grid class', () => {
    const { container } = render(
      <dl>
        <Field label="Catatan" className="col-span-2">
          Titip di pos satpam
        </Field>
      </dl>,
    );
    const group = container.querySelector('dl > div');
    expect(group).toHaveClass('col-span-2');
    expect(group?.querySelector(':scope > dt')).toHaveTextContent('Catatan');
    expect(group?.querySelector(':scope > dd')).toHaveTextContent('Titip di pos satpam');
  });
});

describe('ScrollArea', () => {
  it('is a named tab stop, so a keyboard can scroll a wide table', () => {
    render(
      <>
        <h3 id="t">Kru</h3>
        <ScrollArea labelledBy="t">
          <table>
            <tbody>
              <tr>
                <td>Budi</td>
              </tr>
            </tbody>
          </table>
        </ScrollArea>
      </>,
    );
    const area = screen.getByRole('group', { name: 'Kru' });
    expect(area).toHaveAttribute('tabindex', '0');
    expect(area).toContainElement(screen.getByRole('table'));
  });
});
