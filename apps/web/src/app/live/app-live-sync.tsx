import { LiveSync } from '@/shared/events/live-sync';
import { saveQueriesNow } from '@/shared/offline/query-persistence';
import { LIVE_AREAS } from './live-areas';

/**
 * The signed-in shell's one live subscriber: every event, applied by every area's declaration to the
 * cache, then the phone's saved copy written at once (a reload right after an event must not bring
 * back what it changed: the stream's resume point has already moved past it).
 */
export default function AppLiveSync({ storeCode }: { storeCode: string | null }) {
  return <LiveSync declarations={LIVE_AREAS} storeCode={storeCode} onApplied={saveQueriesNow} />;
}

/** The subscriber starts once what the phone kept is back: an event replayed on a reload lands on the copy, never under it. */
export { whenRestored as liveReady } from '@/shared/offline/query-persistence';
