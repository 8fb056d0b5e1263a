import { describe, expect, it } from 'vitest';
import { availableActions } from './order-actions';
import { ORDER_FLOW } from './order-flow';
import { returnActions } from './return-flow';
import { ROLE } from './roles';
import { DELIVERY_TYPE, ORDER_STATUS } from './statuses';
import { ticketMoves, ticketStep } from './ticket-flow';
import { transferActions } from './transfer-flow';
import { actionsFor, admits, stepOf } from './workflow';

const S = ORDER_STATUS;
const { PICKUP, DELIVERY } = DELIVERY_TYPE;
const PICKING = ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack'];

describe('the generic lookups', () => {
  it('find a step by action and from-status, and the actions an actor may take', () => {
    expect(stepOf(ORDER_FLOW, 'archive', S.CANCELLED)?.to).toBe(S.HISTORY_CANCELLED);
    expect(stepOf(ORDER_FLOW, 'archive', S.NEW)).toBeUndefined();
    expect(actionsFor(ORDER_FLOW, S.IN_PROGRESS, { roleId: ROLE.STAFF })).toEqual(['confirm']);
    expect(actionsFor(ORDER_FLOW, S.IN_PROGRESS, { roleId: ROLE.STORE_CHIEF, deliveryType: DELIVERY })).toEqual(['confirm']);
    expect(actionsFor(ORDER_FLOW, S.IN_PROGRESS, { roleId: ROLE.AREA_SUPERVISOR, deliveryType: DELIVERY })).toEqual(['confirm', 'cancel']);
  });

  it('admit by side and by role; a rule part the actor cannot show refuses', () => {
    expect(admits({ sides: ['sender'] }, { sides: ['receiver', 'sender'] })).toBe(true);
    expect(admits({ sides: ['sender'] }, {})).toBe(false);
    expect(admits({ minRole: ROLE.STORE_CHIEF }, {})).toBe(false);
    expect(admits({ minRole: ROLE.STORE_CHIEF, minRoleDelivery: ROLE.AREA_SUPERVISOR }, { roleId: ROLE.STORE_CHIEF })).toBe(true);
  });
});

// The screens' actions come from the tables; these are what every screen offered before the tables were one shape.
describe("an order's actions (ORDER_FLOW by the screens' names)", () => {
  it.each([
    [S.NEW, PICKUP, {}, ['claim']],
    [S.NEW, PICKUP, { roleId: ROLE.STAFF }, ['claim', 'requestCancel']],
    [S.NEW, PICKUP, { roleId: ROLE.STORE_CHIEF }, ['claim', 'cancel']],
    [S.NEW, PICKUP, { roleId: ROLE.STORE_CHIEF, cancelPending: true }, ['claim']],
    [S.PACKING, DELIVERY, { roleId: ROLE.STORE_CHIEF }, [...PICKING, 'cancel']],
    [S.IN_PROGRESS, PICKUP, { roleId: ROLE.STAFF }, ['handover', 'requestCancel']],
    [S.IN_PROGRESS, DELIVERY, { roleId: ROLE.STORE_CHIEF }, ['requestCancel']],
    [S.IN_PROGRESS, DELIVERY, { roleId: ROLE.AREA_SUPERVISOR }, ['cancel']],
    [S.COMPLETED, PICKUP, { roleId: ROLE.SUPER_USER }, ['finish']],
    [S.COMPLETED, DELIVERY, { roleId: ROLE.STAFF, returnable: true }, ['finish', 'requestReturn']],
    [S.HISTORY, PICKUP, { returnable: true }, ['requestReturn']],
    [S.CANCELLED, PICKUP, { roleId: ROLE.STORE_CHIEF }, ['archiveCancelled']],
    [S.HISTORY_CANCELLED, PICKUP, { roleId: ROLE.SUPER_USER }, []],
  ] as const)('%i (delivery type %i, %o): %o', (status, deliveryType, ctx, expected) => {
    expect(availableActions(status, deliveryType, ctx)).toEqual(expected);
  });
});

describe("a ticket's moves (TICKET_FLOW)", () => {
  it('offers the helpdesk and the store their own moves, the reopen only within its window', () => {
    expect(ticketMoves('open', 'helpdesk', true)).toEqual(['in_progress', 'resolved']);
    expect(ticketMoves('open', 'store', true)).toEqual(['closed']);
    expect(ticketMoves('in_progress', 'helpdesk', true)).toEqual(['resolved']);
    expect(ticketMoves('in_progress', 'store', true)).toEqual([]);
    expect(ticketMoves('resolved', 'store', true)).toEqual(['closed', 'in_progress']);
    expect(ticketMoves('resolved', 'store', false)).toEqual(['closed']);
    expect(ticketMoves('resolved', 'helpdesk', true)).toEqual(['closed']);
    expect(ticketMoves('closed', 'helpdesk', true)).toEqual([]);
    expect(ticketStep('open', 'closed', 'helpdesk')).toBeUndefined();
    expect(ticketStep('resolved', 'closed', 'helpdesk')?.action).toBe('close');
  });
});

describe("a transfer's actions (TRANSFER_FLOW)", () => {
  it('follows the PIN lock', () => {
    expect(transferActions('new', false, ['sender'])).toEqual(['cancel', 'reissue']);
    expect(transferActions('new', false, ['receiver'])).toEqual(['confirm']);
    expect(transferActions('new', false, ['supervisor'])).toEqual([]);
    expect(transferActions('new', true, ['sender'])).toEqual(['cancel']);
    expect(transferActions('new', true, ['receiver', 'supervisor'])).toEqual(['unlock']);
    expect(transferActions('process', false, ['receiver'])).toEqual(['finish']);
    expect(transferActions('finish', false, ['sender', 'receiver', 'supervisor'])).toEqual([]);
  });
});

describe("a return's actions (RETURN_FLOW)", () => {
  it('follows the role and the delivery type', () => {
    expect(returnActions('requested', PICKUP, ROLE.STORE_CHIEF)).toEqual(['approve', 'reject']);
    expect(returnActions('requested', PICKUP, ROLE.STAFF)).toEqual([]);
    expect(returnActions('approved', DELIVERY, ROLE.STAFF)).toEqual(['collect']);
    expect(returnActions('approved', PICKUP, ROLE.STAFF)).toEqual(['receive']);
    expect(returnActions('collected', DELIVERY, ROLE.STAFF)).toEqual(['receive']);
    expect(returnActions('received', DELIVERY, ROLE.STORE_CHIEF)).toEqual(['refund']);
    expect(returnActions('received', DELIVERY, ROLE.STAFF)).toEqual([]);
  });
});
