import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_TYPES } from '@gerai/contract/event-types';
import { useEvents } from './event-stream';
import { createLiveApplier } from './live-apply';
import type { LiveDeclaration } from './live-rule';

/**
 * The one subscriber of the cache: every event of the catalogue, applied by the areas' declarations
 * (`createLiveApplier`), whatever screen is open. Mounted once by the signed-in shell; it also takes
 * the events that came in the last seconds before it loaded. `onApplied`: after each burst (the shell
 * saves the phone's copy then). Renders nothing.
 */
export function LiveSync({ declarations, storeCode, onApplied }: { declarations: readonly LiveDeclaration[]; storeCode: string | null; onApplied?: () => void }) {
  const queryClient = useQueryClient();
  const store = useRef(storeCode);
  useEffect(() => {
    store.current = storeCode;
  }, [storeCode]);
  const [applier] = useState(() => createLiveApplier(declarations, { queryClient, storeCode: () => store.current, onApplied }));
  useEffect(() => () => applier.stop(), [applier]);
  useEvents(EVENT_TYPES, (event) => applier.apply(event), { replayRecent: true });
  return null;
}
