import type { ReturnDetail, ReturnPodBody } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

/** The return POD: the contract's body, the same proof fields as scan and go (where the phone was, as captured, and who handed the goods over). "Lainnya"'s text may be left out (the schema reads it as undefined). */
export type CollectReturnInput = Omit<ReturnPodBody, 'receiverOther'> & Partial<Pick<ReturnPodBody, 'receiverOther'>>;

/**
 * POST /api/returns/:shipmentNo/pod → the return (collected): the goods of a delivery order
 * taken back at the customer's address, the location checked like scan and go. Outside the
 * radius: 422 POD_OUTSIDE_AREA; a poor fix: 422 POD_ACCURACY_TOO_LOW; a fix too old on arrival:
 * 422 POD_CAPTURE_TOO_OLD; a pickup order: 422 RETURN_POD_PICKUP_ORDER.
 */
export function useCollectReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, CollectReturnInput>) {
  return useApiMutation<ReturnDetail, CollectReturnInput>({
    ...returnChange(shipmentNo),
    ...options,
    action: { kind: 'return.collect', request: (body) => ({ method: 'POST', path: `/returns/${encodeURIComponent(shipmentNo)}/pod`, body: { ...body } }) },
  });
}
