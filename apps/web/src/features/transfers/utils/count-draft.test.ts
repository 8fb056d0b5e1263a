import { afterEach, describe, expect, it } from 'vitest';
import { TRANSFER_LIMITS } from '@gerai/contract';
import { EMPTY_COUNT, countScan, finishBody, forgetCountDraft, linesMissingReason, readCountDraft, setCount, setReason, shortLines, writeCountDraft } from './count-draft';

const lines = [
  { productId: '20001', barcode: '8991234567895', name: 'Indomie Goreng 85g', qtySent: 2 },
  { productId: '20002', barcode: '8992222333344', name: 'Aqua 600ml', qtySent: 1 },
];

afterEach(() => localStorage.clear());

describe('the count draft (receiving phone)', () => {
  it('a scan of a line adds 1 (by barcode or productId), never above what was sent; another code counts nothing', () => {
    let d = EMPTY_COUNT;
    let r = countScan(d, lines, ' 8991234567895 ');
    expect(r.outcome).toMatchObject({ kind: 'counted', n: 1 });
    d = r.draft;
    r = countScan(d, lines, '20001');
    expect(r.outcome).toMatchObject({ kind: 'counted', n: 2 });
    d = r.draft;
    r = countScan(d, lines, '8991234567895');
    expect(r.outcome.kind).toBe('full');
    expect(r.draft).toBe(d);
    r = countScan(d, lines, '8990000000001');
    expect(r.outcome).toEqual({ kind: 'unknown', code: '8990000000001' });
    expect(r.draft.counts).toEqual({ '20001': 2 });
  });

  it('a count typed stays between 0 and what was sent', () => {
    expect(setCount(EMPTY_COUNT, lines[0]!, 9).counts['20001']).toBe(2);
    expect(setCount(EMPTY_COUNT, lines[0]!, -3).counts['20001']).toBe(0);
  });

  it('a short line needs a reason, and "Lainnya" its note; the body carries reasons only on short lines', () => {
    let d = setCount(EMPTY_COUNT, lines[0]!, 2);
    expect(shortLines(lines, d).map((l) => l.productId)).toEqual(['20002']);
    expect(linesMissingReason(lines, d)).toHaveLength(1);
    d = setReason(d, '20002', { reason: 'other', note: '  ' });
    expect(linesMissingReason(lines, d)).toHaveLength(1);
    // A note past the server's limit (TRANSFER_LIMITS.noteMax) is kept whole but holds the line, as the server would refuse it.
    d = setReason(d, '20002', { reason: 'other', note: 'x'.repeat(TRANSFER_LIMITS.noteMax + 1) });
    expect(linesMissingReason(lines, d)).toHaveLength(1);
    d = setReason(d, '20002', { reason: 'other', note: ' Botol pecah ' });
    expect(linesMissingReason(lines, d)).toHaveLength(0);
    // A reason left on a line counted full afterwards is not sent.
    d = setReason(d, '20001', { reason: 'damaged', note: '' });
    expect(finishBody(lines, d)).toEqual({
      lines: [
        { productId: '20001', qtyReceived: 2 },
        { productId: '20002', qtyReceived: 0, reason: 'other', note: 'Botol pecah' },
      ],
    });
  });

  it('is kept on the phone per transfer, and unreadable entries count as nothing', () => {
    const d = setReason(setCount(EMPTY_COUNT, lines[0]!, 1), '20001', { reason: 'missing', note: '' });
    writeCountDraft('MAT1', d);
    expect(readCountDraft('MAT1')).toEqual(d);
    expect(readCountDraft('MAT2')).toEqual(EMPTY_COUNT);
    localStorage.setItem('gerai.mat.count.MAT3', JSON.stringify({ counts: { '20001': -1, '20002': 'x' }, reasons: { '20001': { reason: 'stolen', note: 5 } } }));
    expect(readCountDraft('MAT3')).toEqual({ counts: {}, reasons: { '20001': { reason: null, note: '' } } });
    forgetCountDraft('MAT1');
    expect(readCountDraft('MAT1')).toEqual(EMPTY_COUNT);
  });
});
