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

const sum = <T,>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

/**
 * The recap's tables: per day (the day chart's figures), then channels, statuses, crew (kepala toko and
 * above: byCrew is null below), completion, out-of-stock, cancellations, returns and POD exceptions, each
 * downloadable as CSV for the range and store these figures are of.
 */
export function RecapTables({ recap, params }: { recap: Recap; params: RecapParams }) {
  const csv = (table: RecapTableName) => recapCsvHref(table, params);

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
      <RecapTable<ChannelRow>
        title={text.channels}
        csvHref={csv('channels')}
        rows={recap.byChannel}
        rowKey={(c) => c.appId}
        columns={columnsOf<ChannelRow>('channels', [
          { cell: (c) => channelName(c.appId) },
          { cell: (c) => n(c.orders), numeric: true },
          { cell: (c) => n(c.completed), numeric: true },
          { cell: (c) => n(c.cancelled), numeric: true },
        ])}
        footer={[text.total, n(sum(recap.byChannel, (c) => c.orders)), n(sum(recap.byChannel, (c) => c.completed)), n(sum(recap.byChannel, (c) => c.cancelled))]}
        testId="recap-table-channels"
      />
      <RecapTable<StatusRow>
        title={text.statuses}
        csvHref={csv('statuses')}
        rows={recap.byStatus}
        rowKey={(s) => s.statusId}
        columns={columnsOf<StatusRow>('statuses', [{ cell: (s) => statusName(s.statusId) }, { cell: (s) => n(s.orders), numeric: true }])}
        footer={[text.total, n(sum(recap.byStatus, (s) => s.orders))]}
        testId="recap-table-statuses"
      />
      {recap.byCrew ? (
        <RecapTable<RecapCrew>
          title={text.crew}
          csvHref={csv('crew')}
          rows={recap.byCrew}
          rowKey={(c) => c.userId}
          columns={columnsOf<RecapCrew>('crew', [
            { cell: (c) => c.nik },
            { cell: (c) => c.name, wide: true },
            { cell: (c) => c.storeCode ?? '-' },
            { cell: (c) => n(c.claimed), numeric: true },
            { cell: (c) => n(c.completed), numeric: true },
            { cell: (c) => n(c.cancelled), numeric: true },
            { cell: (c) => formatMinutesValue(c.medianPackMinutes), numeric: true },
          ])}
          testId="recap-table-crew"
        />
      ) : null}
      <RecapTable<Completion>
        title={text.completion}
        csvHref={csv('completion')}
        note={text.completionNote}
        rows={recap.completion.completed > 0 ? [recap.completion] : []}
        rowKey={() => 'completion'}
        columns={columnsOf<Completion>('completion', [
          { cell: (c) => n(c.completed), numeric: true },
          { cell: (c) => formatMinutesValue(c.medianMinutes), numeric: true },
          { cell: (c) => formatMinutesValue(c.p90Minutes), numeric: true },
        ])}
        testId="recap-table-completion"
      />
      <RecapTable<RecapOutOfStock>
        title={text.outOfStock}
        csvHref={csv('out-of-stock')}
        rows={recap.outOfStock}
        rowKey={(p) => p.productId}
        columns={columnsOf<RecapOutOfStock>('out-of-stock', [
          { cell: (p) => p.productId },
          { cell: (p) => p.name, wide: true },
          { cell: (p) => n(p.orderedQty), numeric: true },
          { cell: (p) => n(p.oosQty), numeric: true },
          { cell: (p) => n(p.lines), numeric: true },
          { cell: (p) => n(p.oosLines), numeric: true },
          { cell: (p) => formatRateValue(p.rate), numeric: true },
        ])}
        testId="recap-table-out-of-stock"
      />
      <RecapTable<RecapReasonCount>
        title={text.cancellations}
        csvHref={csv('cancellations')}
        rows={recap.cancellations}
        rowKey={(r) => r.reason}
        columns={columnsOf('cancellations', reasonCells)}
        testId="recap-table-cancellations"
      />
      <RecapTable<RecapReasonCount>
        title={text.returns}
        csvHref={csv('returns')}
        rows={recap.returns}
        rowKey={(r) => r.reason}
        columns={columnsOf('returns', reasonCells)}
        testId="recap-table-returns"
      />
      <RecapTable<RecapReasonCount>
        title={text.podExceptions}
        csvHref={csv('pod-exceptions')}
        rows={recap.podExceptions}
        rowKey={(r) => r.reason}
        columns={columnsOf('pod-exceptions', reasonCells)}
        testId="recap-table-pod-exceptions"
      />
    </div>
  );
}
