import { bookingsLive } from '@/features/bookings/live';
import { cancellationsLive } from '@/features/cancellations/live';
import { chatLive } from '@/features/chat/live';
import { helpdeskLive } from '@/features/helpdesk/live';
import { monitoringLive } from '@/features/monitoring/live';
import { ordersLive } from '@/features/orders/live';
import { podLive } from '@/features/pod/live';
import { returnsLive } from '@/features/returns/live';
import { stockLive } from '@/features/stock/live';
import { transfersLive } from '@/features/transfers/live';
import type { LiveDeclaration } from '@/shared/events/live-rule';

/** Every area's live-update declaration (`features/<area>/live.ts`): what the shell's one subscriber applies. */
export const LIVE_AREAS: readonly LiveDeclaration[] = [ordersLive, podLive, cancellationsLive, returnsLive, bookingsLive, transfersLive, helpdeskLive, chatLive, stockLive, monitoringLive];
