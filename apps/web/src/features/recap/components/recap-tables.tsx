import type { ReactNode } from 'react';
import { RECAP_COLUMNS, type Recap, type RecapCrew, type RecapOutOfStock, type RecapReasonCount, type RecapTable as RecapTableName } from '@gerai/contract';
import { recapText } from '@/shared/i18n/recap';
import { formatNumber } from '@/shared/utils/format';
import { channelName, formatDay, formatMinutesValue, formatRateValue, statusName } from '../utils/format';
import { recapCsvHref, type RecapParams } from '../utils/range';
import { RecapTable, type RecapColumn } from './recap-table';

const text = recapText.tables;
const n = formatNumber;

type Day = Recap['byDay'][number];
type ChannelRow = Recap['byChannel'][number];
type StatusRow = Recap['byStatus'][number];
type Completion = Recap['completion'];

/**
 * A downloadable table's columns: the headings are the CSV's (RECAP_COLUMNS, one list for both), each
 * paired with its cell, in the same order.
 */
function columnsOf<T>(table: RecapTableName, cells: ReadonlyArray<Omit<RecapColumn<T>, 'header'>>): Array<RecapColumn<T>> {
  return RECAP_COLUMNS[table].map((header, i) => ({ header, ...cells[i]! }));
}

const reasonCells: ReadonlyArray<Omit<RecapColumn<RecapReasonCount>, 'header'>> = [{ cell: (r) => r.reason }, { cell: (r) => n(r.count), numeric: true }];

/** The reason counts of the recap (same two columns): each is its own CSV. */
const REASON_TABLES = [
  { table: 'cancellations', title: text.cancellations, rows: (r: Recap) => r.cancellations },
  { table: 'returns', title: text.returns, rows: (r: Recap) => r.returns },
  { table: 'pod-exceptions', title: text.podExceptions, rows: (r: Recap) => r.podExceptions },
] as const;

const sum = <T,>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

/**
 * A table downloadable as CSV: its name gives its link, its headings (with `cells`) and its test id,
 * so a table cannot show the headings of another's file.
 */
function CsvTable<T>({
  table,
  params,
  cells,
  ...shown
}: {
  table: RecapTableName;
  params: RecapParams;
  cells: ReadonlyArray<Omit<RecapColumn<T>, 'header'>>;
  title: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  footer?: ReadonlyArray<ReactNode>;
  note?: string;
  emptyText?: string;
}) {
  return <RecapTable<T> {...shown} csvHref={recapCsvHref(table, params)} columns={columnsOf(table, cells)} testId={`recap-table-${table}`} />;
}

/**
 * The recap's tables: per day (the day chart's figures), then channels, statuses, crew (kepala toko and
 * above: byCrew is null below; the whole chain's asks for a store, crewNeedsStore), completion, out-of-stock, cancellations, returns and POD exceptions, each
 * downloadable as CSV for the range and store these figures are of.
 */
export function RecapTables({ recap, params }: { recap: Recap; params: RecapParams }) {
  return (
    <div className="flex flex-col gap-3">
      <RecapTable<Day>
        title={text.byDay.title}
        csvHref={null}
        rows={recap.byDay}
        rowKey={(d) => d.date}
        columns={[
          { header: text.byDay.date, cell: (d) => formatDay(d.date) },
          { header: text.byDay.orders, cell: (d) => n(d.orders), numeric: true },
          { header: text.byDay.completed, cell: (d) => n(d.completed), numeric: true },
          { header: text.byDay.cancelled, cell: (d) => n(d.cancelled), numeric: true },
        ]}
        testId="recap-table-days"
      />
      <CsvTable<ChannelRow>
        table="channels"
        params={params}
        title={text.channels}
        rows={recap.byChannel}
        rowKey={(c) => c.appId}
        cells={[
          { cell: (c) => channelName(c.appId) },
          { cell: (c) => n(c.orders), numeric: true },
          { cell: (c) => n(c.completed), numeric: true },
          { cell: (c) => n(c.cancelled), numeric: true },
        ]}
        footer={[text.total, n(sum(recap.byChannel, (c) => c.orders)), n(sum(recap.byChannel, (c) => c.completed)), n(sum(recap.byChannel, (c) => c.cancelled))]}
      />
      <CsvTable<StatusRow>
        table="statuses"
        params={params}
        title={text.statuses}
        rows={recap.byStatus}
        rowKey={(s) => s.statusId}
        cells={[{ cell: (s) => statusName(s.statusId) }, { cell: (s) => n(s.orders), numeric: true }]}
        footer={[text.total, n(sum(recap.byStatus, (s) => s.orders))]}
      />
      {recap.byCrew || recap.crewNeedsStore ? (
        <CsvTable<RecapCrew>
          table="crew"
          params={params}
          title={text.crew}
          rows={recap.byCrew ?? []}
          emptyText={recap.crewNeedsStore ? text.crewNeedsStore : undefined}
          rowKey={(c) => c.userId}
          cells={[
            { cell: (c) => c.nik },
            { cell: (c) => c.name, wide: true },
            { cell: (c) => c.storeCode ?? '-' },
            { cell: (c) => n(c.claimed), numeric: true },
            { cell: (c) => n(c.completed), numeric: true },
            { cell: (c) => n(c.cancelled), numeric: true },
            { cell: (c) => formatMinutesValue(c.medianPackMinutes), numeric: true },
          ]}
        />
      ) : null}
      <CsvTable<Completion>
        table="completion"
        params={params}
        title={text.completion}
        note={text.completionNote}
        rows={recap.completion.completed > 0 ? [recap.completion] : []}
        rowKey={() => 'completion'}
        cells={[
          { cell: (c) => n(c.completed), numeric: true },
          { cell: (c) => formatMinutesValue(c.medianMinutes), numeric: true },
          { cell: (c) => formatMinutesValue(c.p90Minutes), numeric: true },
        ]}
      />
      <CsvTable<RecapOutOfStock>
        table="out-of-stock"
        params={params}
        title={text.outOfStock}
        rows={recap.outOfStock}
        rowKey={(p) => p.productId}
        cells={[
          { cell: (p) => p.productId },
          { cell: (p) => p.name, wide: true },
          { cell: (p) => n(p.orderedQty), numeric: true },
          { cell: (p) => n(p.oosQty), numeric: true },
          { cell: (p) => n(p.lines), numeric: true },
          { cell: (p) => n(p.oosLines), numeric: true },
          { cell: (p) => formatRateValue(p.rate), numeric: true },
        ]}
      />
      {REASON_TABLES.map(({ table, title, rows }) => (
        <CsvTable<RecapReasonCount> key={table} table={table} params={params} title={title} rows={rows(recap)} rowKey={(r) => r.reason} cells={reasonCells} />
      ))}
    </div>
  );
}
