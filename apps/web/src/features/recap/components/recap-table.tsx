import type { ReactNode } from 'react';
import { recapText } from '@/shared/i18n/recap';
import { ScrollArea } from '@/shared/ui/scroll-area';
import { cn } from '@/shared/utils/cn';
import { CsvLink } from './csv-link';

export interface RecapColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures, on one line. */
  numeric?: boolean;
  /** A name that needs room (a product's, a person's): a wide table then scrolls sideways on a phone rather than squeeze it. */
  wide?: boolean;
}

/**
 * One table of the recap: its title, its CSV download (when the server offers one), the rows or the
 * empty state. Rows never split across printed pages (index.css); a wide table scrolls sideways on a phone.
 */
export function RecapTable<T>({
  title,
  csvHref,
  rows,
  columns,
  rowKey,
  footer,
  note,
  emptyText = recapText.empty,
  testId,
}: {
  title: string;
  csvHref: string | null;
  rows: readonly T[];
  columns: ReadonlyArray<RecapColumn<T>>;
  rowKey: (row: T) => string | number;
  /** A total row, as cells under the columns. */
  footer?: ReadonlyArray<ReactNode>;
  note?: string;
  /** What an empty table says (no data in the range, unless told otherwise). */
  emptyText?: string;
  testId: string;
}) {
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl bg-white p-3 print:p-0" data-testid={testId}>
      <div className="flex items-center gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 text-base font-semibold text-slate-900">
          {title}
        </h3>
        {csvHref && rows.length > 0 ? <CsvLink href={csvHref} title={title} testId={`${testId}-csv`} /> : null}
      </div>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="py-3 text-sm text-slate-500" data-testid={`${testId}-empty`}>
          {emptyText}
        </p>
      ) : (
        <ScrollArea labelledBy={headingId} className="-mx-3 px-3 print:mx-0 print:overflow-visible print:px-0">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left text-xs text-slate-600">
                {columns.map((col) => (
                  <th key={col.header} scope="col" className={cn('px-2 py-2 font-semibold first:pl-0 last:pr-0', col.numeric && 'text-right')}>
                    {col.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-slate-100 align-top">
                  {columns.map((col, i) => {
                    const Cell = i === 0 ? 'th' : 'td';
                    return (
                      <Cell key={col.header} scope={i === 0 ? 'row' : undefined} className={cn('px-2 py-2 text-left font-normal first:pl-0 last:pr-0', col.numeric && 'text-right whitespace-nowrap tabular-nums', col.wide && 'min-w-36 print:min-w-0')}>
                        {col.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            {footer ? (
              <tfoot>
                <tr className="border-t border-slate-300 font-semibold">
                  {footer.map((cell, i) => {
                    const Cell = i === 0 ? 'th' : 'td';
                    return (
                      <Cell key={i} scope={i === 0 ? 'row' : undefined} className={cn('px-2 py-2 text-left first:pl-0 last:pr-0', columns[i]?.numeric && 'text-right tabular-nums')}>
                        {cell}
                      </Cell>
                    );
                  })}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
