/**
 * Which camera sightings are scans. A camera reports the code in front of it frame after frame:
 * a barcode held still is one scan, however many frames show it. A code counts again once it
 * has left the view: absent from CAMERA_ABSENT_FRAMES decoded frames in a row *and* for at least
 * CAMERA_ABSENT_MS. A hardware scanner (keyboard wedge), the native host's scanner and a typed code
 * never pass through here: each trigger pull or Enter is one deliberate scan and always counts.
 *
 * Why 3 frames and 350 ms: frames are decoded every ~120 ms plus the decode itself (20–80 ms), so
 * three misses take ~0.4–0.6 s. A barcode held still drops out of single frames (blur, glare, the
 * lens refocusing), rarely of three in a row; taking a unit away and bringing the next one into view
 * takes half a second or more. The time floor keeps a fast decoder (more frames per second) from
 * turning a short flicker into a second unit; the frame count keeps a slow phone (one frame per
 * 400 ms) from doing the same with one missed frame.
 */
export const CAMERA_ABSENT_FRAMES = 3;
export const CAMERA_ABSENT_MS = 350;

export interface CameraScanGate {
  /**
   * One decoded frame at `now` (ms) and the codes it shows (none is a frame too: the codes are out
   * of view). Answers the codes that count as new scans, in the frame's order. A frame the decoder
   * could not read is not reported: it says nothing about what is in view.
   */
  frame: (codes: readonly string[], now: number) => string[];
  reset: () => void;
}

export function createCameraScanGate({ absentFrames = CAMERA_ABSENT_FRAMES, absentMs = CAMERA_ABSENT_MS } = {}): CameraScanGate {
  // The codes in view (or not yet gone long enough): when each was last seen, and the frames since.
  const inView = new Map<string, { seenAt: number; missed: number }>();
  return {
    frame(codes, now) {
      const here = new Set(codes.filter(Boolean));
      for (const [code, state] of inView) {
        if (here.has(code)) continue;
        state.missed += 1;
        // Gone long enough: the next sighting is a new unit (and the map stays small over a shift).
        if (state.missed >= absentFrames && now - state.seenAt >= absentMs) inView.delete(code);
      }
      const counted: string[] = [];
      for (const code of here) {
        const state = inView.get(code);
        if (!state) counted.push(code);
        inView.set(code, { seenAt: now, missed: 0 });
      }
      return counted;
    },
    reset() {
      inView.clear();
    },
  };
}
