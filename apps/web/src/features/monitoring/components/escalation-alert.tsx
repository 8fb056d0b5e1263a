import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
// By module: the alert loads with the signed-in shell's live side, not with a page.
import type { EventData } from '@gerai/contract';
import { MONITORING_EVENT_TYPES } from '@gerai/contract/event-types';
import { ESCALATION_LEVEL, escalationReaches } from '@gerai/contract/monitoring';
import type { RoleId } from '@gerai/contract/roles';
import { useEvents } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { LiveBanner } from '@/shared/ui/live-banner';
import { orderDetailPath } from '@/shared/utils/order-ref';
import { formatDuration } from '../utils/duration';

const text = monitoringText.escalation;
/** The banner goes away by itself after this long (longer than a new order's: it is more urgent). */
export const ESCALATION_BANNER_MS = 30_000;
/** Escalations arrive in bursts (an area's stores at once, or a stream catching up): the alarm sounds once per gap. */
export const ESCALATION_RING_GAP_MS = 5_000;

type Escalation = EventData<'order.escalated'>;

/**
 * Whether an escalation rings on this phone: the level's role (escalationReaches), and for level 1 (the
 * store's phones again) only the phones working in the order's store. The stream brings only the
 * stores the member may see.
 */
export function escalationRingsHere(event: Pick<Escalation, 'level' | 'storeCode'>, roleId: RoleId, activeStoreCode: string | null): boolean {
  if (!escalationReaches(event.level, roleId)) return false;
  return event.level !== ESCALATION_LEVEL.STORE || (activeStoreCode !== null && event.storeCode === activeStoreCode);
}

/**
 * The escalation alert of the signed-in shell: a new order nobody claimed in time rings (its own
 * alarm), vibrates and shows a banner that opens the order, for the phones its level reaches. The
 * newest escalation replaces an older one. Rendered in the new-order banner's stack.
 */
export default function EscalationAlert({ roleId, storeCode }: { roleId: RoleId; storeCode: string | null }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Escalation | null>(null);
  const lastRing = useRef(Number.NEGATIVE_INFINITY);

  useEvents(MONITORING_EVENT_TYPES, (event) => {
    if (!escalationRingsHere(event.data, roleId, storeCode)) return;
    setNotice(event.data);
    const now = Date.now();
    if (now - lastRing.current < ESCALATION_RING_GAP_MS) return;
    lastRing.current = now;
    signal('escalation');
  });

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), ESCALATION_BANNER_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  return (
    <LiveBanner
      tone="alarm"
      icon="alert"
      testId="escalation-banner"
      title={t(text.title, { age: formatDuration(notice.ageMinutes) })}
      detail={t(text.detail, { shipmentNo: notice.shipmentNo, store: notice.storeCode ?? '' })}
      hint={text.open}
      onOpen={() => {
        setNotice(null);
        navigate(orderDetailPath(notice));
      }}
      onDismiss={() => setNotice(null)}
      dismissLabel={text.dismiss}
    />
  );
}
