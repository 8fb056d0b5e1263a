import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS,
  PUSH_MESSAGE_STATUS,
  PUSH_TTL_SECONDS,
  pushTag,
  pushText,
  ROLE,
  type EventType,
  type PushKind,
  type PushPayload,
  type PushTarget,
  type RoleId,
} from '@gerai/contract';
import { queryRows, type Tx } from '../../db/client';
import type { AuditEntry, DomainEvent } from '../../platform/audit';
import { factsNeeded, mayPush, planFor, type Announce, type Audience, type PlanFacts, type PushStep } from './plan';

// The push outbox's writes, all inside the transaction of the change they follow: announcements to
// the devices of the people the plan names (from membership as it is now), withdrawals to the
// devices that got a tag, and the expiry of what has not gone out yet.

export function payloadOf(kind: PushKind, tag: string, words: { title: string; body: string }, open: PushTarget | null, flags: { withdraw?: boolean; renotify?: boolean } = {}): PushPayload {
  return { v: 1, kind, tag, title: words.title, body: words.body, open, withdraw: flags.withdraw ?? false, renotify: flags.renotify ?? true, at: new Date().toISOString() };
}

/**
 * The devices of `audience` that take `kind`, the actor's own left out: staff and kepala toko of the
 * store by users.store_code, area supervisors by user_stores, the helpdesk when asked. A device that
 * muted the kind is left out, except a staff member's new orders (never mutable, PUSH_KINDS).
 */
function recipients(kind: PushKind, audience: Audience, actorUserId: number | null): SQL {
  const roles = sql.raw(audience.roles.map(Number).join(',') || '0');
  return sql`select d.id, d.user_id from push_devices d join users u on u.id = d.user_id
    where u.role_id in (${roles})
      and (${actorUserId}::int is null or u.id <> ${actorUserId}::int)
      and (not d.muted @> jsonb_build_array(${kind}::text) or (u.role_id = ${ROLE.STAFF} and ${kind}::text = 'order.new'))
      and (
        (u.role_id in (${ROLE.STAFF}, ${ROLE.STORE_CHIEF}) and u.store_code = ${audience.storeCode}::text)
        or (u.role_id = ${ROLE.AREA_SUPERVISOR} and exists (select 1 from user_stores us where us.user_id = u.id and us.store_code = ${audience.storeCode}::text))
        or (u.role_id = ${ROLE.HELPDESK} and ${audience.helpdesk === true})
      )`;
}

/**
 * Devices that have the notification of `tag` on screen, or may have it any moment: an announcement
 * sent, or being sent now (claimed: its next attempt is in the future), with no withdrawal after it.
 */
const holders = (tag: string) => sql`select distinct m.device_id as id, m.user_id from push_messages m
  where m.tag = ${tag} and m.device_id is not null and not (m.payload->>'withdraw')::boolean
    and (m.status = ${PUSH_MESSAGE_STATUS.SENT} or (m.status = ${PUSH_MESSAGE_STATUS.PENDING} and m.next_attempt_at > now()))
    and not exists (select 1 from push_messages w where w.tag = m.tag and w.device_id = m.device_id and w.id > m.id
      and (w.payload->>'withdraw')::boolean and w.status in (${PUSH_MESSAGE_STATUS.PENDING}, ${PUSH_MESSAGE_STATUS.SENT}))`;

const expiresAt = (kind: PushKind) => sql`now() + make_interval(secs => ${PUSH_TTL_SECONDS[kind]})`;

/** Queues `payload` for each device of `audience`; what the same devices had pending under the tag is replaced (expired). */
async function announce(tx: Tx, step: Announce, words: { title: string; body: string }, actorUserId: number | null): Promise<number> {
  const payload = payloadOf(step.kind, step.tag, words, step.open);
  const orderId = step.shipmentNo ? sql`(select id from orders where shipment_no = ${step.shipmentNo})` : sql`null`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with r as (${recipients(step.kind, step.audience, actorUserId)}),
      replaced as (
        update push_messages m set status = ${PUSH_MESSAGE_STATUS.EXPIRED}
        from r where m.device_id = r.id and m.tag = ${step.tag} and m.status = ${PUSH_MESSAGE_STATUS.PENDING}
        returning m.id
      )
      insert into push_messages (device_id, user_id, kind, tag, ref, order_id, payload, expires_at)
      select r.id, r.user_id, ${step.kind}, ${step.tag}, ${step.ref ?? null}::text, ${orderId}, ${JSON.stringify(payload)}::jsonb, ${expiresAt(step.kind)} from r
      returning id`,
  );
  return rows.length;
}

/**
 * The object was dealt with: what has not gone out is expired ("an order claimed before its push went
 * out is not announced"), and each device that has the notification gets a withdrawal of its tag.
 */
async function withdraw(tx: Tx, kind: PushKind, tag: string): Promise<number> {
  const payload = payloadOf(kind, tag, { title: '', body: '' }, null, { withdraw: true, renotify: false });
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with got as (${holders(tag)}),
      expired as (
        update push_messages set status = ${PUSH_MESSAGE_STATUS.EXPIRED}
        where tag = ${tag} and status = ${PUSH_MESSAGE_STATUS.PENDING} and not (payload->>'withdraw')::boolean
        returning id
      )
      insert into push_messages (device_id, user_id, kind, tag, payload, expires_at)
      select got.id, got.user_id, ${kind}, ${tag}, ${JSON.stringify(payload)}::jsonb, ${expiresAt(kind)} from got
      returning id`,
  );
  return rows.length;
}

