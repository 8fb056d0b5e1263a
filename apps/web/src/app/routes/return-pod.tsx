import { ReturnPodRequest } from '@/features/pod/components/return-pod-request';
import ReturnPodPage from '@/features/returns/pages/return-pod-page';

/**
 * /retur/pod/:shipmentNo — a cross-area screen: the return and its collection come from the
 * returns area, the approval request outside the radius from the POD area (its queue and decisions).
 */
export default function ReturnPodRoute() {
  return <ReturnPodPage requestPanel={(slot) => <ReturnPodRequest {...slot} />} />;
}
