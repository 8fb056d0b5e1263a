import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { CHANNEL_LABEL, ORDER_STATUS_LABEL, RECAP_COLUMNS, type AppId, type OrderStatusId, type Recap, type RecapQuery, type RecapTable } from '@gerai/contract';

/*
 * The recap's tables as CSV for Excel in Indonesia: UTF-8 with a BOM (else Excel reads it as the
 * local code page), `;` between fields (`,` is the decimal mark), CRLF after each record, fields with
 * `;`, quotes or line breaks quoted, decimals with a comma, rates in percent. A text cell that Excel
 * would take for a formula (= + - @, their full-width forms ＝ ＋ － ＠ which Excel reads the same, a tab or
 * CR first) starts with `'` instead.
 */

/** A cell: text (guarded against formulas), a number (decimal comma), or empty. */
type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A number as Indonesian Excel reads it: no grouping, a decimal comma. */
export function decimalComma(n: number): string {
  return String(n).replace('.', ',');
}

/** One cell's text: numbers with a decimal comma, text that could start a formula prefixed with `'`. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return decimalComma(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A 0–1 rate as a percent with at most two decimals (0.125 → 12.5). */
const percent = (rate: number) => Math.round(rate * 10_000) / 100;

/** The rows of one recap table, the same figures as the JSON, in its order; headings are RECAP_COLUMNS. */
export function recapTableRows(recap: Recap, table: RecapTable): Cell[][] {
  switch (table) {
    case 'channels':
      return recap.byChannel.map((c) => [CHANNEL_LABEL[c.appId as AppId] ?? String(c.appId), c.orders, c.completed, c.cancelled]);
    case 'statuses':
      return recap.byStatus.map((s) => [ORDER_STATUS_LABEL[s.statusId as OrderStatusId] ?? String(s.statusId), s.orders]);
    case 'crew':
      return (recap.byCrew ?? []).map((c) => [c.nik, c.name, c.storeCode, c.claimed, c.completed, c.cancelled, c.medianPackMinutes]);
    case 'completion':
      return [[recap.completion.completed, recap.completion.medianMinutes, recap.completion.p90Minutes]];
    case 'out-of-stock':
      return recap.outOfStock.map((p) => [p.productId, p.name, p.orderedQty, p.oosQty, p.lines, p.oosLines, percent(p.rate)]);
    case 'cancellations':
      return recap.cancellations.map((r) => [r.reason, r.count]);
    case 'returns':
      return recap.returns.map((r) => [r.reason, r.count]);
    case 'pod-exceptions':
      return recap.podExceptions.map((r) => [r.reason, r.count]);
  }
}

/** The table as a CSV stream (BOM, header row, records), to pipe into the reply as it is written. */
export function recapCsvStream(recap: Recap, table: RecapTable): Stringifier {
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    // csv-stringify quotes `;` and `"` by itself, and a line break only when it is the record delimiter.
    quoted_match: /[\r\n]/,
    header: true,
    columns: [...RECAP_COLUMNS[table]],
  });
  Readable.from(recapTableRows(recap, table).map((row) => row.map(cellText))).pipe(csv);
  return csv;
}

/** `rekap-<table>-<from>_<to>[-<store>].csv`: only the checked query's values, so nothing needs escaping. */
export function recapCsvFileName(table: RecapTable, q: Pick<RecapQuery, 'from' | 'to' | 'storeCode'>): string {
  return `rekap-${table}-${q.from}_${q.to}${q.storeCode ? `-${q.storeCode}` : ''}.csv`;
}