/** New orders waiting in the store now (order_status_counts, kept by the orders' triggers in this transaction). */
async function newOrderCount(tx: Tx, storeCode: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select n from order_status_counts where store_code = ${storeCode} and status_id = ${ORDER_STATUS.NEW}`);
  return row?.n ?? 0;
}

/**
 * A new order left the store's new orders (claimed, cancelled): none left, the notification is
 * withdrawn; else what is still pending says the new count, and the devices that show it get a quiet update.
 */
async function recount(tx: Tx, storeCode: string): Promise<void> {
  const tag = pushTag.orderNew(storeCode);
  const n = await newOrderCount(tx, storeCode);
  if (n === 0) {
    await withdraw(tx, 'order.new', tag);
    return;
  }
  const words = pushText.orderNew(n, storeCode);
  const update = payloadOf('order.new', tag, words, { screen: 'orders' }, { renotify: false });
  await tx.execute(sql`with got as (${holders(tag)}),
      pending as (
        update push_messages set payload = jsonb_set(jsonb_set(payload, '{body}', to_jsonb(${words.body}::text)), '{title}', to_jsonb(${words.title}::text))
        where tag = ${tag} and status = ${PUSH_MESSAGE_STATUS.PENDING} and next_attempt_at <= now() and not (payload->>'withdraw')::boolean
        returning device_id
      )
      insert into push_messages (device_id, user_id, kind, tag, payload, expires_at)
      select got.id, got.user_id, 'order.new', ${tag}, ${JSON.stringify(update)}::jsonb, ${expiresAt('order.new')} from got
      where got.id not in (select device_id from pending where device_id is not null)`);
}

async function factsFor(tx: Tx, need: 'order' | 'actor' | null, event: DomainEvent<EventType>, audit: AuditEntry): Promise<PlanFacts> {
  if (need === 'order' && 'shipmentNo' in event.payload) {
    const [order] = await queryRows<{ statusId: number; deliveryType: number }>(
      tx,
      sql`select status_id as "statusId", delivery_type as "deliveryType" from orders where shipment_no = ${event.payload.shipmentNo}`,
    );
    return { order: order ?? null };
  }
  if (need === 'actor' && audit.actorUserId !== null) {
    const [actor] = await queryRows<{ roleId: number }>(tx, sql`select role_id as "roleId" from users where id = ${audit.actorUserId}`);
    return { actorRoleId: (actor?.roleId ?? null) as RoleId | null };
  }
  return {};
}

/** Carries out the plan's steps in the change's transaction. */
export async function applySteps(tx: Tx, steps: readonly PushStep[], actorUserId: number | null): Promise<void> {
  for (const step of steps) {
    if (step.do === 'withdraw') await withdraw(tx, step.kind, step.tag);
    else if (step.do === 'recount') await recount(tx, step.storeCode);
    else {
      const words = 'orderNewCount' in step.text ? pushText.orderNew(await newOrderCount(tx, step.text.orderNewCount), step.text.orderNewCount) : step.text;
      await announce(tx, step, words, actorUserId);
    }
  }
}

/**
 * The follower recordChange calls in every change's transaction (registered at app build): an
 * event that may push is planned from the people and devices as they are now.
 */
export async function queuePushes(tx: Tx, audit: AuditEntry, event: DomainEvent<EventType>): Promise<void> {
  if (!mayPush(event.type)) return;
  const facts = await factsFor(tx, factsNeeded(event), event, audit);
  await applySteps(tx, planFor(event, facts), audit.actorUserId);
}
