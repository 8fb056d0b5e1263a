/**
 * Debounce for scanners that keep reporting what they see. A code counts again
 * only after it has been out of view (not reported) for `cooldownMs`: a barcode
 * held in front of the camera is one scan, however many frames show it; taken
 * away and shown again, it is the next unit.
 */
export interface ScanGate {
  /** One sighting of `code` at `now` (ms); true when it counts as a new scan. */
  offer: (code: string, now: number) => boolean;
  reset: () => void;
}

export const SCAN_COOLDOWN_MS = 1200;

export function createScanGate(cooldownMs = SCAN_COOLDOWN_MS): ScanGate {
  const lastSeen = new Map<string, number>();
  return {
    offer(code, now) {
      const previous = lastSeen.get(code);
      lastSeen.set(code, now);
      // Forget codes long gone, so the map stays small over a long shift.
      if (lastSeen.size > 32) {
        for (const [c, t] of lastSeen) if (now - t > cooldownMs * 10) lastSeen.delete(c);
      }
      return previous === undefined || now - previous >= cooldownMs;
    },
    reset() {
      lastSeen.clear();
    },
  };
}
