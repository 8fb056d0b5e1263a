import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, ERROR_MESSAGES } from '@gerai/contract';
import { BOOKING_REFUSALS } from '@/features/bookings/refusals';
import { CANCEL_REFUSALS } from '@/features/cancellations/refusals';
import { CHAT_REFUSALS, CHAT_STALE_CODES } from '@/features/chat/refusals';
import { HELPDESK_REFUSALS } from '@/features/helpdesk/refusals';
import { ORDER_REFUSALS, ORDER_STALE_CODES, PICKING_REFUSALS } from '@/features/orders/refusals';
import { POD_APPROVAL_REFUSALS, POD_REFUSALS } from '@/features/pod/refusals';
import { RETURN_REFUSALS } from '@/features/returns/refusals';
import { TRANSFER_REFUSALS } from '@/features/transfers/refusals';
import { ApiError } from './api-error';
import { codesOf, refusalModal, sayRefusal, type RefusalTable } from './refusal';

/** Each area's table(s), by the name its server module has (`apps/server/src/modules/<area>`). */
const TABLES: Record<string, readonly RefusalTable[]> = {
  bookings: [BOOKING_REFUSALS],
  cancellations: [CANCEL_REFUSALS],
  chat: [CHAT_REFUSALS],
  helpdesk: [HELPDESK_REFUSALS],
  orders: [ORDER_REFUSALS, PICKING_REFUSALS],
  pod: [POD_REFUSALS, POD_APPROVAL_REFUSALS],
  returns: [RETURN_REFUSALS],
  transfers: [TRANSFER_REFUSALS],
};

const MODULES = join(__dirname, '../../../../server/src/modules');

/** A module's side that answers the sales channel, never a phone (chat's `channel.ts`, `channel-routes.ts`): no table says its refusals. */
const channelSide = (file: string) => /(^|\/)channel(-[a-z]+)?\.ts$/.test(file);

/** The codes an area's server module refuses with (`new AppError('CODE'`), its tests and its channel side left out. */
function codesThrownBy(area: string): string[] {
  const dir = join(MODULES, area);
  const codes = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || channelSide(file)) continue;
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/AppError\(\s*'([A-Z_]+)'/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

describe('refusal tables', () => {
  it.each(Object.entries(TABLES))('%s: every entry names a code of the contract', (_area, tables) => {
    for (const table of tables) for (const code of Object.keys(table)) expect(ERROR_MESSAGES, code).toHaveProperty(code);
  });

  it.each(Object.entries(TABLES))('%s: every code its server module refuses with has an entry', (area, tables) => {
    const thrown = codesThrownBy(area);
    expect(thrown.length).toBeGreaterThan(0);
    const named = new Set(tables.flatMap((t) => Object.keys(t)));
    expect(thrown.filter((code) => !named.has(code))).toEqual([]);
  });
});

describe('sayRefusal', () => {
  const stockShort = new ApiError({
    status: 409,
    code: 'TRANSFER_STOCK_SHORT',
    message: ERROR_MESSAGES.TRANSFER_STOCK_SHORT,
    details: [
      { path: 'body.lines.0.qty', message: ERROR_DETAILS.transferStockShort('Indomie Goreng', 1, 2), productId: '20001' },
      { path: 'body.lines.1.qty', message: ERROR_DETAILS.transferStockShort('Indomie Goreng Jumbo', 0, 1), productId: '20009' },
    ],
  });

  it('places a line refusal on the lines the details name by id, whatever their words say', () => {
    const said = sayRefusal(TRANSFER_REFUSALS, stockShort);
    expect(said).toMatchObject({ show: 'line', known: true });
    expect(said.lines).toEqual({
      '20001': 'Stok Indomie Goreng tinggal 1, tidak cukup untuk mengirim 2.',
      '20009': 'Stok Indomie Goreng Jumbo tinggal 0, tidak cukup untuk mengirim 1.',
    });
  });

  it('a code the table does not name takes the screen’s fallback; no reply keeps the connection’s words', () => {
    expect(sayRefusal(CANCEL_REFUSALS, new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'x' }))).toMatchObject({ show: 'modal', known: false, plain: true });
    const offline = sayRefusal(CANCEL_REFUSALS, new ApiError({ status: 0, code: 'NETWORK', message: 'x' }), { show: 'form', words: 'code' });
    expect(offline).toMatchObject({ show: 'form', clientSide: true });
    expect(offline.text).toContain('Tidak dapat terhubung');
  });

  it('a modal entry gives its title, picture and close type; the words are the code’s sentence and the particulars', () => {
    const error = new ApiError({ status: 409, code: 'BOOKING_STATUS_CHANGED', message: 'x', details: [{ path: '', message: ERROR_DETAILS.bookingStatusChangedTo('Diambil') }] });
    expect(refusalModal(sayRefusal(BOOKING_REFUSALS, error), error)).toMatchObject({
      title: 'Status booking berubah',
      imageType: 'warning',
      actionsType: 'close-modal',
      message: `${ERROR_MESSAGES.BOOKING_STATUS_CHANGED}\n${ERROR_DETAILS.bookingStatusChangedTo('Diambil')}`,
    });
  });
});

describe('codesOf', () => {
  it('names each code whose entry says so once, over several tables: what the orders and chat plans read again after', () => {
    expect([...ORDER_STALE_CODES].sort()).toEqual(['BOOKING_PENDING', 'CONFLICT', 'LINES_UNRESOLVED', 'NOT_FOUND', 'OOS_EXCEEDS_REMAINING', 'ORDER_ALREADY_CLAIMED', 'ORDER_STATUS_CHANGED', 'QUANTITY_EXCEEDS_ORDER']);
    expect([...CHAT_STALE_CODES].sort()).toEqual(['CHAT_READ_ONLY', 'CHAT_ROOM_NOT_FOUND', 'NOT_FOUND']);
    expect(codesOf([TRANSFER_REFUSALS, TRANSFER_REFUSALS], (entry) => entry.show === 'field')).toEqual(['TRANSFER_SAME_STORE', 'STORE_UNKNOWN', 'TRANSFER_PIN_WRONG', 'TRANSFER_QR_INVALID']);
  });
});
