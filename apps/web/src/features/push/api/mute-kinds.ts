import type { PushKind } from '@gerai/contract/push';
import type { PushConfig, PushDevice } from '@gerai/contract/schemas/push';
import { replaceCached, useApiMutation } from '@/shared/api/use-api-mutation';
import { pushKeys } from '../query-keys';
import { patchMutedKinds } from './push-api';

export interface MuteKindsInput {
  muted: PushKind[];
}

/** PATCH /api/push/devices/:deviceId { muted }: this device's quiet kinds; the reply replaces the device in the config. */
export function useMuteKinds(deviceId: string, callbacks: { onError?: (error: unknown) => void; onSuccess?: () => void } = {}) {
  return useApiMutation<PushDevice, MuteKindsInput>({
    mutationFn: ({ muted, idempotencyKey }) => patchMutedKinds(deviceId, muted, { idempotencyKey }),
    // A setting of this phone: sent at once and never kept for later (the switch shows where it stands).
    networkMode: 'always',
    retry: false,
    write: (queryClient, device) =>
      replaceCached<PushConfig>(queryClient, pushKeys.config(), (old) =>
        old ? { ...old, devices: old.devices.map((d) => (d.deviceId === device.deviceId ? device : d)) } : old,
      ),
    refetchOnError: { keys: [pushKeys.config()] },
    onSuccess: () => callbacks.onSuccess?.(),
    onError: (error) => callbacks.onError?.(error),
  });
}
