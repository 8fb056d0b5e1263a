import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import { orderMutationKey } from '../query-keys';

interface Shown {
  shipmentNo: string;
  statusId: number;
  /** When the screen started showing it: this phone's changes after it are its own. */
  since: number;
}

/** Whether this phone asked for a change of the order since `since` (sent, kept in the outbox, or answered). */
function changedHere(queryClient: QueryClient, shipmentNo: string, since: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: orderMutationKey(shipmentNo) })
    .some((m) => m.state.submittedAt >= since && m.state.status !== 'error');
}

/**
 * The status the detail screen has shown the crew. A change made on this phone (a
 * claim, a pack, one kept in the outbox) moves it on at once; a change made on another
 * phone is held until the crew has seen it, so the screen never silently turns into
 * another step's screen (a picking screen taking scans for an order someone else took).
 * `changedFrom` is the status shown before such a change, null when there is none.
 * `keptHere`: actions on this order still on the phone (the outbox); while there are some,
 * a change is this phone's own (after a reload the outbox loads after the cached order).
 */
export function useShownStatus(order: OrderDetail | undefined, keptHere = 0) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const shipmentNo = order?.shipmentNo;
  const statusId = order?.statusId;

  const sameOrder = shown !== null && shown.shipmentNo === shipmentNo;
  const moved = sameOrder && statusId !== undefined && shown.statusId !== statusId;
  // Decided while rendering, so a change of this phone's own never flashes the notice.
  const mine = moved && (keptHere > 0 || changedHere(queryClient, shown.shipmentNo, shown.since));

  useEffect(() => {
    if (shipmentNo === undefined || statusId === undefined) return;
    if (!sameOrder || mine) setShown({ shipmentNo, statusId, since: Date.now() });
  }, [shipmentNo, statusId, sameOrder, mine]);

  return {
    changedFrom: moved && !mine ? shown.statusId : null,
    /** The crew has seen the change: the screen follows the order again. */
    acknowledge: () => {
      if (shipmentNo !== undefined && statusId !== undefined) setShown({ shipmentNo, statusId, since: Date.now() });
    },
  };
}
