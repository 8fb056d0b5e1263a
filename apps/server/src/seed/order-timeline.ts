import type { Faker } from '@faker-js/faker';
import { ESCALATION_DEFAULT_MINUTES, ESCALATION_LEVELS, ESCALATION_REASON, ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import type { SeedOrder } from './orders';

const MINUTE = 60_000;
const S = ORDER_STATUS;

/** Steps each status went through after intake, with typical durations in minutes. */
export type Step = 'claim' | 'pack' | 'complete' | 'archive' | 'cancel';
const PATH: Record<OrderStatusId, Step[]> = {
  1101: [],
  1102: ['claim'],
  1103: ['claim', 'pack'],
  1104: ['claim', 'pack', 'complete'],
  1105: ['claim', 'pack', 'complete', 'archive'],
  1106: ['cancel'],
  1107: ['cancel', 'archive'],
};
const STEP_MINUTES: Record<Step, [number, number]> = { claim: [2, 15], pack: [5, 25], complete: [15, 120], archive: [60, 720], cancel: [5, 90] };

/** How many status changes an order in this status has had since intake (its row version is one more). */
export const stepCount = (statusId: OrderStatusId) => PATH[statusId].length;

export function drawStepMinutes(faker: Faker, statusId: OrderStatusId): number[] {
  return PATH[statusId].map((step) => faker.number.int({ min: STEP_MINUTES[step][0], max: STEP_MINUTES[step][1] }));
}

export interface Timeline {
  createdAt: Date;
  updatedAt: Date;
  /** When each step of the order's path was taken. */
  at: Partial<Record<Step, Date>>;
}

/** Real-world step durations from intake, squeezed if they would run past now. */
export function timeline(now: Date, ageMinutes: number, statusId: OrderStatusId, stepMinutes: number[]): Timeline {
  const created = now.getTime() - ageMinutes * MINUTE;
  const totalSteps = stepMinutes.reduce((a, b) => a + b, 0);
  const scale = totalSteps > ageMinutes * 0.95 ? (ageMinutes * 0.95) / totalSteps : 1;
  const at: Partial<Record<Step, Date>> = {};
  let t = created;
  PATH[statusId].forEach((step, i) => {
    t += stepMinutes[i]! * scale * MINUTE;
    at[step] = new Date(Math.round(t));
  });
  return { createdAt: new Date(created), updatedAt: new Date(Math.round(t)), at };
}

interface HistoryInput {
  orderId: number;
  appId: number;
  statusId: OrderStatusId;
  time: Timeline;
  picker: number | null;
  approver: number | null;
  reasonLabel: string;
}

/** The intake row, then one row per step of the order's path. */
export function statusHistory(o: HistoryInput): SeedOrder['history'] {
  const history: SeedOrder['history'] = [{ orderId: o.orderId, fromStatus: null, toStatus: S.NEW, actorUserId: null, action: 'received', reason: `channel ${o.appId}`, createdAt: o.time.createdAt }];
  let current: OrderStatusId = S.NEW;
  for (const step of PATH[o.statusId]) {
    const to = nextStatus(current, step);
    history.push({
      orderId: o.orderId,
      fromStatus: current,
      toStatus: to,
      actorUserId: step === 'cancel' ? (o.approver ?? o.picker) : o.picker,
      action: step === 'complete' ? 'confirm' : step,
      reason: step === 'cancel' ? o.reasonLabel : null,
      createdAt: o.time.at[step]!,
    });
    current = to;
  }
  return history;
}

/** The levels an unclaimed new order has already reached, each with its history row, as the escalation job would have left them. */
export function escalations(orderId: number, statusId: OrderStatusId, createdAt: Date, now: Date): Pick<SeedOrder, 'escalations' | 'history'> {
  const out: Pick<SeedOrder, 'escalations' | 'history'> = { escalations: [], history: [] };
  if (statusId !== S.NEW) return out;
  for (const level of ESCALATION_LEVELS) {
    const at = new Date(createdAt.getTime() + ESCALATION_DEFAULT_MINUTES[level] * 60_000);
    if (at > now) continue;
    out.escalations.push({ orderId, level, createdAt: at });
    out.history.push({ orderId, fromStatus: S.NEW, toStatus: S.NEW, actorUserId: null, action: 'escalate', reason: ESCALATION_REASON[level], createdAt: at });
  }
  return out;
}

function nextStatus(from: OrderStatusId, step: Step): OrderStatusId {
  switch (step) {
    case 'claim':
      return S.PACKING;
    case 'pack':
      return S.IN_PROGRESS;
    case 'complete':
      return S.COMPLETED;
    case 'cancel':
      return S.CANCELLED;
    case 'archive':
      return from === S.CANCELLED ? S.HISTORY_CANCELLED : S.HISTORY;
  }
}
