import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushKind } from '@gerai/contract/push';
import type { PushConfig, PushDevice, PushDeviceBody } from '@gerai/contract/schemas/push';
import { api } from '@/shared/api/client';
import { pushKeys } from '../query-keys';

/** GET /api/push/config: the server's VAPID key, whether it sends FCM, the kinds this person gets and may mute, his devices. */
export function getPushConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PushConfig> {
  return api.get<PushConfig>('/push/config', { signal });
}

export const pushConfigQueryOptions = () => queryOptions({ queryKey: pushKeys.config(), queryFn: ({ signal }) => getPushConfig({ signal }), staleTime: 60_000 });

export function usePushConfig() {
  return useQuery(pushConfigQueryOptions());
}

/** PUT /api/push/devices/:deviceId: subscribe this device or refresh its subscription. */
export function putPushDevice(deviceId: string, body: PushDeviceBody): Promise<PushDevice> {
  return api.put<PushDevice>(`/push/devices/${encodeURIComponent(deviceId)}`, body);
}

/** PATCH /api/push/devices/:deviceId: the kinds this device stays quiet for (the whole list). */
export function patchMutedKinds(deviceId: string, muted: PushKind[], { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<PushDevice> {
  return api.patch<PushDevice>(`/push/devices/${encodeURIComponent(deviceId)}`, { muted }, { idempotencyKey });
}
