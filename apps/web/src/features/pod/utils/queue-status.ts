import { POD_APPROVAL_STATUSES, type PodApprovalStatus } from '@gerai/contract';

/** The queue's status tab from `?status=`; anything else is "Menunggu" (pending). */
export function parseStatus(value: string | null): PodApprovalStatus {
  return (POD_APPROVAL_STATUSES as readonly string[]).includes(value ?? '') ? (value as PodApprovalStatus) : 'pending';
}
