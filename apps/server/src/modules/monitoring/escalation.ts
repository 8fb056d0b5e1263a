import { and, asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ESCALATION_REASON, ORDER_STATUS, ROLE, type EscalationLevel } from '@gerai/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderEscalations, orders } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import type { Principal } from '../../platform/principal';
import { appendOrderHistory, lockOrderRow } from '../orders';
import { ageMinutes, arrivedBy, LEVELS_IN_ORDER, monitoringSettings, type MonitoringConfig } from './settings';

/** The history and audit action of an escalation (the order's status does not change). */
export const ESCALATE_ACTION = 'escalate';
/** The history and audit reason of an escalation to `level`. */
export const escalationReason = (level: EscalationLevel) => ESCALATION_REASON[level];

/** The job acts for nobody; it may lock any store's order (lockOrderRow scopes by its principal, and only by its stores). */
const EVERY_STORE: Principal = { userId: 0, nik: '', name: '', roleId: ROLE.SUPER_USER, homeStoreCode: null, activeStoreCode: null, storeCodes: 'all' };

/** Orders looked at per statement; a run takes batches until none is left. */
const BATCH = 200;

/**
 * One pass of the escalation job: every new order (1101, any store) that has reached a level's minutes
 * since arrival without that level is escalated to each level due, in one transaction per order: the
 * order row locked and re-read (claimed meanwhile: nothing), each missing level inserted once (the
 * primary key decides between processes running at the same time), and for each level written a history
 * row, an audit row and the 'order.escalated' event on the order's store. The status never changes.
 * Returns the number of levels written.
 */
export async function escalateDue(db: Db, config: MonitoringConfig, now = new Date()): Promise<number> {
  const { escalation } = monitoringSettings(config);
  const byLevel = LEVELS_IN_ORDER.map((level) => ({ level, arrivedBy: arrivedBy(now, escalation[level]) }));
  // The highest level due for an order's arrival, and whether all levels up to it are there.
  const dueLevel = sql`case ${sql.join(
    [...byLevel].reverse().map((l) => sql`when ${orders.createdAt} <= ${l.arrivedBy} then ${l.level}`),
    sql` `,
  )} else 0 end`;
  const missing = sql`(select count(*) from ${orderEscalations} where ${orderEscalations.orderId} = ${orders.id} and ${orderEscalations.level} <= ${dueLevel}) < ${dueLevel}`;
  let written = 0;
  let lastId = 0;
  const failures: unknown[] = [];
  for (;;) {
    const due = await db
      .select({ id: orders.id, shipmentNo: orders.shipmentNo })
      .from(orders)
      .where(
        and(
          // Written out, so the planner matches the partial index orders_live_status_created_idx.
          sql`${orders.statusId} in (${sql.raw(String(ORDER_STATUS.NEW))})`,
          sql`${orders.createdAt} <= ${byLevel[0]!.arrivedBy}`,
          sql`${orders.id} > ${lastId}`,
          missing,
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH);
    for (const order of due) {
      try {
        written += await escalateOrder(db, order.shipmentNo, byLevel, now);
      } catch (err) {
        // One order's failure (a deadlock, a lost connection) must not hold back the others; the next run retries it.
        failures.push(err);
      }
    }
    if (due.length < BATCH) break;
    lastId = due.at(-1)!.id;
  }
  if (failures.length > 0) throw new Error(`escalation failed for ${failures.length} order(s); ${written} level(s) written`, { cause: failures[0] });
  return written;
}

async function escalateOrder(db: Db, shipmentNo: string, byLevel: ReadonlyArray<{ level: EscalationLevel; arrivedBy: Date }>, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, EVERY_STORE, shipmentNo);
    // Claimed (or cancelled) since it was found: nobody waits on it any more.
    if (!order || order.statusId !== ORDER_STATUS.NEW) return 0;
    const due = byLevel.filter((l) => order.createdAt <= l.arrivedBy).map((l) => ({ orderId: order.id, level: l.level }));
    if (due.length === 0) return 0;
    const inserted = await tx.insert(orderEscalations).values(due).onConflictDoNothing().returning({ level: orderEscalations.level });
    for (const { level } of [...inserted].sort((a, b) => a.level - b.level)) {
      const reason = escalationReason(level);
      await appendOrderHistory(tx, { orderId: order.id, statusId: ORDER_STATUS.NEW, action: ESCALATE_ACTION, reason });
      await recordChange(
        tx,
        { actorUserId: null, entity: 'order', entityId: order.shipmentNo, action: ESCALATE_ACTION, fromValue: String(ORDER_STATUS.NEW), toValue: String(ORDER_STATUS.NEW), reason },
        {
          storeCode: order.storeCode,
          type: 'order.escalated',
          payload: {
            shipmentNo: order.shipmentNo,
            orderNo: order.orderNo,
            appId: order.appId,
            deliveryType: order.deliveryType,
            statusId: ORDER_STATUS.NEW,
            level,
            ageMinutes: ageMinutes(now, order.createdAt),
          },
        },
      );
    }
    return inserted.length;
  });
}

export type EscalationJobConfig = MonitoringConfig & Pick<Config, 'ESCALATION_POLL_SECONDS'>;

export interface EscalationJob {
  /** A pass now, after the one in progress (if any); resolves with the levels it wrote. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the pass in progress. */
  stop(): Promise<void>;
}

/** The first pass this soon after start (or at the poll interval, if shorter): orders that went late while no server ran. */
const FIRST_RUN_MS = 1_000;

/**
 * The escalation job as the server runs it (main.ts): a pass every ESCALATION_POLL_SECONDS, the first soon
 * after start, never two at once in one process (processes running it together are kept apart by the
 * primary key). A failing pass is logged and the next one tries again. `escalate` is the pass (tests
 * give their own to watch the timing).
 */
export function startEscalations(
  db: Db,
  config: EscalationJobConfig,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  escalate: (db: Db, config: MonitoringConfig, now?: Date) => Promise<number> = escalateDue,
): EscalationJob {
  const pollMs = config.ESCALATION_POLL_SECONDS * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = (): Promise<number> => {
    const pass = running.then(() => (stopped ? 0 : escalate(db, config, new Date())));
    running = pass.then(
      (written) => {
        if (written > 0) log.info({ escalated: written }, 'unclaimed orders escalated');
      },
      (err: unknown) => log.error({ err }, 'order escalation failed'),
    );
    return pass;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce()
        .catch(() => undefined)
        .finally(() => schedule(pollMs));
    }, ms);
    timer.unref();
  };
  schedule(Math.min(FIRST_RUN_MS, pollMs));
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
